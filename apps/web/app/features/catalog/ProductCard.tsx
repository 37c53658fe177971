import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import { Link } from '../../components/Link';
import { hasOwnVariants, imageVariantsOf, toPersianDigits, type ImageVariant, type ProductListItem } from '@sorkhab/shared';
import { imageSources, Img } from '../../components/Img';
import { productHref } from '../../lib/links';
import { priceView } from './price';
import { PriceFrom } from '../../components/PriceFrom';
import { ratingText, STAR_SHAPE } from './Stars';
import { Heart } from './Heart';

/**
 * The fields a card shows (loader data is serialised into the page, so it carries no more). `imageVariants` only when
 * they are not those the uploads' naming gives `imageUri` (`imageVariantsOf`): four addresses of ≈ 95 characters were
 * ≈ 60% of a card's data.
 */
export type CardProduct = Pick<ProductListItem, 'id' | 'title' | 'imageUri' | 'price' | 'offPrice' | 'offPersent' | 'hasOff' | 'priceVaries' | 'stock' | 'brand' | 'ratingAverage' | 'ratingCount'> & { imageVariants?: ImageVariant[] };

export function toCard(p: ProductListItem): CardProduct {
  const card: CardProduct = {
    id: p.id, title: p.title, imageUri: p.imageUri, price: p.price, offPrice: p.offPrice,
    offPersent: p.offPersent, hasOff: p.hasOff, priceVaries: p.priceVaries, stock: p.stock, brand: p.brand,
    ratingAverage: p.ratingAverage, ratingCount: p.ratingCount,
  };
  if (!hasOwnVariants(p.imageUri, p.imageVariants)) card.imageVariants = p.imageVariants;
  return card;
}

/** A card's picture variants (carried, or given by its picture's address). */
export const cardVariants = (p: CardProduct): ImageVariant[] => p.imageVariants ?? imageVariantsOf(p.imageUri);

/** A card's picture: its size, square, and the widths it is shown at. */
const CARD_WIDTH = 300;
const CARD_SIZES = '(min-width: 1280px) 230px, (min-width: 1024px) 20vw, (min-width: 768px) 33vw, 50vw';

/**
 * The texts a card writes from its numbers: its price, struck-through price, discount and rating; `from`: the price is
 * the cheapest combination's and others sell above it (written «از» before it, as the product page does until a choice).
 */
export interface CardTexts { now: string; old: string | null; percent: string | null; rating: string | null; reviews: string | null; from: boolean }

export function cardTexts(p: CardProduct): CardTexts {
  const price = priceView(p);
  const rated = p.ratingCount > 0;
  return {
    now: price.now, old: price.old, percent: price.percent, from: p.priceVaries,
    rating: rated ? ratingText(p.ratingAverage) : null, reviews: rated ? toPersianDigits(p.ratingCount) : null,
  };
}

/**
 * `heart`: the wishlist's heart over the picture (beside the link, not inside it: a button in a link is invalid).
 * `texts`: what `cardTexts` makes of the card's numbers (given only by the server's card templates, card-markup.server.tsx).
 */
export function ProductCard({ product, priority = false, heart = true, texts = cardTexts(product) }: { product: CardProduct; priority?: boolean; heart?: boolean; texts?: CardTexts }) {
  const out = product.stock <= 0;
  const link = (
    <Link to={productHref(product.id)} className="group flex h-full flex-col rounded-2xl border border-gray-100 bg-white p-2.5 transition hover:border-brand-200 hover:shadow-lg md:p-3" data-testid="product-card">
      <div className="relative overflow-hidden rounded-xl bg-gray-50">
        <Img src={product.imageUri} variants={cardVariants(product)} alt={product.title} width={CARD_WIDTH} height={CARD_WIDTH} sizes={CARD_SIZES} priority={priority} className={`aspect-square w-full object-cover transition group-hover:scale-105 ${out ? 'opacity-60 grayscale' : ''}`} />
        {texts.percent && !out && <span className="absolute start-2 top-2 rounded-lg bg-brand-600 px-1.5 py-0.5 text-xs font-bold text-white">{texts.percent}</span>}
        {out && <span className="absolute inset-x-2 bottom-2 rounded-lg bg-gray-900/75 py-1 text-center text-xs font-bold text-white">ناموجود</span>}
      </div>
      {product.brand && <p className="mt-2.5 truncate text-xs text-gray-600">{product.brand.title}</p>}
      <h3 className="mt-1 line-clamp-2 min-h-10 wrap-anywhere text-sm font-medium leading-5 text-gray-800 group-hover:text-brand-700">{product.title}</h3>
      {texts.rating !== null && (
        <p className="mt-1 flex items-center gap-1 text-xs text-gray-600" data-testid="card-rating">
          <svg viewBox="0 0 24 24" className="size-3.5 text-amber-500" fill="currentColor" aria-hidden="true" dangerouslySetInnerHTML={STAR_SHAPE} />
          <span><span className="sr-only">امتیاز </span>{texts.rating}</span>
          <span className="text-gray-500">({texts.reviews}<span className="sr-only"> دیدگاه</span>)</span>
        </p>
      )}
      <div className="mt-auto pt-2 text-end">
        {texts.old && <p className="text-xs text-gray-500"><del>{texts.old}</del></p>}
        <p className={`text-sm font-bold ${out ? 'text-gray-500' : 'text-gray-900'}`}>{texts.from && <PriceFrom />}{texts.now}</p>
      </div>
    </Link>
  );
  if (!heart) return link;
  return (
    <div className="relative h-full">
      {link}
      <Heart productId={product.id} title={product.title} className="absolute end-4 top-4 size-8 md:end-5 md:top-5 md:size-9" />
    </div>
  );
}

/**
 * On the server, a card's markup written from a template rather than rendered by React (card-markup.server.tsx), for a
 * card above the fold (`priority`, its picture eager) or not; undefined for a card it has no template for. The browser
 * has none.
 */
export const CardMarkup = createContext<((card: CardProduct, priority: boolean) => string | undefined) | undefined>(undefined);

/**
 * A listing's card in its `<li>`. The server writes it from its template when it has one (`CardMarkup`): the markup
 * `ProductCard` renders, byte for byte, which the browser's render hydrates. React preloads the picture of a card above
 * the fold (`priority`) in the page's head when it renders its `<img>`; written from a template, the card asks for the
 * same preload in its place in the render (`preloadPicture`).
 */
export function CardItem({ product, priority }: { product: CardProduct; priority: boolean }) {
  const markup = useContext(CardMarkup);
  const html = markup?.(product, priority);
  if (html === undefined) return <li><ProductCard product={product} priority={priority} /></li>;
  if (priority) preloadPicture(product);
  return <li dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The preload React writes for a card's eager picture (`<Img priority>`), asked for through React's `preload`: the
 * same picture, the same place among the page's preloads, the same key (one preload for a picture shown twice). Its
 * attributes come in another order (fetchPriority first), which the server puts back (lib/frame.server.tsx).
 */
export function preloadPicture(product: CardProduct) {
  const { src, srcSet } = imageSources(product.imageUri, cardVariants(product), CARD_WIDTH);
  preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: srcSet === undefined ? undefined : CARD_SIZES });
}

export function ProductCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col rounded-2xl border border-gray-100 p-3" aria-hidden="true">
      <div className="aspect-square rounded-xl bg-gray-100" />
      <div className="mt-3 h-3 w-1/3 rounded bg-gray-100" />
      <div className="mt-2 h-4 w-5/6 rounded bg-gray-100" />
      <div className="mt-auto h-4 w-1/2 self-end rounded bg-gray-100 pt-3" />
    </div>
  );
}
