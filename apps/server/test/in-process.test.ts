import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEndpoints } from '@sorkhab/shared';
import { inProcessReadsOf, readInProcess, registerRead } from '../src/lib/in-process.js';
import { createBrand, createCategory, createProduct } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The public catalogue reads the storefront's loaders answer in process (src/lib/in-process.ts): the same answer as
 * the HTTP route for the same URL, byte for byte, refusals included, and nothing but a public GET read that way.
 */
let t: TestApp;
let categoryId: number;
let brandId: number;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT: true });
  categoryId = (await createCategory(t, { title: 'مراقبت پوست' })).id;
  brandId = (await createBrand(t, 'لافارر')).id;
  for (let i = 0; i < 8; i++) {
    await createProduct(t, {
      Title: `کرم آبرسان شماره ${i}`, Price: 100_000 + i * 10_000, CategoryId: categoryId, Stock: i % 3 ? 5 : 0,
      ...(i % 2 ? { brandId } : {}), ...(i % 4 ? {} : { HasOff: true, OffPersent: 15 }),
    });
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

/** The route's answer over HTTP (`inject`) and the in-process one, for one URL from one address. */
async function both(url: string, ip: string) {
  const http = await t.app.inject({ url, remoteAddress: ip });
  const read = await readInProcess(t.app, url, { ip });
  return { http: { status: http.statusCode, body: http.body }, read: read && { status: read.status, body: read.body.toString() } };
}

const q = encodeURIComponent;

describe('public catalogue reads in process', () => {
  it('are the public GETs of the listings, searches and facets, and nothing else', () => {
    expect([...inProcessReadsOf(t.app).keys()].sort()).toEqual([
      '/api/Product/All', '/api/Product/DidYouMean', '/api/Product/Facets', '/api/Product/LastProducts',
      '/api/Product/PopularProducts', '/api/Product/SuggestProducts',
    ]);
    // Anything but a public GET is refused when its route is registered.
    expect(() => registerRead(t.app, 'GET', '/Product/Admin', catalogEndpoints['GET /Product/Admin'], async () => '')).toThrow(/public GET/);
    expect(() => registerRead(t.app, 'DELETE', '/Product/Delete', catalogEndpoints['DELETE /Product/Delete'], async () => '')).toThrow(/public GET/);
    expect([...inProcessReadsOf(t.app).keys()]).not.toContain('/api/Product/Admin');
  });

  it('answer what the route answers, byte for byte', async () => {
    const urls = [
      '/api/Product/All',
      '/api/Product/All?pageNumber=1&pageSize=12',
      `/api/Product/All?pageNumber=2&pageSize=3&categoryId=${categoryId}&sort=dearest`,
      `/api/Product/All?brandIds=${brandId}&brandIds=${brandId}&inStock=true&hasOff=false&minPrice=110000&maxPrice=160000`,
      `/api/Product/All?title=${q('کرم آبرسان')}&pageNumber=1&pageSize=12`,
      `/api/Product/All?title=${q('ناپیدا')}`,
      // Bytes that are no UTF-8 (a surrogate's half written out), and a broken escape: read as the router reads them.
      '/api/Product/All?title=%ED%A0%80', '/api/Product/All?title=%E0%A4%A',
      // Field names in another case, as old clients send them; an unknown field.
      `/api/Product/All?PageNumber=1&PAGESIZE=5&Sort=cheapest&whatever=1`,
      `/api/Product/Facets?title=${q('کرم')}&withCategories=true`,
      `/api/Product/Facets?categoryId=${categoryId}&brandIds=${brandId}&inStock=true`,
      `/api/Product/DidYouMean?q=${q('کرن آبرسان')}`,
      '/api/Product/SuggestProducts?pageNumber=1&pageSize=8',
      '/api/Product/LastProducts?pageNumber=1&pageSize=4',
      '/api/Product/PopularProducts',
    ];
    for (const url of urls) {
      const { http, read } = await both(url, '10.0.0.1');
      expect(http.status, url).toBe(200);
      expect(read, url).toEqual(http);
    }
  });

  it('refuse what the route refuses: the shop\'s own refusals in process, the rest left to the route', async () => {
    // A price range upside down: the handler's refusal, the same envelope and status.
    const upsideDown = await both('/api/Product/All?minPrice=500000&maxPrice=100000', '10.0.0.2');
    expect(upsideDown.http.status).toBe(400);
    expect(upsideDown.read).toEqual(upsideDown.http);
    // Text the guard refuses, and input the schema refuses: not read in process (the route answers, as over HTTP).
    for (const url of [
      `/api/Product/All?title=${q('کرم\u0000')}`, '/api/Product/All?pageNumber=-1',
      '/api/Product/All?pageSize=abc', '/api/Product/Facets?brandIds=x', '/api/Product/DidYouMean',
    ]) {
      const { http, read } = await both(url, '10.0.0.2');
      expect(http.status, url).toBe(400);
      expect(read, url).toBeUndefined();
    }
    // Other spellings of a path, and routes that are not public reads, are not read in process.
    for (const url of ['/api/product/all', '/api/Product/All/', '/api//Product/All', '/api/Product/Admin', '/api/Product/ById?id=1']) {
      expect(await readInProcess(t.app, url, { ip: '10.0.0.2' }), url).toBeUndefined();
    }
  });

  it('count against the caller\'s address as the route does', async () => {
    // 120 searches in ten seconds from one address (the route's limit), whichever way they came.
    const ip = '10.0.0.3';
    for (let i = 0; i < 60; i++) {
      expect((await readInProcess(t.app, `/api/Product/All?title=${q(`کرم ${i}`)}`, { ip }))?.status).toBe(200);
      expect((await t.app.inject({ url: `/api/Product/All?title=${q(`سرم ${i}`)}`, remoteAddress: ip })).statusCode).toBe(200);
    }
    const refused = await both(`/api/Product/All?title=${q('کرم دیگر')}`, ip);
    expect(refused.http.status).toBe(429);
    expect(refused.read).toEqual(refused.http);
    // Another address is not held back; a listing without words is not counted.
    expect((await readInProcess(t.app, `/api/Product/All?title=${q('کرم')}`, { ip: '10.0.0.4' }))?.status).toBe(200);
    expect((await readInProcess(t.app, '/api/Product/All?pageSize=2', { ip }))?.status).toBe(200);
  });
});
