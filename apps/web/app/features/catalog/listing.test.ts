import { describe, expect, it } from 'vitest';
import { urlOf } from '@sorkhab/shared';
import { apiQueryOf, listingHref, parseListing } from './listing';

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
