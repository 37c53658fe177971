import { describe, expect, it } from 'vitest';
import { renderInDataRouter as inRouter } from '../../lib/frame.server';
import { FilterPanel, PanelMarkup } from './FilterPanel';
import { parseListing } from './listing';
import type { ListingData, ListingKind } from './listing.server';
import { panelMarkup } from './panel-markup.server';

const TITLES = ['لورآل', `<b>"Rose" & 'Oud'</b>`, 'a&amp;b', '💄 \u2028 x', 'lone \uD800 surrogate', '\uE0001\uE001 marks', 'کرم دست و بدن'];
const PATHS: Record<ListingKind, string> = { category: '/product-list', search: '/search', latest: '/last-products', popular: '/suggest-products' };

function listing(kind: ListingKind, query: string, n: number): ListingData {
  const params = new URLSearchParams(query);
  const state = parseListing(params);
  const title = (i: number) => TITLES[(n + i) % TITLES.length]!;
  const chosen = state.categoryId && kind !== 'category' ? { id: state.categoryId, title: title(3) } : null;
  return {
    kind, state,
    products: { data: [], page: state.page, pageSize: state.pageSize, totalCount: (n * 7919) % 5000 },
    brands: n % 5 === 0 ? [] : Array.from({ length: 1 + (n % 11) }, (_, i) => ({ id: i + 1, title: title(i), alias: i % 3 ? `Brand ${title(i + 1)}` : '', count: 1 + ((n * (i + 3)) % 999) })),
    categories: kind === 'category' || n % 4 === 0 ? [] : Array.from({ length: 1 + (n % 6) }, (_, i) => ({ id: 100 + i + (n % 2 ? 0 : 3), title: title(i + 2), count: 1 + ((n * (i + 5)) % 20000) })),
    chosenCategory: chosen,
    priceCeiling: [0, 37, 980_000, 1_234_567, 25_000_000][n % 5]!,
    category: null, trail: [], path: PATHS[kind], search: params.size ? `?${params}` : '',
  };
}

/** Listings' queries of every kind of filter, with texts a crawler sends. */
const QUERIES = [
  '', 'sort=cheapest', 'page=3&pageSize=48', 'inStock=true', 'hasOff=1&inStock=on', 'brands=2,3&sort=dearest', 'brands=1&brands=4,5,6',
  'minPrice=425000', 'maxPrice=725000', 'minPrice=225000&maxPrice=875000', 'minPrice=900000&maxPrice=100', 'minPrice=30000000',
  'brand=101', 'brand=103&category=x', `search=${encodeURIComponent(`"><script>&'`)}&sort=newest`, `search=${encodeURIComponent('کرم مرطوب')}&brand=104&inStock=true`,
  'category=%ED%A0%80&brand=102&sort=discount', 'search=%E2%80%A8x&pageSize=24', 'brands=1,2,3,4,5,6,7,8,9,10&hasOff=true',
];

describe("a listing's filters written from their template", () => {
  it('are, for every kind of listing, filter and price range, and hostile texts, what React renders', () => {
    let templated = 0;
    let n = 0;
    for (const kind of Object.keys(PATHS) as ListingKind[]) {
      for (const query of QUERIES) {
        for (let round = 0; round < 3; round++) {
          const data = listing(kind, query, n++);
          const written: (string | undefined)[] = [];
          const html = inRouter(<PanelMarkup value={(d) => { const h = panelMarkup(d); written.push(h); return h; }}><FilterPanel data={data} /></PanelMarkup>, data.path);
          expect(html, `${kind} ${query} ${round}`).toBe(inRouter(<FilterPanel data={data} />, data.path));
          if (written[0] !== undefined) templated++;
        }
      }
    }
    // Past nine chosen filters and with an empty parameter React renders the panel; everything else has a template.
    expect(templated).toBeGreaterThan(n * 0.85);
  }, 60_000);

  it('is left to React where a kept parameter is empty (React writes it as an empty text, not a field)', () => {
    const data = listing('search', 'search=x&sort=', 3);
    expect(panelMarkup(data)).toBeUndefined();
    expect(panelMarkup(listing('search', 'search=x&sort=cheapest', 3))).toBeDefined();
  });
});
