import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { dataOf, errorOf, expectFieldErrors } from '../../../test/api.js';

/** The filter sheet's live count (`GET /Product/Count`) and a listing's facets (`GET /Product/Facets`), decision 027. */
let t: TestApp;
const cat = {} as Record<'makeup' | 'lips' | 'hair', { id: number; title: string }>;
const brand = {} as Record<'a' | 'b' | 'c', { id: number }>;

beforeAll(async () => {
  t = await buildTestApp();
  cat.makeup = await createCategory(t, { title: 'آرایش فیلتر' });
  cat.lips = await createCategory(t, { title: 'لب فیلتر', parentId: cat.makeup.id });
  cat.hair = await createCategory(t, { title: 'مو فیلتر' });
  brand.a = await createBrand(t, 'برند فیلتر الف');
  brand.b = await createBrand(t, 'برند فیلتر ب');
  brand.c = await createBrand(t, 'برند فیلتر ج');
  const make = (Title: string, CategoryId: number, brandId: number, Price: number, Stock: number, OffPersent = 0) =>
    createProduct(t, { Title, CategoryId, brandId, Price, Stock, OffPersent });
  await make('رژ لب مات فیلتر', cat.lips.id, brand.a.id, 200_000, 5, 10);
  await make('رژ لب براق فیلتر', cat.lips.id, brand.a.id, 250_000, 0);
  await make('رژ لب جامد فیلتر', cat.lips.id, brand.b.id, 300_000, 3);
  await make('کرم پودر فیلتر', cat.makeup.id, brand.b.id, 500_000, 2, 50);
  await make('شامپو رژ فیلتر', cat.hair.id, brand.c.id, 90_000, 10);
  await t.app.services.cache.invalidate();
});
afterAll(async () => { await t.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const count = async (query: string) => dataOf(await get(`/api/Product/Count?${query}`)).totalCount as number;
const total = async (query: string) => dataOf(await get(`/api/Product/All?${query}`)).totalCount as number;
const facets = async (query: string) => dataOf(await get(`/api/Product/Facets?${query}`));
const q = encodeURIComponent;

describe('GET /api/Product/Count', () => {
  it('answers the listing\'s own total for any mix of filters, without a page', async () => {
    const queries = [
      '', `categoryId=${cat.makeup.id}`, `categoryId=${cat.makeup.id}&brandIds=${brand.a.id},${brand.b.id}&inStock=true`,
      `CategoryTitle=${q('لب فیلتر')}&minPrice=200000&maxPrice=260000`, `hasOff=true`, `Title=${q('رژ')}&inStock=true`,
      `BrandIds=${brand.c.id}`, `categoryId=${cat.hair.id}&brandIds=${brand.a.id}`,
    ];
    for (const query of queries) expect(await count(query), query).toBe(await total(query));
    expect(await count(`categoryId=${cat.makeup.id}&brandIds=${brand.a.id},${brand.b.id}&inStock=true`)).toBe(3);
    expect(dataOf(await get('/api/Product/Count?hasOff=true'))).toEqual({ totalCount: 2 });
  });

  it('answers 0 for an unknown category or brand, never an error', async () => {
    expect(await count(`CategoryTitle=${q('ناموجود')}`)).toBe(0);
    expect(await count('brandIds=999999')).toBe(0);
  });

  it('follows a write at once (cached until the catalogue changes)', async () => {
    const before = await count(`categoryId=${cat.hair.id}`);
    await createProduct(t, { Title: 'نرم کننده فیلتر', CategoryId: cat.hair.id, brandId: brand.c.id, Price: 80_000, Stock: 1 });
    expect(await count(`categoryId=${cat.hair.id}`)).toBe(before + 1);
  });

  it('answers 400 in Persian for hostile input: huge brand lists, NUL, negative prices, a floor above the ceiling', async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expectFieldErrors(await get(`/api/Product/Count?brandIds=${many}`), { brandIds: 'حداکثر ۵۰ برند را می‌توان با هم انتخاب کرد' });
    const huge = await get(`/api/Product/Count?brandIds=${'1,'.repeat(4000)}1`);
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).message).toMatch(/[آ-ی]/);
    expect((await get('/api/Product/Count?brandIds=1,abc')).statusCode).toBe(400);
    expect((await get('/api/Product/Count?Title=%00')).statusCode).toBe(400);
    expect((await get('/api/Product/Count?categoryTitle=a%00b')).statusCode).toBe(400);
    expect((await get('/api/Product/Count?minPrice=-1')).statusCode).toBe(400);
    expect(errorOf(await get('/api/Product/Count?maxPrice=-5')).fields?.maxPrice).toMatch(/حداکثر قیمت/);
    expect((await get('/api/Product/Count?minPrice=1e400')).statusCode).toBe(400);
    const reversed = 'حداقل قیمت نباید از حداکثر قیمت بیشتر باشد';
    expectFieldErrors(await get('/api/Product/Count?minPrice=500&maxPrice=100'), { minPrice: reversed });
    expectFieldErrors(await get('/api/Product/All?minPrice=500&maxPrice=100'), { minPrice: reversed });
    expectFieldErrors(await get('/api/Product/Facets?minPrice=500&maxPrice=100'), { minPrice: reversed });
    expect(await count('minPrice=100&maxPrice=100')).toBe(0);
  });

  it('is public: no session needed', async () => {
    expect((await get('/api/Product/Count')).statusCode).toBe(200);
  });
});

describe('GET /api/Product/Facets', () => {
  const brandsOf = (f: { brands: { id: number; count: number }[] }) => Object.fromEntries(f.brands.map((b) => [b.id, b.count]));

  it('lists only the brands in the result, each with its count', async () => {
    const f = await facets(`categoryId=${cat.lips.id}`);
    expect(f.totalCount).toBe(3);
    expect(brandsOf(f)).toEqual({ [brand.a.id]: 2, [brand.b.id]: 1 });
    expect(f.brands[0]).toEqual({ id: brand.a.id, title: 'برند فیلتر الف', alias: expect.any(String), count: 2 });
    expect(f.categories).toEqual([]);
  });

  it('counts the brands without the brand filter but with every other filter, so a second brand can be picked', async () => {
    const f = await facets(`categoryId=${cat.makeup.id}&brandIds=${brand.a.id}&inStock=true`);
    expect(f.totalCount).toBe(1); // the in-stock brand-A lipstick
    // Brand B would add two in-stock products of the category; brand C is not in it; A's out-of-stock one is not counted.
    expect(brandsOf(f)).toEqual({ [brand.a.id]: 1, [brand.b.id]: 2 });
    expect(brandsOf(await facets(`categoryId=${cat.makeup.id}&minPrice=260000`))).toEqual({ [brand.b.id]: 1 });
  });

  it('keeps a chosen brand listed at 0 when the other filters empty it', async () => {
    const f = await facets(`categoryId=${cat.hair.id}&brandIds=${brand.a.id}`);
    expect(f.totalCount).toBe(0);
    expect(brandsOf(f)[brand.a.id]).toBe(0);
    expect(brandsOf(f)[brand.c.id]).toBeGreaterThan(0);
  });

  it('counts the categories of a search without its category filter, most products first', async () => {
    const f = await facets(`Title=${q('رژ')}&withCategories=true`);
    expect(f.categories).toEqual([{ id: cat.lips.id, title: 'لب فیلتر', count: 3 }, { id: cat.hair.id, title: 'مو فیلتر', count: 1 }]);
    expect(f.totalCount).toBe(4);
    const narrowed = await facets(`Title=${q('رژ')}&withCategories=true&categoryId=${cat.hair.id}`);
    expect(narrowed.totalCount).toBe(1);
    expect(narrowed.categories).toEqual(f.categories); // choosing one leaves the others in the list
    expect(brandsOf(narrowed)).toEqual({ [brand.c.id]: 1 });
    // The categories respect the other filters: brand B's search results are all lipsticks.
    expect((await facets(`Title=${q('رژ')}&withCategories=true&brandIds=${brand.b.id}`)).categories).toEqual([{ id: cat.lips.id, title: 'لب فیلتر', count: 1 }]);
  });

  it('answers 400 for a withCategories that is not a yes or no', async () => {
    expect((await get('/api/Product/Facets?withCategories=maybe')).statusCode).toBe(400);
  });
});
