import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct, pngImage } from '../../../test/factories.js';
import { setStock } from '../cart/commerce.test-helpers.js';

/**
 * Torob's product API v3 (github.com/torob/Torob-Sync, product_api_v3.md and the token guide) and the plain feed.
 * Torob signs with its private key; the tests sign with a key pair of their own, given to the shop as TOROB_PUBLIC_KEY.
 */
let t: TestApp;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
const HOST = 'shop.example';
const ORIGIN = `https://${HOST}`;

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('EdDSA')).privateKey;
  t = await buildTestApp({ TOROB_PUBLIC_KEY: await exportSPKI(pair.publicKey), PUBLIC_URL: ORIGIN });
});
afterAll(async () => { await t.close(); });

const sign = (claims: { aud?: string; exp?: number; nbf?: number } = {}, key = privateKey) => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).setAudience(claims.aud ?? HOST)
    .setExpirationTime(claims.exp ?? now + 600).setNotBefore(claims.nbf ?? now - 60);
  return jwt.sign(key);
};
const torob = async (payload: unknown, token?: string | null) => t.app.inject({
  method: 'POST', url: '/torob_api/v3/products', payload: payload as object,
  headers: { host: HOST, ...(token === null ? {} : { 'x-torob-token': token ?? await sign(), 'x-torob-token-version': '1' }) },
});

interface TorobProduct {
  page_unique: string; page_url: string; product_group_id?: string; title: string; subtitle?: string; current_price: number;
  old_price?: number; availability: boolean; category_name?: string; image_links: string[]; spec: Record<string, string>;
  date_added: string; date_updated: string;
}

const COLOURS = JSON.stringify([
  { title: 'رنگ', select: 3, colorObj: [{ name: 'صورتی', color: '#f4a6b8' }, { name: 'قرمز', color: '#c62828' }] },
  { title: 'جنس', value: 'مات' },
]);

let plain: { id: number };
let lipstick: { id: number };
let variants: { id: number; label: string }[];
let category: { id: number; title: string };

beforeAll(async () => {
  category = await createCategory(t, { title: 'رژ لب' });
  const brand = await createBrand(t, 'برند فید');
  plain = await createProduct(t, { Title: 'کرم ساده', CategoryId: category.id, BrandId: brand.id, Price: 200_000, OffPersent: 10, HasOff: true, Stock: 4 }, await pngImage(700, 700));
  lipstick = await createProduct(t, {
    Title: 'رژ مایع', CategoryId: category.id, Price: 300_000, Attribute: COLOURS,
    variants: JSON.stringify([{ options: ['صورتی'], stock: 3 }, { options: ['قرمز'], price: 350_000, stock: 0 }]),
  });
  const detail = await t.app.inject({ url: `/api/Product/ById?id=${lipstick.id}` });
  variants = detail.json().data.variants;
  // A draft and a product sold out are not the same: drafts never appear, a sold-out product appears unavailable.
  await createProduct(t, { Title: 'پیش‌نویس', CategoryId: category.id, IsDraft: true });
});

describe('Torob product API v3: authentication', () => {
  it('refuses a request without a token, with a token of another key, for another shop, expired or not yet valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = { page: 1, sort: 'date_added_desc' };
    expect((await torob(body, null)).statusCode).toBe(401);
    expect((await torob(body, 'not-a-jwt')).statusCode).toBe(401);
    expect((await torob(body, await sign({}, otherKey))).statusCode).toBe(401);
    expect((await torob(body, await sign({ aud: 'other-shop.example' }))).statusCode).toBe(401);
    expect((await torob(body, await sign({ exp: now - 10 }))).statusCode).toBe(401);
    expect((await torob(body, await sign({ nbf: now + 600 }))).statusCode).toBe(401);
    // An unsigned token (alg none) is not a token.
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ aud: HOST, exp: now + 60 })).toString('base64url')}.`;
    expect((await torob(body, unsigned)).statusCode).toBe(401);
    expect((await torob(body)).statusCode).toBe(200);
  });

  it('answers 400 to a body that is none of the four shapes, with no defaults', async () => {
    const page = await torob({ page: 1 });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ error: 'sort parameter is not provided' });
    for (const body of [{}, { page: 0, sort: 'date_added_desc' }, { page: 1, sort: 'cheapest' }, { page_urls: [] },
      { sort: 'product_id_desc', page: 1 }, { cursor: '1.2', sort: 'date_added_desc' }, { page_uniques: 'x' }, { page: '1', sort: 'date_added_desc' }]) {
      const res = await torob(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
  });
});

describe('Torob product API v3: products', () => {
  it('lists one entry per variant, newest first, with absolute links, prices in toman, availability, images and specs', async () => {
    const res = await torob({ page: 1, sort: 'date_added_desc' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { api_version: string; current_page: number; total: number; max_pages: number; products: TorobProduct[] };
    expect(body).toMatchObject({ api_version: 'torob_api_v3', current_page: 1, total: 3, max_pages: 1 });
    expect(body.products.map((p) => p.page_unique)).toEqual([`${lipstick.id}-${variants[0]!.id}`, `${lipstick.id}-${variants[1]!.id}`, String(plain.id)]);

    const [pink, red, cream] = body.products as [TorobProduct, TorobProduct, TorobProduct];
    expect(cream).toMatchObject({
      page_url: `${ORIGIN}/product/${plain.id}`, title: 'کرم ساده', subtitle: 'برند فید', current_price: 180_000, old_price: 200_000,
      availability: true, category_name: 'رژ لب', spec: {},
    });
    expect(cream.product_group_id).toBeUndefined();
    expect(cream.image_links).toHaveLength(1);
    expect(cream.image_links[0]).toMatch(new RegExp(`^${ORIGIN}/uploads/.+\\.png$`));
    expect(new Date(cream.date_added).toISOString()).toBe(cream.date_added);

    expect(pink).toMatchObject({
      page_url: `${ORIGIN}/product/${lipstick.id}?variant=${variants[0]!.id}`, product_group_id: String(lipstick.id),
      title: 'رژ مایع - صورتی', current_price: 300_000, availability: true, spec: { جنس: 'مات', رنگ: 'صورتی' },
    });
    expect(pink.old_price).toBeUndefined();
    // Sold out: price 0 as the spec asks, not available.
    expect(red).toMatchObject({ title: 'رژ مایع - قرمز', current_price: 0, availability: false, spec: { جنس: 'مات', رنگ: 'قرمز' } });
  });

  it('follows the catalogue: a price change, a sale of the last unit, a deleted product', async () => {
    await t.db.update(products).set({ offPersent: 50, offPrice: 100_000, updatedAt: new Date() }).where(eq(products.id, plain.id));
    let cream = (await torob({ page_uniques: [String(plain.id)] })).json().products[0] as TorobProduct;
    expect(cream).toMatchObject({ current_price: 100_000, old_price: 200_000 });
    // date_updated_desc: the product just changed comes first.
    const updated = (await torob({ page: 1, sort: 'date_updated_desc' })).json().products as TorobProduct[];
    expect(updated[0]!.page_unique).toBe(String(plain.id));

    await setStock(t, plain.id, 0);
    cream = (await torob({ page_uniques: [String(plain.id)] })).json().products[0] as TorobProduct;
    expect(cream).toMatchObject({ current_price: 0, availability: false });

    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, plain.id));
    const gone = (await torob({ page_uniques: [String(plain.id)] })).json();
    expect(gone).toMatchObject({ total: 0, products: [] });
    await t.db.update(products).set({ isDeleted: false }).where(eq(products.id, plain.id));
    await setStock(t, plain.id, 4);
  });

  it('answers single products by page_unique and by page_url; a product address names all its variants', async () => {
    const one = (await torob({ page_uniques: [`${lipstick.id}-${variants[1]!.id}`, 'nonsense', '999999'] })).json();
    expect(one.products.map((p: TorobProduct) => p.page_unique)).toEqual([`${lipstick.id}-${variants[1]!.id}`]);
    const byUrl = (await torob({ page_urls: [`${ORIGIN}/product/${lipstick.id}`, 'not a url', `${ORIGIN}/search?q=1`] })).json();
    expect(byUrl.products).toHaveLength(2);
    const byVariantUrl = (await torob({ page_urls: [`${ORIGIN}/product/${lipstick.id}?variant=${variants[0]!.id}`] })).json();
    expect(byVariantUrl.products.map((p: TorobProduct) => p.title)).toEqual(['رژ مایع - صورتی']);
  });

  it('pages by 100 and walks a cursor by product id to the end without repeating or skipping', async () => {
    const made: number[] = [];
    for (let i = 0; i < 105; i++) made.push((await createProduct(t, { Title: `انبوه ${i}`, CategoryId: category.id })).id);
    const first = (await torob({ page: 1, sort: 'date_added_desc' })).json();
    expect(first).toMatchObject({ total: 108, max_pages: 2 });
    expect(first.products).toHaveLength(100);
    const second = (await torob({ page: 2, sort: 'date_added_desc' })).json();
    expect(second.products).toHaveLength(8);
    expect(new Set([...first.products, ...second.products].map((p: TorobProduct) => p.page_unique)).size).toBe(108);
    expect((await torob({ page: 3, sort: 'date_added_desc' })).json().products).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await torob(cursor ? { sort: 'product_id_desc', cursor } : { sort: 'product_id_desc' })).json() as { next_cursor: string | null; total: null; products: TorobProduct[] };
      expect(page.total).toBeNull();
      seen.push(...page.products.map((p) => p.page_unique));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(108);
    expect(new Set(seen).size).toBe(108);
    expect(seen[0]).toBe(String(made.at(-1)));
  });
});

describe('plain product feed', () => {
  it('lists the same entries, public and cacheable, paged by 100', async () => {
    const res = await t.app.inject({ url: '/feeds/products.json?page=2', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const body = res.json();
    expect(body).toMatchObject({ page: 2, pages: 2, total: 108 });
    const cream = body.products.find((p: { id: string }) => p.id === String(plain.id));
    expect(cream).toMatchObject({ url: `${ORIGIN}/product/${plain.id}`, is_available: true, category: 'رژ لب', brand: 'برند فید' });
    expect((await t.app.inject({ url: '/feeds/products.json?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/feeds/products.json?page=abc' })).statusCode).toBe(400);
  });
});
