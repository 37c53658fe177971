import type { MetaDescriptor } from 'react-router';
import { tomanToRial, type ProductDetail, type StoreSettings } from '@sorkhab/shared';
import { priceView } from './price';

export interface ShopData {
  settings: StoreSettings;
  origin: string;
}

/** The shop layout's data (store name, origin) as a page's meta function sees it. */
export function shopOf(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): ShopData | undefined {
  const m = matches.find((x) => x?.id === 'routes/store/layout');
  return (m?.loaderData ?? m?.data) as ShopData | undefined;
}

/** Plain text of HTML, shortened for a meta description. */
export function textOf(html: string, max = 160): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Title, description, canonical URL and Open Graph tags of a page. */
export function seo(shop: ShopData | undefined, page: {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'product';
  noindex?: boolean;
}): MetaDescriptor[] {
  const name = shop?.settings.storeName ?? 'سرخاب';
  const origin = shop?.origin ?? '';
  const url = `${origin}${page.path}`;
  // The home page's title starts with the shop's name already: no second one at its end.
  const title = page.title === name || page.title.startsWith(`${name} |`) ? page.title : `${page.title} | ${name}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: name },
    { property: 'og:locale', content: 'fa_IR' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
  ];
  if (page.image) tags.push({ property: 'og:image', content: page.image.startsWith('http') ? page.image : `${origin}${page.image}` });
  tags.push({ name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' });
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** What a product's reviews add up to. */
export interface ReviewSummary {
  /** Mean score, 1–5. */
  average: number;
  /** How many reviews. */
  count: number;
}

/**
 * schema.org `AggregateRating` from real reviews only, never from the admin's `rate` or the number sold:
 * none without reviews. The shop has no reviews yet (a later issue adds them), so the product page passes null.
 */
export function aggregateRatingOf(reviews: ReviewSummary | null): Record<string, unknown> | undefined {
  if (!reviews || !Number.isInteger(reviews.count) || reviews.count < 1 || !(reviews.average >= 1 && reviews.average <= 5)) return undefined;
  return { '@type': 'AggregateRating', ratingValue: Math.round(reviews.average * 10) / 10, bestRating: 5, worstRating: 1, ratingCount: reviews.count, reviewCount: reviews.count };
}

/**
 * The product's offer in rial: one price, or — sold at several (a 100 ml dearer than the 50 ml) — an `AggregateOffer`
 * from the cheapest to the dearest combination, so a search engine does not show the cheapest as the only price.
 */
function offerOf(p: ProductDetail, url: string) {
  const common = {
    url, priceCurrency: 'IRR',
    availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  const paid = p.variants.map((v) => v.offPrice);
  if (!p.priceVaries || paid.length < 2) return { '@type': 'Offer', ...common, price: tomanToRial(priceView(p).amount) };
  return { '@type': 'AggregateOffer', ...common, lowPrice: tomanToRial(Math.min(...paid)), highPrice: tomanToRial(Math.max(...paid)), offerCount: paid.length };
}

/** The product page's Product JSON-LD (prices in rial); `aggregateRating` only from `reviews`. */
export function productJsonLd(p: ProductDetail, page: { origin: string; url: string; description: string }, reviews: ReviewSummary | null) {
  const rating = aggregateRatingOf(reviews);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    sku: String(p.id),
    url: page.url,
    image: [p.imageUri, ...p.gallery.map((g) => g.imageUri)].filter(Boolean).map((u) => `${page.origin}${u}`),
    description: page.description,
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand.title } } : {}),
    category: p.categoryPath.map((c) => c.title).join(' > '),
    offers: offerOf(p, page.url),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}
