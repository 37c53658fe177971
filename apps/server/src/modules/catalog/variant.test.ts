import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cartItems, orderItems, orders, products, productVariants } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createCategory, createProduct } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildShopApp, NEW_ADDRESS, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';
import { ensureVariants, settledPrices, settleVariantPrices } from './variant.service.js';

/** A product is sold by variant: one combination of its options with its own stock, price and SKU. */
let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t.close(); });

type Shopper = { headers: Record<string, string> };
const admin = async () => bearer(await t.adminToken());
const add = (s: Shopper, body: object) => t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: body, headers: s.headers });
const checkout = (s: Shopper) => t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS }, headers: s.headers });
const stockOf = async (id: number) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const variantStock = async (id: number) => (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

const COLOUR_SIZE = JSON.stringify([
  { title: 'رنگ', select: 3, colorObj: [{ name: 'صورتی ملایم', color: '#f4a6b8' }, { name: 'قرمز', color: '#c62828' }] },
  { title: 'حجم', select: 1, arr: ['۸ میلی‌لیتر', '۱۲ میلی‌لیتر'] },
  { title: 'جنس', value: 'مات' },
]);

interface VariantOut { id: number; options: string[]; label: string; sku: string | null; price: number; offPrice: number; ownPrice: number | null; stock: number }
interface Detail { id: number; stock: number; price: number; isDraft: boolean; options: { title: string; kind: string; values: { value: string }[] }[]; variants: VariantOut[]; attributes: unknown[] }

async function saveProduct(fields: Record<string, string | number | boolean>, method: 'POST' | 'PUT' = 'POST') {
  const categoryId = fields.CategoryId ?? (await createCategory(t)).id;
  const body = multipart({ Title: 'رژ لب مایع', Alias: 'liquid-lipstick', Tags: 'رژ', Price: 300_000, Description: '<p>رژ لب</p>', ...fields, CategoryId: categoryId });
  return t.app.inject({ method, url: `/api/Product/${method === 'POST' ? 'Create' : 'Update'}`, ...body, headers: { ...body.headers, ...(await admin()) } });
}

let made = 0;
/** A lipstick in two colours × two sizes, of which only three combinations exist (SKUs LIP-…-<n>, unique per lipstick). */
async function lipstick(extra: Record<string, string | number | boolean> = {}) {
  const n = ++made;
  const res = await saveProduct({
    Attribute: COLOUR_SIZE,
    variants: JSON.stringify([
      { options: ['صورتی ملایم', '۸ میلی‌لیتر'], sku: `LIP-PINK-8-${n}`, stock: 3 },
      { options: ['صورتی ملایم', '۱۲ میلی‌لیتر'], sku: `LIP-PINK-12-${n}`, price: 420_000, stock: 0 },
      { options: ['قرمز', '۸ میلی‌لیتر'], sku: `LIP-RED-8-${n}`, stock: 10 },
    ]),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Detail;
}
const variantOf = (p: Detail, label: string) => p.variants.find((v) => v.label === label)!;

describe('variants: build', () => {
  it('creates a product with the combinations that exist, each with its stock, price and SKU; the product stock is their sum', async () => {
    const p = await lipstick({ OffPersent: 10, HasOff: true });
    expect(p.options.map((o) => [o.title, o.kind, o.values.map((v) => v.value)])).toEqual([
      ['رنگ', 'color', ['صورتی ملایم', 'قرمز']],
      ['حجم', 'list', ['۸ میلی‌لیتر', '۱۲ میلی‌لیتر']],
    ]);
    expect(p.variants.map((v) => [v.label, v.sku?.replace(/-\d+$/, ''), v.stock, v.ownPrice, v.price, v.offPrice])).toEqual([
      ['صورتی ملایم / ۸ میلی‌لیتر', 'LIP-PINK-8', 3, null, 300_000, 270_000],
      ['صورتی ملایم / ۱۲ میلی‌لیتر', 'LIP-PINK-12', 0, 420_000, 420_000, 378_000],
      ['قرمز / ۸ میلی‌لیتر', 'LIP-RED-8', 10, null, 300_000, 270_000],
    ]);
    expect(p.stock).toBe(13);
    expect(await stockOf(p.id)).toBe(13);
    // The spec's read shape is unchanged: the attribute entries as sent (colours without stock stay without it).
    expect(p.attributes).toEqual(JSON.parse(COLOUR_SIZE));
  });

  it('refuses a combination that does not match the options, a repeated one and a repeated SKU (Persian 400)', async () => {
    for (const variants of [
      [{ options: ['آبی', '۸ میلی‌لیتر'], stock: 1 }],
      [{ options: ['قرمز'], stock: 1 }],
      [{ options: ['قرمز', '۸ میلی‌لیتر'], stock: 1 }, { options: ['قرمز', '۸ میلی‌لیتر'], stock: 2 }],
      [{ options: ['قرمز', '۸ میلی‌لیتر'], sku: 'A1', stock: 1 }, { options: ['قرمز', '۱۲ میلی‌لیتر'], sku: 'A1', stock: 2 }],
      [],
    ]) {
      const res = await saveProduct({ Attribute: COLOUR_SIZE, variants: JSON.stringify(variants) });
      expect(res.statusCode, JSON.stringify(variants)).toBe(400);
      expect(res.json().error.fields.variants).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('a SKU another product uses is a Persian 409 that names it', async () => {
    const taken = variantOf(await lipstick(), 'قرمز / ۸ میلی‌لیتر').sku!;
    const res = await saveProduct({ Attribute: COLOUR_SIZE, variants: JSON.stringify([{ options: ['قرمز', '۸ میلی‌لیتر'], sku: taken, stock: 1 }]) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(taken);
  });

  it('an update keeps the variants it names by id, drops the others and recounts the stock', async () => {
    const p = await lipstick({ Alias: 'keep-ids' });
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    const res = await saveProduct({
      id: p.id, Attribute: COLOUR_SIZE,
      variants: JSON.stringify([{ id: pink8.id, options: pink8.options, stock: 7 }, { options: ['قرمز', '۱۲ میلی‌لیتر'], stock: 2 }]),
    }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as Detail;
    expect(after.variants.map((v) => [v.id === pink8.id, v.label, v.stock])).toEqual([
      [true, 'صورتی ملایم / ۸ میلی‌لیتر', 7], [false, 'قرمز / ۱۲ میلی‌لیتر', 2],
    ]);
    expect(after.stock).toBe(9);
  });

  it('a removed combination a cart holds stays in that cart as sold out, not silently gone; one nobody holds is deleted', async () => {
    const p = await lipstick({ Alias: 'removed-in-cart' });
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    const red8 = variantOf(p, 'قرمز / ۸ میلی‌لیتر');
    const pink12 = variantOf(p, 'صورتی ملایم / ۱۲ میلی‌لیتر');
    const s = await quickCustomer(t);
    expect((await add(s, { productId: p.id, variantId: red8.id, quantity: 2 })).statusCode).toBe(200);
    const res = await saveProduct({ id: p.id, Attribute: COLOUR_SIZE, variants: JSON.stringify([{ id: pink8.id, options: pink8.options, stock: 3 }]) }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select({ id: productVariants.id, isDeleted: productVariants.isDeleted, stock: productVariants.stock }).from(productVariants)
      .where(eq(productVariants.productId, p.id));
    expect(rows.find((r) => r.id === red8.id)).toMatchObject({ isDeleted: true, stock: 0 });
    expect(rows.find((r) => r.id === pink12.id)).toBeUndefined();
    const cart = (await t.app.inject({ url: '/api/Cart', headers: s.headers })).json().data as { items: { variantId: number; option: string; stock: number; quantity: number }[] };
    expect(cart.items).toMatchObject([{ variantId: red8.id, option: 'قرمز / ۸ میلی‌لیتر', stock: 0, quantity: 2 }]);
    expect((await checkout(s)).statusCode).toBe(409);
  });

  it('two variants may trade their combinations in one update (their ids, stock and orders follow the rows)', async () => {
    const p = await lipstick({ Alias: 'swap' });
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    const red8 = variantOf(p, 'قرمز / ۸ میلی‌لیتر');
    const res = await saveProduct({
      id: p.id, Attribute: COLOUR_SIZE,
      variants: JSON.stringify([{ id: pink8.id, options: red8.options, stock: 1 }, { id: red8.id, options: pink8.options, stock: 2 }]),
    }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Detail).variants.map((v) => [v.id, v.label, v.stock])).toEqual([
      [pink8.id, 'قرمز / ۸ میلی‌لیتر', 1], [red8.id, 'صورتی ملایم / ۸ میلی‌لیتر', 2],
    ]);
  });

  it('the spec\'s clients (attributes and one Stock, no variants) get every combination; a product without options one variant', async () => {
    const plain = await createProduct(t, { Stock: 6 });
    const [only] = await t.db.select().from(productVariants).where(eq(productVariants.productId, plain.id));
    expect(only).toMatchObject({ label: '', options: [], stock: 6 });
    const res = await saveProduct({ Attribute: COLOUR_SIZE, Stock: 9 });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as Detail;
    expect(p.variants.map((v) => v.label)).toHaveLength(4);
    expect(p.variants.map((v) => v.stock)).toEqual([3, 2, 2, 2]);
    expect(p.stock).toBe(9);
  });
});

describe('variants: the product sells from its cheapest combination', () => {
  const listed = async (query: string) => (await t.app.inject({ url: `/api/Product/All?${query}` })).json().data as { data: { id: number; price: number; offPrice: number }[] };
  const ownPrices = async (id: number) => (await t.db.select({ price: productVariants.price }).from(productVariants)
    .where(eq(productVariants.productId, id)).orderBy(productVariants.sortOrder)).map((r) => r.price);

  it('a combination priced below the product moves the product\'s price (its card and the price filter) to it; each combination keeps what it sells at', async () => {
    const category = await createCategory(t);
    const res = await saveProduct({
      CategoryId: category.id, Price: 450_000, OffPersent: 10, HasOff: true, Attribute: COLOUR_SIZE,
      variants: JSON.stringify([
        { options: ['صورتی ملایم', '۸ میلی‌لیتر'], price: 430_000, stock: 2 },
        { options: ['صورتی ملایم', '۱۲ میلی‌لیتر'], stock: 1 },
        { options: ['قرمز', '۸ میلی‌لیتر'], price: 760_000, stock: 4 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as Detail;
    expect(p.price).toBe(430_000);
    expect(p.variants.map((v) => [v.ownPrice, v.price, v.offPrice])).toEqual([[null, 430_000, 387_000], [450_000, 450_000, 405_000], [760_000, 760_000, 684_000]]);
    // The storefront's card and filters read the product's (one indexed column): the cheapest combination's price.
    const card = (await listed(`categoryId=${category.id}`)).data.find((x) => x.id === p.id)!;
    expect([card.price, card.offPrice]).toEqual([430_000, 387_000]);
    expect((await listed(`categoryId=${category.id}&maxPrice=390000`)).data.map((x) => x.id)).toContain(p.id);
    expect((await listed(`categoryId=${category.id}&maxPrice=380000`)).data.map((x) => x.id)).not.toContain(p.id);

    // Each combination goes into the cart at what it was priced.
    const s = await quickCustomer(t);
    let cart: { items: { variantId: number; unitPrice: number }[] } = { items: [] };
    for (const v of p.variants) {
      const res = await add(s, { productId: p.id, variantId: v.id, quantity: 1 });
      expect(res.statusCode, res.body).toBe(200);
      cart = res.json().data;
    }
    expect(p.variants.map((v) => cart.items.find((i) => i.variantId === v.id)?.unitPrice)).toEqual([387_000, 405_000, 684_000]);
  });

  it('every combination priced apart from the product: the product takes the cheapest; priced back, it follows the product\'s price again', async () => {
    const first = await saveProduct({
      Price: 100_000, Attribute: COLOUR_SIZE,
      variants: JSON.stringify([
        { options: ['قرمز', '۸ میلی‌لیتر'], price: 200_000, stock: 1 },
        { options: ['قرمز', '۱۲ میلی‌لیتر'], price: 300_000, stock: 1 },
      ]),
    });
    expect(first.statusCode, first.body).toBe(200);
    const p = first.json().data as Detail;
    expect([p.price, p.variants.map((v) => [v.ownPrice, v.price])]).toEqual([200_000, [[null, 200_000], [300_000, 300_000]]]);
    // The spec's clients (a price, no variants) move the combinations that follow the product.
    const again = await saveProduct({ Id: p.id, Price: 250_000, Attribute: COLOUR_SIZE, CategoryId: (await t.db.select({ c: products.categoryId }).from(products).where(eq(products.id, p.id)))[0]!.c }, 'PUT');
    expect(again.statusCode, again.body).toBe(200);
    const q = again.json().data as Detail;
    expect(q.variants.filter((v) => v.stock > 0 || v.ownPrice !== null).map((v) => [v.label, v.price])).toEqual([['قرمز / ۸ میلی‌لیتر', 250_000], ['قرمز / ۱۲ میلی‌لیتر', 300_000]]);
    expect(q.price).toBe(Math.min(...q.variants.map((v) => v.price)));
  });

  it('the data step settles products saved before: the product at its cheapest combination\'s price, nobody\'s price changed', async () => {
    const p = await lipstick({ Price: 300_000 });
    // As a save before this rule could leave it: one combination below the product, the others following it.
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    await t.db.update(productVariants).set({ price: 250_000 }).where(eq(productVariants.id, pink8.id));
    expect(await ownPrices(p.id)).toEqual([250_000, 420_000, null]);
    await settleVariantPrices(t.db);
    const [row] = await t.db.select({ price: products.price, offPrice: products.offPrice }).from(products).where(eq(products.id, p.id));
    expect(row).toEqual({ price: 250_000, offPrice: 250_000 });
    expect(await ownPrices(p.id)).toEqual([null, 420_000, 300_000]);
    await settleVariantPrices(t.db); // once settled, again changes nothing
    expect(await ownPrices(p.id)).toEqual([null, 420_000, 300_000]);
  });

  it('a product sold at several prices says so wherever its card goes (priceVaries: «از» on the storefront), whatever writes its combinations', async () => {
    const category = await createCategory(t);
    const title = `عطر دو حجمی ${Date.now()}`;
    const priced = [{ options: ['قرمز', '۸ میلی‌لیتر'], stock: 2 }, { options: ['قرمز', '۱۲ میلی‌لیتر'], price: 520_000, stock: 3 }];
    const res = await saveProduct({ CategoryId: category.id, Title: title, Price: 380_000, Attribute: COLOUR_SIZE, variants: JSON.stringify(priced) });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as Detail & { priceVaries: boolean };
    expect(p.priceVaries).toBe(true);
    const admin_ = await admin();
    const varies = async () => {
      const inMemory = (await listed(`categoryId=${category.id}`)).data.find((x) => x.id === p.id) as { priceVaries: boolean } | undefined;
      const inSql = ((await t.app.inject({ url: `/api/Product/Admin?categoryId=${category.id}`, headers: admin_ })).json().data.data as { id: number; priceVaries: boolean }[]).find((x) => x.id === p.id);
      const byId = (await t.app.inject({ url: `/api/Product/ById?id=${p.id}` })).json().data as { priceVaries: boolean };
      const suggested = ((await t.app.inject({ url: `/api/Product/Suggest?q=${encodeURIComponent(title)}` })).json().data.products as { id: number; priceVaries: boolean }[]).find((x) => x.id === p.id);
      return [inMemory?.priceVaries, inSql?.priceVaries, byId.priceVaries, suggested?.priceVaries];
    };
    expect(await varies()).toEqual([true, true, true, true]);
    const row = async () => (await t.db.select({ price: products.price, varies: products.priceVaries }).from(products).where(eq(products.id, p.id)))[0];

    // The bulk tool's «set the price» gives every combination the product's price: one price again.
    const set = await t.app.inject({ method: 'POST', url: '/api/Product/Bulk', headers: admin_, payload: { ids: [p.id], action: { kind: 'price', mode: 'set', value: 400_000, round: 1 } } });
    expect(set.statusCode, set.body).toBe(200);
    expect(await row()).toEqual({ price: 400_000, varies: false });
    expect(await varies()).toEqual([false, false, false, false]);

    // A combination priced apart by the form says so again; removed while a cart holds it (kept, hidden), it no longer does.
    const [big] = (await t.db.select({ id: productVariants.id }).from(productVariants).where(and(eq(productVariants.productId, p.id), eq(productVariants.label, 'قرمز / ۱۲ میلی‌لیتر'))));
    const again = await saveProduct({ Id: p.id, CategoryId: category.id, Title: title, Price: 400_000, Attribute: COLOUR_SIZE,
      variants: JSON.stringify([{ ...priced[0], id: undefined }, { ...priced[1], id: big!.id, price: 610_000 }]) }, 'PUT');
    expect(again.statusCode, again.body).toBe(200);
    expect(await varies()).toEqual([true, true, true, true]);
    const s = await quickCustomer(t);
    expect((await add(s, { productId: p.id, variantId: big!.id, quantity: 1 })).statusCode).toBe(200);
    const dropped = await saveProduct({ Id: p.id, CategoryId: category.id, Title: title, Price: 400_000, Attribute: COLOUR_SIZE, variants: JSON.stringify([priced[0]]) }, 'PUT');
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await t.db.select({ deleted: productVariants.isDeleted, price: productVariants.price }).from(productVariants).where(eq(productVariants.id, big!.id)))[0])
      .toEqual({ deleted: true, price: 610_000 });
    expect(await row()).toEqual({ price: 400_000, varies: false });
    expect(await varies()).toEqual([false, false, false, false]);
  });

  it('settledPrices: the cheapest becomes the product\'s, the rest keep their own', () => {
    expect(settledPrices(450, [430, null, 760])).toEqual({ price: 430, own: [null, 450, 760] });
    expect(settledPrices(450, [null, 500])).toEqual({ price: 450, own: [null, 500] });
    expect(settledPrices(100, [200, 200, 300])).toEqual({ price: 200, own: [null, null, 300] });
    expect(settledPrices(100, [100, null])).toEqual({ price: 100, own: [null, null] });
  });
});

describe('variants: sell', () => {
  it('buys one combination: its stock alone drops, at its own price', async () => {
    const p = await lipstick();
    const s = await quickCustomer(t);
    const pink12 = variantOf(p, 'صورتی ملایم / ۱۲ میلی‌لیتر');
    const red8 = variantOf(p, 'قرمز / ۸ میلی‌لیتر');
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    expect((await add(s, { productId: p.id, variantId: pink12.id, quantity: 1 })).statusCode).toBe(409); // stock 0: ناموجود
    const added = await add(s, { productId: p.id, variantId: red8.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.items[0]).toMatchObject({ variantId: red8.id, option: 'قرمز / ۸ میلی‌لیتر', quantity: 2, unitPrice: 300_000, maxQuantity: 10 });
    // The label works as the spec's clients send it (a colour's name for a colour product; here the whole label).
    expect((await add(s, { productId: p.id, option: 'صورتی ملایم / ۸ میلی‌لیتر', quantity: 1 })).statusCode).toBe(200);
    const res = await checkout(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(await variantStock(red8.id)).toBe(8);
    expect(await variantStock(pink8.id)).toBe(2);
    expect(await variantStock(pink12.id)).toBe(0);
    expect(await stockOf(p.id)).toBe(10);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.json().data.orderId));
    expect(lines.map((l) => [l.variantId, l.option, l.quantity]).sort()).toEqual([[pink8.id, 'صورتی ملایم / ۸ میلی‌لیتر', 1], [red8.id, 'قرمز / ۸ میلی‌لیتر', 2]].sort());

    // Cancelling gives each variant its units back.
    await t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: res.json().data.orderId, status: 'cancelled' }, headers: await admin() });
    expect([await variantStock(red8.id), await variantStock(pink8.id), await stockOf(p.id)]).toEqual([10, 3, 13]);
  });

  it('an admin save never overwrites a sale made since the form was loaded', async () => {
    const p = await lipstick({ Alias: 'lost-update' });
    const red8 = variantOf(p, 'قرمز / ۸ میلی‌لیتر');
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    const s = await quickCustomer(t);
    expect((await add(s, { productId: p.id, variantId: red8.id, quantity: 2 })).statusCode).toBe(200);
    expect((await checkout(s)).statusCode).toBe(200); // red 10 → 8 while the owner's form still shows 10
    const save = (redStock: number) => saveProduct({
      id: p.id, Attribute: COLOUR_SIZE, variants: JSON.stringify([
        { id: red8.id, options: red8.options, stock: redStock, expectedStock: 10 },
        { id: pink8.id, options: pink8.options, stock: 5, expectedStock: 3 },
      ]),
    }, 'PUT');
    // The owner changed the red stock too: refused, with what it is now.
    const refused = await save(15);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('قرمز / ۸ میلی‌لیتر');
    expect(await variantStock(red8.id)).toBe(8);
    // The owner left red as loaded and changed pink: the sale stands, pink takes the new number.
    const kept = await save(10);
    expect(kept.statusCode, kept.body).toBe(200);
    expect([await variantStock(red8.id), await variantStock(pink8.id), await stockOf(p.id)]).toEqual([8, 5, 13]);
  });

  it('refuses an add that names no variant of a product with options, or one that does not exist (Persian 400)', async () => {
    const p = await lipstick();
    const s = await quickCustomer(t);
    const none = await add(s, { productId: p.id, quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('«رنگ» و «حجم»');
    const missing = await add(s, { productId: p.id, option: 'قرمز / ۱۲ میلی‌لیتر', quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('قرمز / ۱۲ میلی‌لیتر');
    const other = await lipstick({ Alias: 'other' });
    const foreign = await add(s, { productId: p.id, variantId: other.variants[0]!.id, quantity: 1 });
    expect(foreign.statusCode).toBe(400);
  });

  it('50 concurrent checkouts on a variant with stock 10 make exactly 10 orders; that variant ends at 0, the others untouched', async () => {
    const p = await lipstick({ Alias: 'race' });
    const red8 = variantOf(p, 'قرمز / ۸ میلی‌لیتر');
    const pink8 = variantOf(p, 'صورتی ملایم / ۸ میلی‌لیتر');
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => quickCustomer(t)));
    for (const s of shoppers) expect((await add(s, { productId: p.id, variantId: red8.id, quantity: 1 })).statusCode).toBe(200);
    const results = await Promise.all(shoppers.map((s) => checkout(s)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 && r.json().error.code === 'OUT_OF_STOCK')).toBe(true);
    expect(await variantStock(red8.id)).toBe(0);
    expect(await variantStock(pink8.id)).toBe(3);
    expect(await stockOf(p.id)).toBe(3);
    const held = await t.db.select({ q: orderItems.quantity }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.variantId, red8.id), eq(orders.status, 'awaiting_payment')));
    expect(held.reduce((n, r) => n + r.q, 0)).toBe(10);
  });
});

describe('variants: rows from before them', () => {
  it('gives an old colour product one variant per colour with the colour\'s stock, and points its cart lines at them', async () => {
    const category = await createCategory(t);
    const [old] = await t.db.insert(products).values({
      title: 'رژ قدیمی', alias: 'old', price: 100_000, offPrice: 100_000, categoryId: category.id, stock: 32,
      attributes: [{ title: 'رنگ', select: 3, colorObj: [{ name: 'نود', color: '#d7a18c', stock: 20 }, { name: 'قرمز', color: '#c62828', stock: 13 }] }],
    }).returning();
    const s = await quickCustomer(t);
    const cart = await add(s, { productId: (await createProduct(t)).id, quantity: 1 }); // the shopper's cart exists
    const cartId = (await t.db.select({ cartId: cartItems.cartId }).from(cartItems).where(eq(cartItems.id, cart.json().data.items[0].id)))[0]!.cartId;
    await t.db.insert(cartItems).values({ cartId, productId: old!.id, option: 'قرمز', quantity: 2 });

    expect(await ensureVariants(t.db)).toBe(1);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, old!.id));
    expect(variants.map((v) => [v.label, v.stock])).toEqual([['نود', 20], ['قرمز', 13]]);
    // The colours' stocks (20 + 13) win over the product's own number (32): it is their sum now.
    expect(await stockOf(old!.id)).toBe(33);
    const [line] = await t.db.select().from(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, old!.id)));
    expect(line!.variantId).toBe(variants.find((v) => v.label === 'قرمز')!.id);
    expect(await ensureVariants(t.db)).toBe(0); // idempotent
  });
});

describe('drafts and copies', () => {
  it('a draft is never listed, searched or shown on the storefront; the admin sees it; publishing shows it', async () => {
    const p = await lipstick({ isDraft: true, Title: 'رژ پیش‌نویس آزمایشی' });
    expect(p.isDraft).toBe(true);
    const visible = async () => {
      await t.app.services.cache.invalidate();
      const byId = await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${p.id}` });
      const all = (await t.app.inject({ method: 'GET', url: '/api/Product/All?pageSize=1000' })).json().data.data as { id: number }[];
      const search = (await t.app.inject({ method: 'GET', url: `/api/Product/All?title=${encodeURIComponent('پیش‌نویس آزمایشی')}` })).json().data.data as { id: number }[];
      return { byId: byId.statusCode, listed: all.some((x) => x.id === p.id), found: search.some((x) => x.id === p.id) };
    };
    expect(await visible()).toEqual({ byId: 404, listed: false, found: false });
    const s = await quickCustomer(t);
    expect((await add(s, { productId: p.id, variantId: p.variants[0]!.id, quantity: 1 })).statusCode).toBe(404);
    const adminList = await t.app.inject({ method: 'GET', url: '/api/Product/Admin?status=draft&pageSize=100', headers: await admin() });
    expect(adminList.json().data.data.some((x: { id: number; isDraft: boolean }) => x.id === p.id && x.isDraft)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/Product/AdminById?id=${p.id}`, headers: await admin() })).statusCode).toBe(200);

    const pub = await t.app.inject({ method: 'PUT', url: '/api/Product/SetDraft', payload: { id: p.id, isDraft: false }, headers: await admin() });
    expect(pub.json().data.isDraft).toBe(false);
    expect(await visible()).toEqual({ byId: 200, listed: true, found: true });
  });

  it('duplicates a product as a draft with its options and combinations, without stock or SKUs', async () => {
    const p = await lipstick({ Alias: 'to-copy' });
    const res = await t.app.inject({ method: 'POST', url: '/api/Product/Duplicate', payload: { id: p.id }, headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data as Detail & { title: string };
    expect(copy.id).not.toBe(p.id);
    expect(copy.title).toBe('رژ لب مایع (کپی)');
    expect(copy.isDraft).toBe(true);
    expect(copy.variants.map((v) => [v.label, v.stock, v.sku, v.ownPrice])).toEqual(p.variants.map((v) => [v.label, 0, null, v.ownPrice]));
    expect(copy.stock).toBe(0);
    expect(await stockOf(p.id)).toBe(13);
  });

  it('only the admin reaches the admin product endpoints', async () => {
    const s = await quickCustomer(t);
    for (const [method, url] of [['GET', '/api/Product/Admin'], ['GET', '/api/Product/AdminById?id=1'], ['PUT', '/api/Product/SetDraft'], ['POST', '/api/Product/Duplicate']] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { id: 1, isDraft: false } })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: s.headers, payload: method === 'GET' ? undefined : { id: 1, isDraft: false } })).statusCode).toBe(403);
    }
  });
});
