import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { jobs, orders, products, stockSubscriptions, wishlistItems } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { asAdmin, dataOf, errorOf } from '../../../test/api.js';
import { createCategory, createProduct } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildShopApp, deliveredOrder, NEW_ADDRESS, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;
let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t.close(); });

const as = (s: Shopper | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: s?.headers ?? {} });
const ids = async (s: Shopper) => dataOf(await as(s, 'GET', '/api/Wishlist/Ids'));
const subscribe = (s: Shopper, productId: number, variantId?: number) =>
  as(s, 'POST', '/api/StockAlert/Subscribe', { productId, ...(variantId ? { variantId } : {}) });
const restockJobs = async () => (await t.db.select().from(jobs).where(like(jobs.dedupeKey, 'sms:restock:%')));
const jobsFor = async (mobile: string) => (await restockJobs()).filter((j) => (j.payload as { to: string }).to === mobile);
const statusOf = async (id: number) => (await t.db.select().from(stockSubscriptions).where(eq(stockSubscriptions.id, id)))[0]!.status;

/** The admin's product form, sent again with another stock (a product without options). */
async function editStock(p: { id: number; categoryId: number; title: string }, stock: number) {
  const body = multipart({ Id: p.id, Title: p.title, Alias: 'product', Tags: 'کرم', Price: 100000, Description: '<p>توضیح</p>', Stock: stock, CategoryId: p.categoryId });
  const res = await t.app.inject({ method: 'PUT', url: '/api/Product/Update', ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { variants: { id: number; label: string; stock: number; options: string[] }[] };
}

const SHADES = JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#c62828' }, { name: 'صورتی', color: '#f4a6b8' }] }]);
/** A lipstick in two shades (both out of stock), edited through the admin's variant table. */
async function shades(stocks: [number, number], id?: number, categoryId?: number) {
  const body = multipart({
    ...(id ? { Id: id } : {}), Title: 'رژ لب دو رنگ', Alias: 'lip', Tags: 'رژ', Price: 300_000, Description: '<p>رژ</p>', Attribute: SHADES,
    CategoryId: categoryId ?? (await createCategory(t)).id,
    variants: JSON.stringify([{ options: ['قرمز'], stock: stocks[0] }, { options: ['صورتی'], stock: stocks[1] }]),
  });
  const res = await t.app.inject({ method: id ? 'PUT' : 'POST', url: `/api/Product/${id ? 'Update' : 'Create'}`, ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; categoryId: number; variants: { id: number; label: string }[] };
}

describe('the wishlist', () => {
  it('answers 401 to a guest on every shopper endpoint', async () => {
    const p = await createProduct(t);
    for (const [method, url, payload] of [
      ['GET', '/api/Wishlist/Ids'], ['GET', '/api/Wishlist'], ['POST', '/api/Wishlist/Add', { productId: p.id }],
      ['DELETE', `/api/Wishlist/Remove?productId=${p.id}`], ['POST', '/api/StockAlert/Subscribe', { productId: p.id }], ['DELETE', '/api/StockAlert/Cancel?id=1'],
    ] as const) {
      const res = await as(null, method, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).message).toBe('برای این کار باید وارد حساب کاربری شوید');
    }
  });

  it('adds, lists with the card, and removes; adding twice (or at once) keeps one row', async () => {
    const s = await quickCustomer(t);
    const p = await createProduct(t, { Price: 250_000 });
    const adds = await Promise.all(Array.from({ length: 5 }, () => as(s, 'POST', '/api/Wishlist/Add', { productId: p.id })));
    expect(adds.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.db.$count(wishlistItems, eq(wishlistItems.userId, s.userId))).toBe(1);
    expect((await ids(s)).productIds).toEqual([p.id]);
    const list = dataOf(await as(s, 'GET', '/api/Wishlist'));
    expect(list.items).toMatchObject([{ id: p.id, title: p.title, price: 250_000, stock: 5 }]);
    expect(dataOf(await as(s, 'DELETE', `/api/Wishlist/Remove?productId=${p.id}`))).toEqual({ id: p.id });
    expect(dataOf(await as(s, 'DELETE', `/api/Wishlist/Remove?productId=${p.id}`))).toEqual({ id: p.id });
    expect((await ids(s)).productIds).toEqual([]);
  });

  it('keeps each shopper\'s list their own', async () => {
    const [a, b] = [await quickCustomer(t), await quickCustomer(t)];
    const p = await createProduct(t);
    dataOf(await as(a, 'POST', '/api/Wishlist/Add', { productId: p.id }));
    expect((await ids(b)).productIds).toEqual([]);
    dataOf(await as(b, 'DELETE', `/api/Wishlist/Remove?productId=${p.id}`)); // removes nothing of a's
    expect((await ids(a)).productIds).toEqual([p.id]);
  });

  it('refuses an unknown, draft or bad product id with a Persian 404/400', async () => {
    const s = await quickCustomer(t);
    expect(errorOf(await as(s, 'POST', '/api/Wishlist/Add', { productId: 999_999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'محصول پیدا نشد' });
    const draft = await createProduct(t, { isDraft: true });
    expect((await as(s, 'POST', '/api/Wishlist/Add', { productId: draft.id })).statusCode).toBe(404);
    expect((await as(s, 'POST', '/api/Wishlist/Add', { productId: 'abc' })).statusCode).toBe(400);
  });

  it('leaves out a product deleted or unpublished since it was saved', async () => {
    const s = await quickCustomer(t);
    const [gone, hidden, kept] = [await createProduct(t), await createProduct(t), await createProduct(t)];
    for (const p of [gone, hidden, kept]) dataOf(await as(s, 'POST', '/api/Wishlist/Add', { productId: p.id }));
    dataOf(await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${gone.id}`));
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: hidden.id, isDraft: true }));
    expect((await ids(s)).productIds).toEqual([kept.id]);
    expect(dataOf(await as(s, 'GET', '/api/Wishlist')).items.map((i: { id: number }) => i.id)).toEqual([kept.id]);
  });
});

describe('notify me when available', () => {
  it('subscribes to an out-of-stock product once (at once too), refuses one in stock, and lists and cancels it', async () => {
    const s = await quickCustomer(t);
    const p = await createProduct(t, { Stock: 0 });
    const subs = await Promise.all(Array.from({ length: 4 }, () => subscribe(s, p.id)));
    expect(subs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(subs.map((r) => r.json().data.id)).size).toBe(1);
    expect(await t.db.$count(stockSubscriptions, eq(stockSubscriptions.userId, s.userId))).toBe(1);
    const alert = subs[0]!.json().data;
    expect((await ids(s)).alerts).toEqual([{ id: alert.id, productId: p.id, variantId: null }]);
    expect(dataOf(await as(s, 'GET', '/api/Wishlist')).alerts).toMatchObject([{ id: alert.id, productId: p.id, label: '', product: { id: p.id, stock: 0 } }]);

    const inStock = await createProduct(t, { Stock: 3 });
    expect(errorOf(await subscribe(s, inStock.id))).toMatchObject({ code: 'CONFLICT', message: 'این کالا موجود است؛ همین حالا می‌توانید آن را بخرید' });

    const other = await quickCustomer(t);
    expect(errorOf(await as(other, 'DELETE', `/api/StockAlert/Cancel?id=${alert.id}`))).toMatchObject({ code: 'NOT_FOUND' });
    dataOf(await as(s, 'DELETE', `/api/StockAlert/Cancel?id=${alert.id}`));
    expect((await ids(s)).alerts).toEqual([]);
  });

  it('the admin\'s edit from 0 sends one SMS per wait, and a second restock sends none', async () => {
    const p = await createProduct(t, { Stock: 0 });
    const [a, b] = [await quickCustomer(t), await quickCustomer(t)];
    const subA = dataOf(await subscribe(a, p.id));
    dataOf(await subscribe(b, p.id));
    expect(dataOf(await asAdmin(t, 'GET', `/api/StockAlert/Count?id=${p.id}`))).toEqual({ waiting: 2, variants: [{ variantId: null, label: '', waiting: 2 }] });

    await editStock(p, 4);
    expect(await statusOf(subA.id)).toBe('notified');
    const [sms] = await jobsFor(a.mobile);
    expect(sms!.payload).toEqual({ to: a.mobile, text: `مشتری عزیز، «${p.title}» که منتظرش بودید موجود شد: http://localhost:80/product/${p.id}` });
    expect(await jobsFor(b.mobile)).toHaveLength(1);
    expect(dataOf(await asAdmin(t, 'GET', `/api/StockAlert/Count?id=${p.id}`)).waiting).toBe(0);

    await editStock(p, 0);
    await editStock(p, 6);
    expect(await jobsFor(a.mobile)).toHaveLength(1);
    expect(await jobsFor(b.mobile)).toHaveLength(1);
    // Subscribing again after the message is a new wait, with its own message at the next restock.
    await editStock(p, 0);
    dataOf(await subscribe(a, p.id));
    await editStock(p, 2);
    expect(await jobsFor(a.mobile)).toHaveLength(2);
  });

  it('a variant\'s wait is fired by that variant\'s restock in the variant table, not another\'s', async () => {
    const lip = await shades([0, 0]);
    const [red, pink] = [lip.variants.find((v) => v.label === 'قرمز')!, lip.variants.find((v) => v.label === 'صورتی')!];
    const s = await quickCustomer(t);
    const wait = dataOf(await subscribe(s, lip.id, red.id));
    expect(wait).toMatchObject({ productId: lip.id, variantId: red.id, label: 'قرمز' });
    const other = await quickCustomer(t);
    expect(errorOf(await subscribe(other, lip.id, 999_999))).toMatchObject({ code: 'NOT_FOUND' });

    await shades([0, 5], lip.id, lip.categoryId); // pink back: red's wait stays
    expect(await statusOf(wait.id)).toBe('waiting');
    expect(await jobsFor(s.mobile)).toHaveLength(0);
    expect(errorOf(await subscribe(other, lip.id, pink.id)).code).toBe('CONFLICT');

    await shades([2, 5], lip.id, lip.categoryId);
    expect(await statusOf(wait.id)).toBe('notified');
    const sent = await jobsFor(s.mobile);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.payload as { text: string }).text).toContain(`(قرمز)`);
    expect((sent[0]!.payload as { text: string }).text).toContain(`/product/${lip.id}?variant=${red.id}`);
  });

  it('publishing a product restocked while it was a draft notifies (the publish button, not only the form)', async () => {
    const p = await createProduct(t, { Stock: 0 });
    const s = await quickCustomer(t);
    const wait = dataOf(await subscribe(s, p.id));
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: p.id, isDraft: true }));
    const body = multipart({ Id: p.id, Title: p.title, Alias: 'product', Tags: 'کرم', Price: 100000, Description: '<p>توضیح</p>', Stock: 3, CategoryId: p.categoryId, IsDraft: true });
    const res = await t.app.inject({ method: 'PUT', url: '/api/Product/Update', ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(wait.id)).toBe('waiting'); // restocked, still a draft: nobody can buy it yet
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: p.id, isDraft: false }));
    expect(await statusOf(wait.id)).toBe('notified');
    expect(await jobsFor(s.mobile)).toHaveLength(1);
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: p.id, isDraft: true }));
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: p.id, isDraft: false }));
    expect(await jobsFor(s.mobile)).toHaveLength(1);
  });

  it('a variant removed from the product takes its waits with it, ordered before or not', async () => {
    const lip = await shades([0, 1]);
    const [red, pink] = [lip.variants.find((v) => v.label === 'قرمز')!, lip.variants.find((v) => v.label === 'صورتی')!];
    const buyer = await quickCustomer(t);
    dataOf(await as(buyer, 'POST', '/api/Cart/Add', { productId: lip.id, variantId: pink.id, quantity: 1 }));
    dataOf(await as(buyer, 'POST', '/api/Order/Checkout', { address: NEW_ADDRESS })); // pink is ordered: kept as history
    const s = await quickCustomer(t);
    const onPink = dataOf(await subscribe(s, lip.id, pink.id));
    const onRed = dataOf(await subscribe(s, lip.id, red.id));
    const body = multipart({
      Id: lip.id, Title: 'رژ لب دو رنگ', Alias: 'lip', Tags: 'رژ', Price: 300_000, Description: '<p>رژ</p>', Attribute: SHADES,
      CategoryId: lip.categoryId, variants: JSON.stringify([{ id: red.id, options: ['قرمز'], stock: 0 }]),
    });
    const res = await t.app.inject({ method: 'PUT', url: '/api/Product/Update', ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(stockSubscriptions).where(eq(stockSubscriptions.id, onPink.id))).toEqual([]);
    expect(await statusOf(onRed.id)).toBe('waiting');
    expect((await ids(s)).alerts.map((a: { variantId: number }) => a.variantId)).toEqual([red.id]);
  });

  it('an expired unpaid order putting stock back notifies', async () => {
    const p = await createProduct(t, { Stock: 2 });
    const buyer = await quickCustomer(t);
    dataOf(await as(buyer, 'POST', '/api/Cart/Add', { productId: p.id, quantity: 2 }));
    const order = dataOf(await as(buyer, 'POST', '/api/Order/Checkout', { address: NEW_ADDRESS }));
    const s = await quickCustomer(t);
    const wait = dataOf(await subscribe(s, p.id));
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, order.orderId));
    expect(dataOf(await as(buyer, 'GET', `/api/Order/MineById?id=${order.orderId}`)).status).toBe('cancelled');
    expect(await statusOf(wait.id)).toBe('notified');
    expect(await jobsFor(s.mobile)).toHaveLength(1);
  });

  it('an approved return putting the last units back notifies', async () => {
    const p = await createProduct(t, { Stock: 2 });
    const { orderId, itemId, s: buyer } = await deliveredOrder(t, { productId: p.id, quantity: 2 });
    const s = await quickCustomer(t);
    const wait = dataOf(await subscribe(s, p.id));
    const form = multipart({ orderId, items: JSON.stringify([{ orderItemId: itemId, quantity: 1 }]), reason: 'damaged' });
    const req = dataOf(await t.app.inject({ method: 'POST', url: '/api/Return/Create', payload: form.payload, headers: { ...form.headers, ...buyer.headers } }));
    expect(await statusOf(wait.id)).toBe('waiting');
    dataOf(await asAdmin(t, 'PUT', '/api/Return/Approve', { id: req.id, items: [{ orderItemId: itemId, quantity: 1 }] }));
    expect((await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id)))[0]!.stock).toBe(1);
    expect(await statusOf(wait.id)).toBe('notified');
    expect(await jobsFor(s.mobile)).toHaveLength(1);
  });

  it('two restocks at once send one SMS per wait', async () => {
    const lip = await shades([0, 0]);
    const s = await quickCustomer(t);
    dataOf(await subscribe(s, lip.id));
    const [r1, r2] = await Promise.all([
      (async () => shades([1, 0], lip.id, lip.categoryId))(),
      (async () => shades([0, 1], lip.id, lip.categoryId))(),
    ].map((p) => p.then(() => 200, () => 409)));
    expect([r1, r2]).toContain(200);
    expect(await jobsFor(s.mobile)).toHaveLength(1);
  });

  it('shows the owner the waiting count only to staff with the catalogue', async () => {
    const p = await createProduct(t, { Stock: 0 });
    const s = await quickCustomer(t);
    expect((await as(s, 'GET', `/api/StockAlert/Count?id=${p.id}`)).statusCode).toBe(403);
  });
});
