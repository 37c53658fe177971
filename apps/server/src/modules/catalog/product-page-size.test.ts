import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory } from '../../../test/factories.js';
import { asAdmin, dataOf, expectFieldErrors } from '../../../test/api.js';

/** The spec's own calls ask the product lists for 1000 at once; other lists keep the limit of 100. */
let t: TestApp;
const COUNT = 150;

beforeAll(async () => {
  t = await buildTestApp();
  const cat = await createCategory(t);
  const started = Date.now();
  await t.db.insert(products).values(Array.from({ length: COUNT }, (_, i) => ({
    title: `محصول ${i}`, alias: `p${i}`, price: 100_000 + i, offPrice: 100_000 + i, categoryId: cat.id, stock: 1,
    soldCount: i, rate: i % 5, createdAt: new Date(started - i * 1000),
  })));
  await t.app.services.cache.invalidate();
});
afterAll(async () => { await t.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('product lists with PageSize=1000', () => {
  it.each([
    '/api/Product/LastProducts?PageNumber=1&PageSize=1000',
    '/api/Product/SuggestProducts?PageNumber=1&PageSize=1000',
    '/api/Product/PopularProducts?PageNumber=1&PageSize=1000',
    '/api/Product/All?pageSize=1000',
    '/api/Product/All?PageNumber=1&PageSize=1000&sort=cheapest',
  ])('%s answers every product on one page (more than 100)', async (url) => {
    const res = dataOf(await get(url));
    expect(res).toMatchObject({ page: 1, pageSize: 1000, totalCount: COUNT });
    expect(res.data).toHaveLength(COUNT);
    expect(new Set(res.data.map((p: { id: number }) => p.id)).size).toBe(COUNT);
  });

  it('keeps the order of each list on the big page', async () => {
    const latest = dataOf(await get('/api/Product/LastProducts?PageNumber=1&PageSize=1000')).data.map((p: { title: string }) => p.title);
    expect(latest.slice(0, 3)).toEqual(['محصول 0', 'محصول 1', 'محصول 2']);
    const best = dataOf(await get('/api/Product/SuggestProducts?PageNumber=1&PageSize=1000')).data.map((p: { title: string }) => p.title);
    expect(best[0]).toBe(`محصول ${COUNT - 1}`);
  });

  it('answers a Persian 400 above 1000', async () => {
    for (const url of ['/api/Product/LastProducts?PageNumber=1&PageSize=1001', '/api/Product/SuggestProducts?pageSize=1001',
      '/api/Product/PopularProducts?pageSize=1001', '/api/Product/All?pageSize=1001']) {
      expectFieldErrors(await get(url), { pageSize: 'اندازه صفحه باید حداکثر ۱٬۰۰۰ باشد' });
    }
  });

  it('keeps the limit of 100 on the other lists', async () => {
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Discount?pageSize=1000'), { pageSize: 'اندازه صفحه باید حداکثر ۱۰۰ باشد' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Discount?pageSize=101'), { pageSize: 'اندازه صفحه باید حداکثر ۱۰۰ باشد' });
    expect(dataOf(await asAdmin(t, 'GET', '/api/Discount?pageSize=100')).pageSize).toBe(100);
  });
});
