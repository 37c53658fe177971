import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory } from '../../../test/factories.js';
import { adminForm, dataOf } from '../../../test/api.js';
import { startS3, type TestS3 } from '../../../test/s3.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => { await s3.close(); });

// /uploads/ answers the same on the default folder and on an S3-compatible store.
describe.each(['local', 's3'] as const)('GET /uploads/* on %s storage', (backend) => {
  let t: TestApp;
  let product: { imageUri: string; imageVariants: { width: number; uri: string }[] };
  let original: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(backend === 's3' ? s3.config('serve') : {});
    const categoryId = (await createCategory(t)).id;
    original = await sharp({ create: { width: 700, height: 400, channels: 3, background: backend === 's3' ? '#884422' : '#224488' } }).jpeg().toBuffer();
    product = dataOf(await adminForm(t, 'POST', '/api/Product/Create',
      { Title: 'رژ', Alias: 'lipstick', Tags: 'رژ', Price: 1000, Description: 'خوب', CategoryId: categoryId },
      [{ field: 'ImageFile', filename: 'x.jpg', data: original }]));
  });
  afterAll(async () => { await t.close(); });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the original byte for byte and its WebP variants (checked by sharp), with a year of immutable caching', async () => {
    const res = await get(product.imageUri);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable', 'accept-ranges': 'bytes',
      'content-length': String(original.length),
    });
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.rawPayload.equals(original)).toBe(true);
    const widths = [];
    for (const v of product.imageVariants) {
      const variant = await get(v.uri);
      expect(variant.headers['content-type']).toBe('image/webp');
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      widths.push(meta.width);
    }
    expect(widths).toEqual([100, 300, 600, 700]);
  });

  it('answers 304 to a conditional request with its ETag, and 206 to a byte range', async () => {
    const { etag } = (await get(product.imageUri)).headers;
    const again = await get(product.imageUri, { 'if-none-match': etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const part = await get(product.imageUri, { range: 'bytes=2-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-11/${original.length}`);
    expect(part.rawPayload.equals(original.subarray(2, 12))).toBe(true);
    expect((await get(product.imageUri, { range: `bytes=${original.length + 10}-` })).statusCode).toBe(416);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: product.imageUri });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-length': String(original.length), 'cache-control': 'public, max-age=31536000, immutable' });
    expect(res.rawPayload.length).toBe(0);
  });

  it('streams a large file whole', async () => {
    const big = crypto.randomBytes(6 * 1024 * 1024);
    await t.app.services.storage.put('9f/large.png', big);
    const res = await get('/uploads/9f/large.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.rawPayload.equals(big)).toBe(true);
    await t.app.services.storage.remove('9f/large.png');
  });

  it('answers 404 for a missing file, a temporary file and a name it never writes; refuses every path out of its root', async () => {
    const { storage } = t.app.services;
    await storage.put('ab/half-written.png.1.abcd.tmp', Buffer.from('x'));
    await storage.put('notes.html', Buffer.from('<script>alert(1)</script>'));
    for (const url of ['/uploads/ab/missing.png', '/uploads/ab/half-written.png.1.abcd.tmp', '/uploads/notes.html', '/uploads/', '/uploads/.hidden.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
    const hostile = [
      '/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/ab/..%2f..%2fpackage.json',
      '/uploads/..%5c..%5cpackage.json', '/uploads/ab/%2e%2e/%2e%2e/package.json', `${product.imageUri}%00`,
    ];
    const codes: Record<number, string[]> = { 400: ['BAD_REQUEST', 'VALIDATION_ERROR'], 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] };
    for (const url of hostile) {
      const res = await get(url);
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(codes[res.statusCode], url).toContain(res.json().error.code); // the envelope's code says what the status says
    }
    await storage.remove('ab/half-written.png.1.abcd.tmp');
    await storage.remove('notes.html');
  });
});
