import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { UPLOAD_PREFIX, uploadBase } from '@sorkhab/shared';
import { imgPreloadOrder } from '../../lib/frame.server';
import { templateWriter, type Texts } from '../../lib/templates.server';
import { cardTexts, preloadPicture, ProductCard, type CardProduct, type CardTexts } from './ProductCard';

/**
 * A listing's cards written from templates rather than rendered by React, on the server (lib/templates.server.ts,
 * docs/decisions/032): React renders a card in 25–45 µs, a template is filled in 4.5–6 µs (the route's part of a
 * listing 538 → 465 µs). A card's shape: in stock or not; with a brand, a discount, a struck-through price, a rating or
 * not; above the fold or not; its price one of several or not. A card whose picture does not follow the uploads' naming, or whose texts are empty, is
 * rendered by React.
 *
 * A card above the fold (`priority`: its picture eager, preloaded) has templates of its own; React writes its picture's
 * preload in the page's head when it renders the `<img>`, so a card written from a template asks React for that
 * preload instead (`CardItem`), and the first card of each such shape also checks that preload against React's.
 */

/** The texts a card's markup holds, in a template's marks. */
const SLOTS = ['id', 'title', 'stem', 'brand', 'now', 'old', 'percent', 'rating', 'reviews'] as const;
type Slot = (typeof SLOTS)[number];

/** A card, and whether it is above the fold. */
interface Use { card: CardProduct; priority: boolean }

/** What a card writes, or null when it is not one a template writes (React renders it). */
function textsOf({ card }: Use): Texts<Slot> | null {
  const base = uploadBase(card.imageUri);
  if (card.imageVariants || base === null) return null;
  const t = cardTexts(card);
  return {
    id: String(card.id), title: card.title, stem: base.slice(UPLOAD_PREFIX.length), brand: card.brand?.title ?? null,
    now: t.now, old: t.old, percent: t.percent, rating: t.rating, reviews: t.reviews,
  };
}

/** Between what React writes in the head for a card (its picture's preload) and the card's markup. */
const CUT = '\uE002';

/** React's render of `card` alone: the preload of its picture when it is eager (`priority`), and its markup. */
function render(card: CardProduct, priority: boolean, texts?: CardTexts) {
  const html = renderToString(<MemoryRouter>{CUT}<ProductCard product={card} texts={texts} priority={priority} /></MemoryRouter>);
  const at = html.indexOf(CUT);
  return { preloads: html.slice(0, at), markup: html.slice(at + CUT.length) };
}

function Preload({ card }: { card: CardProduct }) {
  preloadPicture(card);
  return null;
}

const writeCard = templateWriter<Slot, Use>({
  slots: SLOTS,
  textsOf,
  // In stock or not; with a brand, a discount, a struck-through price, a rating or not; above the fold or not; its price
  // one of several («از») or not.
  shapeOf: ({ card, priority }, texts) =>
    (card.stock <= 0 ? 1 : 0) | (texts.brand !== null ? 2 : 0) | (texts.percent !== null ? 4 : 0) | (texts.old !== null ? 8 : 0)
    | (texts.rating !== null ? 16 : 0) | (priority ? 32 : 0) | (card.priceVaries ? 64 : 0),
  render({ card, priority }, marks) {
    if (!marks) return render(card, priority).markup;
    const model: CardProduct = {
      ...card,
      id: marks.id as unknown as number, title: marks.title!, imageUri: `${UPLOAD_PREFIX}${marks.stem}.jpg`,
      brand: card.brand && { ...card.brand, title: marks.brand! },
    };
    return render(model, priority, { now: marks.now!, old: marks.old, percent: marks.percent, rating: marks.rating, reviews: marks.reviews, from: card.priceVaries }).markup;
  },
  // Above the fold, the preload the card asks for (`CardItem`) as React writes it for the card's <img>.
  alsoAsReact: ({ card, priority }) => !priority || imgPreloadOrder(renderToString(<Preload card={card} />)) === render(card, true).preloads,
});

/**
 * `card`'s markup as `<ProductCard product={card} priority={priority} />` renders it on the server, or undefined (React
 * is to render it). A card above the fold then asks for its picture's preload (`CardItem`).
 */
export const cardMarkup = (card: CardProduct, priority = false): string | undefined => writeCard({ card, priority });
