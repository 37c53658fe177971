import { describe, expect, it } from 'vitest';
import { urlOf } from '@sorkhab/shared';
import { apiQueryOf, brandMatches, chipsOf, countQueryOf, listingHref, parseListing, priceRangeLabel } from './listing';

const sp = (s: string) => new URLSearchParams(s);

describe('parseListing', () => {
  it('reads the spec parameters: category title and the top-level id in brand', () => {
    const s = parseListing(sp('category=آرایش صورت&brand=1'));
    expect(s.category).toBe('آرایش صورت');
    expect(s.categoryId).toBe(1);
    expect(s.page).toBe(1);
    expect(s.pageSize).toBe(12);
  });
  it('reads brands, price range, stock, sort and paging, Persian digits included', () => {
    const s = parseListing(sp('brands=3,1&brands=2&minPrice=۱۰۰۰۰۰&maxPrice=500000&inStock=1&sort=cheapest&page=3&pageSize=48'));
    expect(s).toMatchObject({ brands: [1, 2, 3], minPrice: 100000, maxPrice: 500000, inStock: true, sort: 'cheapest', page: 3, pageSize: 48 });
  });
  it('drops unknown sorts and page sizes other than 12, 24, 48', () => {
    const s = parseListing(sp('sort=evil&pageSize=1000&page=-2'));
    expect(s.sort).toBeUndefined();
    expect(s.pageSize).toBe(12);
    expect(s.page).toBe(1);
  });
  it('reads a price as the no-script fields send it: Persian digits with separators, the first of a name', () => {
    expect(parseListing(sp('minPrice=%DB%B2%DB%B0%DB%B0%D9%AC%DB%B0%DB%B0%DB%B0&maxPrice=1,500,000'))).toMatchObject({ minPrice: 200000, maxPrice: 1500000 });
    expect(parseListing(sp('minPrice=&minPrice=300000')).minPrice).toBeUndefined();
    expect(parseListing(sp('minPrice=%DB%B5%DB%B0%DB%B0&minPrice=300000')).minPrice).toBe(500);
  });
  it('swaps a reversed price range', () => {
    expect(parseListing(sp('minPrice=9&maxPrice=3'))).toMatchObject({ minPrice: 3, maxPrice: 9 });
  });
});

describe('listingHref', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(listingHref('/product-list', sp('category=x&page=4'), { sort: 'cheapest' })).toBe('/product-list?category=x&sort=cheapest');
  });
  it('keeps the filters when paging and leaves the defaults out', () => {
    expect(listingHref('/search', sp('search=کرم&pageSize=24'), { page: 2 })).toBe(`/search?${sp('search=کرم&pageSize=24&page=2')}`);
    expect(listingHref('/search', sp('search=a&page=3'), { page: 1 })).toBe('/search?search=a');
    expect(listingHref('/search', sp('search=a'), { pageSize: 12 })).toBe('/search?search=a');
  });

  /** What `listingHref` writes, as URLSearchParams does it (how it was written before it shared the encoding). */
  function reference(pathname: string, current: URLSearchParams, changes: Record<string, string | number | null | undefined>) {
    const params = new URLSearchParams(current);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === undefined || v === '') params.delete(k);
      else params.set(k, String(v));
    }
    if (!('page' in changes)) params.delete('page');
    if (params.get('page') === '1') params.delete('page');
    if (params.get('pageSize') === '12') params.delete('pageSize');
    const s = params.toString();
    return s ? `${pathname}?${s}` : pathname;
  }

  it('writes what URLSearchParams writes, for any parameters and changes (repeated keys, any character, one page\'s links in a row)', () => {
    const texts = ['', '1', '12', '24', 'کرم', 'کرم مرطوب‌کننده', "a!b'c(d)e~f*g-h.i_j", 'x y+z&w=v#u?t/s%r', '\uD83D\uDE00', '\uD83D', '\uDE00a', '\u0000', '\u2028',
      'page', 'sort', 'brands', '1,2,3'];
    const keys = ['search', 'sort', 'page', 'pageSize', 'brands', 'minPrice', 'brand', 'category', 'hasOff', 'x y', 'ک'];
    let seed = 7; // mulberry32
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
    };
    const pick = <T,>(xs: T[]) => xs[next(xs.length)]!;
    for (let round = 0; round < 400; round++) {
      const current = new URLSearchParams();
      for (let i = next(6); i > 0; i--) current.append(pick(keys), pick(texts));
      const before = current.toString();
      for (let link = 0; link < 4; link++) {
        const changes: Record<string, string | number | null | undefined> = {};
        for (let i = next(4); i > 0; i--) changes[pick(keys)] = pick<string | number | null | undefined>([...texts, null, undefined, 1, 2, 12, 24]);
        expect(listingHref('/search', current, changes)).toBe(reference('/search', current, changes));
      }
      expect(current.toString()).toBe(before); // the page's parameters are left as they were
    }
  });
});

describe('apiQueryOf', () => {
  it('maps the state to Product/All parameters', () => {
    const q = apiQueryOf(parseListing(sp('brands=1,2&minPrice=10&inStock=1&page=2&search=كرم')), { categoryId: 5, defaultSort: 'newest' });
    const p = new URL(`http://x/${urlOf('GET /Product/All', { query: q })}`).searchParams;
    expect(Object.fromEntries(p)).toEqual({
      pageNumber: '2', pageSize: '12', categoryId: '5', title: 'كرم', brandIds: '1,2', minPrice: '10', inStock: 'true', sort: 'newest',
    });
  });
});

describe('chipsOf', () => {
  const brands = [{ id: 3, title: 'لورآل' }, { id: 7, title: 'میبلین' }];
  it('names each chosen filter in Persian, each linking to the listing without it', () => {
    const params = sp('search=کرم&brands=3,7&minPrice=100000&maxPrice=500000&inStock=1&hasOff=1&brand=12&page=2');
    const chips = chipsOf('/search', params, parseListing(params), brands, { id: 12, title: 'کرم پودر' });
    expect(chips.map((c) => c.label)).toEqual(['کرم پودر', 'لورآل', 'میبلین', 'از ۱۰۰٬۰۰۰ تا ۵۰۰٬۰۰۰ تومان', 'فقط کالاهای موجود', 'فقط تخفیف‌دارها']);
    const without = (key: string) => new URL(chips.find((c) => c.key === key)!.href, 'http://x').searchParams;
    expect(without('category').get('brand')).toBeNull();
    expect(without('brand-3').get('brands')).toBe('7');
    expect(without('brand-7').get('brands')).toBe('3');
    expect(without('price').get('minPrice')).toBeNull();
    expect(without('price').get('inStock')).toBe('1');
    expect(without('inStock').get('inStock')).toBeNull();
    // Every removal goes back to the first page and keeps the search.
    for (const c of chips) {
      expect(new URL(c.href, 'http://x').searchParams.get('page')).toBeNull();
      expect(new URL(c.href, 'http://x').searchParams.get('search')).toBe('کرم');
    }
  });
  it('writes an open-ended price range, and leaves out a brand it cannot name', () => {
    const params = sp('minPrice=250000&brands=99');
    expect(chipsOf('/last-products', params, parseListing(params), brands, null).map((c) => c.label)).toEqual(['از ۲۵۰٬۰۰۰ تومان']);
    expect(priceRangeLabel(undefined, 80000)).toBe('تا ۸۰٬۰۰۰ تومان');
  });
});

describe('brandMatches', () => {
  it('matches Arabic and Persian letter forms, Latin names in any case, and ignores spaces', () => {
    const brand = { title: 'کامان', alias: 'Comeon' };
    expect(brandMatches(brand, 'كامان')).toBe(true); // Arabic kaf
    expect(brandMatches(brand, 'COME')).toBe(true);
    expect(brandMatches({ title: 'ژک ساف', alias: 'Jacsaf' }, 'ژکساف')).toBe(true);
    expect(brandMatches({ title: 'نیوآ', alias: 'Nivea' }, 'نيوآ')).toBe(true); // Arabic yeh
    expect(brandMatches(brand, 'میبلین')).toBe(false);
    expect(brandMatches(brand, '  ')).toBe(true);
  });
});

describe('countQueryOf', () => {
  it('keeps a listing query\'s filters and drops its page and order', () => {
    const q = apiQueryOf(parseListing(sp('brands=2&inStock=1&sort=cheapest&page=3&pageSize=24')), { categoryId: 5 });
    expect(countQueryOf(q)).toEqual({ categoryId: 5, categoryTitle: undefined, title: undefined, brandIds: [2], minPrice: undefined, maxPrice: undefined, inStock: true, hasOff: undefined });
  });
});
