import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionsSettled, DYNAMIC_BROTLI_WINDOW } from '../src/lib/compression.js';
import { createCategory, createProduct } from './factories.js';
import { bearer, brotliWindowBits, buildTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

describe('response compression', () => {
  it('answers brotli to a client that accepts it, and the bytes decode to the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // A window of 256 KB, not brotli's default 4 MB (lib/compression.ts says why).
    expect(plain.rawPayload.length).toBeGreaterThan(1 << DYNAMIC_BROTLI_WINDOW);
    expect(brotliWindowBits(br.rawPayload)).toBe(DYNAMIC_BROTLI_WINDOW);
  });

  it('falls back to gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  // A cached answer is compressed once (decision 017): its gzip made for its first answer from the cache, even to a
  // browser that prefers brotli; asked for again, brotli at the best level made in the background, sent as it is after.
  it('compresses a cached answer once: gzip first, then brotli at the best level, the same bytes each time after', async () => {
    for (let i = 0; i < 40; i++) await createCategory(t, { title: `دسته‌بندی آزمایشی شمارهٔ ${i}`, alias: `test-category-${i}` });
    const url = '/api/Category/GetCategories';
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const plain = await t.app.inject({ url });
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await t.app.inject({ url, headers: browser }));
    for (const a of answers) {
      expect(a.headers['content-encoding']).toBe('gzip');
      expect(a.headers.vary).toBe('accept-encoding');
      expect(zlib.gunzipSync(a.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // The kept answer's first copy, made once: the second and third answers are the same bytes.
    expect(answers[2]!.rawPayload.equals(answers[1]!.rawPayload)).toBe(true);
    expect(await compressionsSettled()).toBe(true);
    const best = await t.app.inject({ url, headers: browser });
    expect(best.headers['content-encoding']).toBe('br');
    expect(best.headers['content-length']).toBe(String(best.rawPayload.length));
    expect(zlib.brotliDecompressSync(best.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(best.rawPayload.length).toBeLessThan(answers[2]!.rawPayload.length);
    const again = await t.app.inject({ url, headers: browser });
    expect(again.rawPayload.equals(best.rawPayload)).toBe(true);
    expect(await compressionsSettled()).toBe(false); // nothing compressed again
    // HEAD answers GET's headers.
    const head = await t.app.inject({ method: 'HEAD', url, headers: browser });
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(best.headers['content-length']);

    // A write drops the answer, and its copies with it: the next compressed answer holds the new category.
    await createCategory(t, { title: 'دسته‌بندی تازه', alias: 'fresh-category' });
    const fresh = await t.app.inject({ url, headers: browser });
    expect(fresh.headers['content-encoding']).toBe('gzip');
    const tree = JSON.parse(zlib.gunzipSync(fresh.rawPayload).toString()) as { data: { alias: string }[] };
    expect(tree.data.map((c) => c.alias)).toContain('fresh-category');
  });

  it('sends a product\'s page as it is kept, gzipped at the best level; brotli to a client that takes brotli alone', async () => {
    const product = await createProduct(t, { Title: 'کرم مرطوب‌کننده آزمایشی', Description: `<p>${'یک متن توضیح بلند برای محصول. '.repeat(60)}</p>` });
    const url = `/api/Product/ById?id=${product.id}`;
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gz.headers.vary).toBe('accept-encoding');
    // The kept bytes: gzip's best level of the page, made once (a dynamic level would give other bytes).
    expect(gz.rawPayload.equals(zlib.gzipSync(plain.rawPayload, { level: 9 }))).toBe(true);
    expect(zlib.gzipSync(plain.rawPayload, { level: 3 }).equals(gz.rawPayload)).toBe(false);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const none = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain.rawPayload)).toBe(true);
    // A change is in the next answer, to each kind of client.
    await t.app.inject({ method: 'PUT', url: `/api/Product/ProductOff?id=${product.id}&offPersent=15`, headers: bearer(await t.adminToken()) });
    const after = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(zlib.gunzipSync(after.rawPayload).toString()).data.offPersent).toBe(15);
    expect((await t.app.inject({ url })).json().data.offPersent).toBe(15);
  });

  it('gzips an answer made for its request on the spot, to a browser that prefers brotli too', async () => {
    for (let i = 0; i < 4; i++) await createProduct(t, { Title: `شامپو آزمایشی برای جست‌وجو ${i}`, Description: '<p>توضیح</p>' });
    const url = `/api/Product/All?Title=${encodeURIComponent('شامپو آزمایشی')}&pageSize=12`;
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const plain = await t.app.inject({ url });
    expect(plain.json().data.data).toHaveLength(4);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
