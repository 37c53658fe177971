import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@sorkhab/shared';
import { aggregateRatingOf, productJsonLd, seo, textOf } from './seo';

const shop = { settings: { storeName: 'سرخاب' }, origin: 'https://shop.example' } as never;
const get = (tags: ReturnType<typeof seo>, key: string) => tags.find((t) => key in t || Object.values(t).includes(key));

describe('seo', () => {
  it('adds the shop name to a page title once', () => {
    expect(get(seo(shop, { title: 'رژ لب مات', description: 'd', path: '/product/1' }), 'title')).toEqual({ title: 'رژ لب مات | سرخاب' });
    expect(get(seo(shop, { title: 'سرخاب | فروشگاه آنلاین', description: 'd', path: '/' }), 'title')).toEqual({ title: 'سرخاب | فروشگاه آنلاین' });
    expect(get(seo(shop, { title: 'سرخاب', description: 'd', path: '/' }), 'title')).toEqual({ title: 'سرخاب' });
  });

  it('gives absolute canonical and image URLs on the shop origin', () => {
    const tags = seo(shop, { title: 't', description: 'd', path: '/product/1', image: '/uploads/a.webp', type: 'product' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/product/1' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://shop.example/uploads/a.webp' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(seo(shop, { title: 't', description: 'd', path: '/cart', noindex: true })).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('shortens HTML to plain text for descriptions', () => {
    expect(textOf('<p>کرم&nbsp;مرطوب‌کننده</p><ul><li>پوست خشک</li></ul>')).toBe('کرم مرطوب‌کننده پوست خشک');
    expect(textOf(`<p>${'الف '.repeat(100)}</p>`, 20)).toHaveLength(20);
  });
});

describe('product JSON-LD', () => {
  const product = {
    id: 7, title: 'رژ لب مات', imageUri: '/uploads/p.webp', gallery: [{ imageUri: '/uploads/g.webp' }], brand: { id: 1, title: 'میبلین' },
    categoryPath: [{ id: 1, title: 'آرایش' }, { id: 2, title: 'رژ لب' }], price: 200_000, offPrice: 180_000, offPersent: 10, hasOff: true,
    stock: 3, rate: 4.5, soldCount: 120, priceVaries: false, variants: [{ offPrice: 180_000 }],
  } as unknown as ProductDetail;
  const page = { origin: 'https://shop.example', url: 'https://shop.example/product/7', description: 'd' };

  it('claims no rating without reviews, whatever the admin rate and the number sold', () => {
    const ld = productJsonLd(product, page, null);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(ld)).not.toMatch(/rating/i);
    expect(ld).toMatchObject({
      '@type': 'Product', name: 'رژ لب مات', sku: '7', url: page.url, brand: { '@type': 'Brand', name: 'میبلین' },
      image: ['https://shop.example/uploads/p.webp', 'https://shop.example/uploads/g.webp'], category: 'آرایش > رژ لب',
      offers: { '@type': 'Offer', priceCurrency: 'IRR', price: 1_800_000, availability: 'https://schema.org/InStock' },
    });
  });

  it('offers a product sold at several prices from its cheapest to its dearest combination, in rial', () => {
    const sizes = { ...product, priceVaries: true, variants: [{ offPrice: 180_000 }, { offPrice: 315_000 }, { offPrice: 252_000 }] } as unknown as ProductDetail;
    expect(productJsonLd(sizes, page, null).offers).toEqual({
      '@type': 'AggregateOffer', url: page.url, priceCurrency: 'IRR', lowPrice: 1_800_000, highPrice: 3_150_000, offerCount: 3,
      availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/NewCondition',
    });
    expect(productJsonLd({ ...product, stock: 0 }, page, null).offers).toMatchObject({ '@type': 'Offer', price: 1_800_000, availability: 'https://schema.org/OutOfStock' });
  });

  it('adds aggregateRating from real reviews only', () => {
    expect(productJsonLd(product, page, { average: 4.26, count: 3 }).aggregateRating).toEqual({
      '@type': 'AggregateRating', ratingValue: 4.3, bestRating: 5, worstRating: 1, ratingCount: 3, reviewCount: 3,
    });
    expect(aggregateRatingOf(null)).toBeUndefined();
    expect(aggregateRatingOf({ average: 5, count: 0 })).toBeUndefined();
    expect(aggregateRatingOf({ average: 0, count: 4 })).toBeUndefined();
    expect(aggregateRatingOf({ average: Number.NaN, count: 4 })).toBeUndefined();
  });
});
