import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { listProducts, listProductsJson } from './product.service.js';
import { JsonBytes, jsonElementRanges } from './json-bytes.js';

/**
 * The storefront's listing is written as JSON text straight from the catalogue (`CatalogIndex.cardJson`): it must be
 * byte for byte what JSON.stringify writes for the same listing's objects, whatever the texts hold.
 */
let t: TestApp;
const hostile = [
  'رژ لب "مات" \\ با بک‌اسلش', 'عنوان با "imageUri":null و ","', 'emoji 💄 و \u200c نیم‌فاصله', 'tab\tand newline\nin it',
  'کنترل \u0001\u001f', 'quote at end"', '\\', 'یک "', 'ساده',
];

// Every card writes its image's variants from the URI's bytes: uploads of ours, others' addresses, and the odd ones.
const images = [
  `/uploads/ab/${'c'.repeat(64)}.jpg`, null, 'https://cdn.example/uploads/x.jpg', '/uploads/ab/عکس "رژ" \\ لب.v2.png',
  '/uploads/ab/بی‌پسوند', '/uploads/', '/uploadsx/a.jpg', '/uploads/ab/tab\tname.webp', `/uploads/cd/${'d'.repeat(64)}.webp`,
];

beforeAll(async () => {
  t = await buildTestApp();
  const parent = await createCategory(t, { title: 'آرایش "ویژه"' });
  const child = await createCategory(t, { title: 'لب \\ گونه', parentId: parent.id });
  const brand = await createBrand(t, 'برند "الف"');
  for (const [i, title] of hostile.entries()) {
    const { id } = await createProduct(t, {
      Title: `محصول ${i}`, CategoryId: i % 2 ? child.id : parent.id, ...(i % 3 ? { brandId: brand.id } : {}),
      Price: 100_000 + i * 12_345, OffPersent: i * 7 % 60, Stock: i % 4, rate: i % 6,
    });
    // Straight into the row (what an import or an old database may hold): the API's own checks refuse some of these.
    await t.db.update(products).set({
      title, tags: i % 2 ? `برچسب "${i}" \\` : '', imageUri: images[i % images.length]!,
      ratingAverage: i ? 10 / 3 + i / 7 : 0, ratingCount: i * 3, searchText: `محصول ${i}`,
    }).where(eq(products.id, id));
  }
  await t.app.services.cache.invalidate();
});
afterAll(async () => { await t.close(); });

describe('a listing written as JSON text from the catalogue', () => {
  it('is byte for byte what JSON.stringify writes, for every sort, page, filter and search', async () => {
    const { database: { db }, cache } = t.app.services;
    const queries = [
      {}, { pageSize: 3 }, { pageSize: 4, pageNumber: 2 }, { sort: 'cheapest' as const }, { sort: 'discount' as const, inStock: true },
      { title: 'محصول' }, { title: 'محصول ۳' }, { brandIds: [1, 2], sort: 'bestselling' as const }, { hasOff: true, minPrice: 110_000 },
      { pageNumber: 9 },
    ];
    for (const q of queries) {
      const text = String((await listProductsJson(db, cache, q)).json);
      expect(text, JSON.stringify(q)).toBe(JSON.stringify(await listProducts(db, cache, q)));
      JSON.parse(text);
    }
    for (const mode of ['latest', 'bestselling', 'popular'] as const) {
      expect(String((await listProductsJson(db, cache, {}, mode)).json), mode).toBe(JSON.stringify(await listProducts(db, cache, {}, mode)));
    }
    const all = JSON.parse(String((await listProductsJson(db, cache, { pageSize: 50 })).json)) as { data: { title: string }[] };
    expect(all.data.map((x) => x.title).sort()).toEqual([...hostile].sort());
  });

  it('answers the API the same envelope as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Product/All?pageSize=50' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify({ success: true, data: await listProducts(t.app.services.database.db, t.app.services.cache, { pageSize: 50 }), error: null }));
  });
});

describe('JsonBytes', () => {
  it('grows past its first buffer and answers what was written, then starts again', () => {
    const w = new JsonBytes();
    const text = Buffer.from('"رژ لب \\"مات\\""');
    let expected = '';
    for (let i = 0; i < 3000; i++) {
      w.ascii(`{"i":${i / 7},"t":`).bytes(text).ascii('}');
      expected += `{"i":${JSON.stringify(i / 7)},"t":${text.toString()}}`;
    }
    expect(w.take().toString()).toBe(expected);
    expect(w.ascii('[]').take().toString()).toBe('[]');
    expect(jsonElementRanges(Buffer.from('["a\\\\",null,"\\"x"]'), new Int32Array(6))).toEqual(new Int32Array([1, 6, 7, 11, 12, 17]));
    // From inside a larger buffer (the catalogue's texts are read in place).
    expect(jsonElementRanges(Buffer.from('xx["a\\\\",null,"\\"x"]'), new Int32Array(6), 2)).toEqual(new Int32Array([3, 8, 9, 13, 14, 19]));
    // Numbers as JSON writes them: integers digit by digit, the rest as JavaScript prints them.
    const numbers = [0, -0, 7, -7, 10, 99, 100, 123_456_789, 2_147_483_647, -2_147_483_648, 2_147_483_648, 1e21, 3.33, -0.5, 1 / 3, NaN, Infinity, -Infinity];
    for (const n of numbers) w.ascii(',').num(n);
    expect(w.take().toString()).toBe(numbers.map((n) => `,${JSON.stringify(n)}`).join(''));
  });
});
