import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { asAdmin, dataOf, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
const cat: Record<string, { id: number; title: string }> = {};
const brand: Record<string, { id: number }> = {};
const p: Record<string, { id: number }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  cat.makeup = await createCategory(t, { title: 'آرایش' });
  cat.lips = await createCategory(t, { title: 'لب', parentId: cat.makeup.id });
  cat.lipstick = await createCategory(t, { title: 'رژ لب', parentId: cat.lips.id });
  cat.hair = await createCategory(t, { title: 'مو' });
  brand.a = await createBrand(t, 'برند الف');
  brand.b = await createBrand(t, 'برند ب');
  // Created in this order: newest last.
  p.lipstick = await createProduct(t, { Title: 'رژ لب مات', CategoryId: cat.lipstick.id, brandId: brand.a.id, Price: 200000, OffPersent: 10, Stock: 5, rate: 3 });
  p.gloss = await createProduct(t, { Title: 'برق لب', CategoryId: cat.lips.id, brandId: brand.b.id, Price: 150000, Stock: 0, rate: 5 });
  p.foundation = await createProduct(t, { Title: 'کرم پودر', CategoryId: cat.makeup.id, brandId: brand.a.id, Price: 500000, OffPersent: 50, Stock: 2, rate: 4 });
  p.shampoo = await createProduct(t, { Title: 'شامپو', CategoryId: cat.hair.id, Price: 90000, Stock: 10, rate: 1 });
  const sold = { lipstick: 7, gloss: 30, foundation: 1, shampoo: 12 };
  for (const [k, n] of Object.entries(sold)) await t.db.update(products).set({ soldCount: n }).where(eq(products.id, p[k]!.id));
  // The approved reviews' average and count, as reviews.service keeps them (the popular sort); the admin's rate is not it.
  const rated = { gloss: [4.5, 2], foundation: [4.5, 6], lipstick: [5, 1] } as const;
  for (const [k, [ratingAverage, ratingCount]] of Object.entries(rated)) await t.db.update(products).set({ ratingAverage, ratingCount }).where(eq(products.id, p[k]!.id));
  await t.app.services.cache.invalidate();
});
afterAll(async () => { await t.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const list = async (query: string) => dataOf(await get(`/api/Product/All?${query}`));
const ids = async (query: string) => (await list(query)).data.map((x: { id: number }) => x.id);
const idsOf = (...keys: string[]) => keys.map((k) => p[k]!.id);

describe('GET /api/Product/All', () => {
  it('answers a page with data, page, pageSize and totalCount, newest first, 12 by default', async () => {
    const res = await list('');
    expect(Object.keys(res).sort()).toEqual(['data', 'page', 'pageSize', 'totalCount']);
    expect(res).toMatchObject({ page: 1, pageSize: 12, totalCount: 4 });
    expect(res.data.map((x: { id: number }) => x.id)).toEqual(idsOf('shampoo', 'foundation', 'gloss', 'lipstick'));
  });

  it('answers every list field of an item', async () => {
    const item = (await list('')).data.find((x: { id: number }) => x.id === p.lipstick!.id);
    expect(item).toEqual({
      id: p.lipstick!.id, title: 'رژ لب مات', alias: 'product', imageUri: null, imageVariants: [], price: 200000, offPrice: 180000,
      offPersent: 10, hasOff: true, priceVaries: false, rate: 3, ratingAverage: 5, ratingCount: 1, tags: 'کرم', brand: { id: brand.a!.id, title: 'برند الف' }, categoryId: cat.lipstick!.id,
      categoryDescs: 'رژ لب', stock: 5, isDraft: false,
    });
  });

  it('pages through the results', async () => {
    const second = await list('pageSize=2&pageNumber=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalCount: 4 });
    expect(second.data.map((x: { id: number }) => x.id)).toEqual(idsOf('gloss', 'lipstick'));
    const beyond = await list('PageSize=2&PageNumber=50');
    expect(beyond).toEqual({ data: [], page: 50, pageSize: 2, totalCount: 4 });
  });

  it('answers 400 for huge, zero or negative page sizes and pages', async () => {
    expectFieldErrors(await get('/api/Product/All?pageSize=1001'), { pageSize: 'اندازه صفحه باید حداکثر ۱٬۰۰۰ باشد' });
    const huge = await get('/api/Product/All?pageSize=99999999999999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields.pageSize).toMatch(/^اندازه صفحه باید /);
    expectFieldErrors(await get('/api/Product/All?pageSize=0'), { pageSize: 'اندازه صفحه باید حداقل ۱ باشد' });
    expectFieldErrors(await get('/api/Product/All?pageNumber=-1'), { pageNumber: 'شماره صفحه باید حداقل ۱ باشد' });
    expectFieldErrors(await get('/api/Product/All?pageNumber=abc'), { pageNumber: 'شماره صفحه باید عدد باشد' });
    expect((await list('pageSize=100')).pageSize).toBe(100);
  });

  it('lists a category with all its descendants by CategoryTitle', async () => {
    expect((await ids('CategoryTitle=آرایش')).sort()).toEqual(idsOf('lipstick', 'gloss', 'foundation').sort());
    expect((await ids(`categoryTitle=${encodeURIComponent('لب')}`)).sort()).toEqual(idsOf('lipstick', 'gloss').sort());
    expect(await ids('CategoryTitle=رژ لب')).toEqual(idsOf('lipstick'));
  });

  it('accepts the CategotyTitle spelling of the old clients', async () => {
    expect((await ids(`CategotyTitle=${encodeURIComponent('آرایش')}&PageNumber=1&PageSize=1000`.replace('1000', '100'))).sort())
      .toEqual(idsOf('lipstick', 'gloss', 'foundation').sort());
    expect((await ids('categotytitle=مو'))).toEqual(idsOf('shampoo'));
  });

  it('finds the category by a title typed with Arabic letters', async () => {
    expect(await ids(`CategoryTitle=${encodeURIComponent('رژ لب')}`)).toEqual(idsOf('lipstick'));
    expect((await ids(`CategoryTitle=${encodeURIComponent('آرايش')}`)).sort()).toEqual(idsOf('lipstick', 'gloss', 'foundation').sort());
  });

  it('answers an empty page for an unknown category title', async () => {
    expect(await list('CategoryTitle=ناموجود')).toEqual({ data: [], page: 1, pageSize: 12, totalCount: 0 });
  });

  it('filters by categoryId with descendants', async () => {
    expect((await ids(`categoryId=${cat.lips!.id}`)).sort()).toEqual(idsOf('lipstick', 'gloss').sort());
  });

  it('filters by one or several brands', async () => {
    expect((await ids(`brandIds=${brand.a!.id}`)).sort()).toEqual(idsOf('lipstick', 'foundation').sort());
    expect((await ids(`brandIds=${brand.a!.id},${brand.b!.id}`)).sort()).toEqual(idsOf('lipstick', 'gloss', 'foundation').sort());
    expect((await ids(`brandIds=${brand.b!.id}&brandIds=${brand.a!.id}`)).sort()).toEqual(idsOf('lipstick', 'gloss', 'foundation').sort());
  });

  it('answers 400 with a Persian message for bad brand ids', async () => {
    expectFieldErrors(await get('/api/Product/All?brandIds=abc'), { 'brandIds.0': 'شناسه برند نامعتبر است' });
    expectFieldErrors(await get('/api/Product/All?brandIds=1,-2'), { 'brandIds.1': 'شناسه برند نامعتبر است' });
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expectFieldErrors(await get(`/api/Product/All?brandIds=${many}`), { brandIds: 'حداکثر ۵۰ برند را می‌توان با هم انتخاب کرد' });
  });

  it('filters by the price after discount', async () => {
    expect((await ids('minPrice=180000&maxPrice=250000')).sort()).toEqual(idsOf('lipstick', 'foundation').sort());
    expect(await ids('maxPrice=100000')).toEqual(idsOf('shampoo'));
    expect(await ids('minPrice=260000')).toEqual([]);
    // A floor above the ceiling is a mistake to name, not an empty listing (decision 027).
    expectFieldErrors(await get('/api/Product/All?minPrice=300000&maxPrice=100000'), { minPrice: 'حداقل قیمت نباید از حداکثر قیمت بیشتر باشد' });
    expect((await ids('minPrice=۱۸۰٬۰۰۰&maxPrice=۱۸۰۰۰۰'))).toEqual(idsOf('lipstick'));
  });

  it('answers 400 for a negative price', async () => {
    expectFieldErrors(await get('/api/Product/All?minPrice=-5'), { minPrice: 'حداقل قیمت باید حداقل ۰ باشد' });
    expectFieldErrors(await get('/api/Product/All?maxPrice=-5'), { maxPrice: 'حداکثر قیمت باید حداقل ۰ باشد' });
  });

  it('filters to products in stock', async () => {
    expect((await ids('inStock=true')).sort()).toEqual(idsOf('lipstick', 'foundation', 'shampoo').sort());
    expect((await ids('inStock=false')).length).toBe(4);
  });

  it('filters by having a discount or not', async () => {
    expect((await ids('hasOff=true')).sort()).toEqual(idsOf('lipstick', 'foundation').sort());
    expect((await ids('hasOff=false')).sort()).toEqual(idsOf('gloss', 'shampoo').sort());
    expectFieldErrors(await get('/api/Product/All?hasOff=perhaps'), { hasOff: 'تخفیف‌دار باید درست یا نادرست باشد' });
  });

  it('sorts newest, cheapest, dearest, bestselling and by discount', async () => {
    expect(await ids('sort=newest')).toEqual(idsOf('shampoo', 'foundation', 'gloss', 'lipstick'));
    expect(await ids('sort=cheapest')).toEqual(idsOf('shampoo', 'gloss', 'lipstick', 'foundation'));
    expect(await ids('sort=dearest')).toEqual(idsOf('foundation', 'lipstick', 'gloss', 'shampoo'));
    expect(await ids('sort=bestselling')).toEqual(idsOf('gloss', 'shampoo', 'lipstick', 'foundation'));
    expect((await ids('sort=discount')).slice(0, 2)).toEqual(idsOf('foundation', 'lipstick'));
  });

  it('answers 400 for an unknown sort', async () => {
    expectFieldErrors(await get('/api/Product/All?sort=random'), { sort: 'ترتیب نامعتبر است' });
  });

  it('combines filters', async () => {
    expect(await ids(`CategoryTitle=آرایش&brandIds=${brand.a!.id}&inStock=true&hasOff=true&sort=cheapest`)).toEqual(idsOf('lipstick', 'foundation'));
  });

  it('answers a correct result for SQL-looking and emoji category titles', async () => {
    expect((await get(`/api/Product/All?CategoryTitle=${encodeURIComponent("x' OR '1'='1")}`)).json().data.totalCount).toBe(0);
    expect((await get(`/api/Product/All?CategoryTitle=${encodeURIComponent('💄')}`)).json().data.totalCount).toBe(0);
  });
});

describe('GET /api/Product/LastProducts', () => {
  it('answers the newest products first, paged', async () => {
    const res = dataOf(await get('/api/Product/LastProducts?PageNumber=1&PageSize=2'));
    expect(res).toMatchObject({ page: 1, pageSize: 2, totalCount: 4 });
    expect(res.data.map((x: { id: number }) => x.id)).toEqual(idsOf('shampoo', 'foundation'));
  });

  it('shows a new product on the very next read', async () => {
    await get('/api/Product/LastProducts');
    const fresh = await createProduct(t, { CategoryId: cat.hair!.id });
    expect(dataOf(await get('/api/Product/LastProducts')).data[0].id).toBe(fresh.id);
    await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${fresh.id}`);
    expect(dataOf(await get('/api/Product/LastProducts')).data[0].id).toBe(p.shampoo!.id);
  });

  it('answers the spec’s own call with PageSize=1000, and 400 above 1000', async () => {
    expect(dataOf(await get('/api/Product/LastProducts?PageNumber=1&PageSize=1000'))).toMatchObject({ page: 1, pageSize: 1000, totalCount: 4 });
    expectFieldErrors(await get('/api/Product/LastProducts?PageNumber=1&PageSize=1001'), { pageSize: 'اندازه صفحه باید حداکثر ۱٬۰۰۰ باشد' });
  });
});

describe('GET /api/Product/SuggestProducts', () => {
  it('answers the best sellers first', async () => {
    const res = dataOf(await get('/api/Product/SuggestProducts'));
    expect(res.data.map((x: { id: number }) => x.id)).toEqual(idsOf('gloss', 'shampoo', 'lipstick', 'foundation'));
    expect(res).toMatchObject({ page: 1, pageSize: 12, totalCount: 4 });
  });
});

describe('GET /api/Product/PopularProducts', () => {
  it('answers the best rated by shoppers first: the approved reviews\' average, then how many, then sales', async () => {
    const res = dataOf(await get('/api/Product/PopularProducts?pageSize=3'));
    expect(res.data.map((x: { id: number }) => x.id)).toEqual(idsOf('lipstick', 'foundation', 'gloss'));
    expect(res).toMatchObject({ page: 1, pageSize: 3, totalCount: 4 });
  });

  it('is not moved by the admin\'s own rate field (the spec\'s ProductRate)', async () => {
    await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.shampoo!.id}&Rate=5`);
    const order = dataOf(await get('/api/Product/PopularProducts')).data.map((x: { id: number }) => x.id);
    expect(order).toEqual(idsOf('lipstick', 'foundation', 'gloss', 'shampoo'));
    await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.shampoo!.id}&Rate=1`);
  });
});
