import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders, payments, products, productVariants } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, NEW_ADDRESS, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';

let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t?.close(); });

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;
const addToCart = (s: Shopper, productId: number, quantity = 1, option?: string) =>
  t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId, quantity, option }, headers: s.headers });
const checkout = (s: Shopper, body: object = { address: NEW_ADDRESS }) =>
  t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: body, headers: s.headers });
const stockOf = async (id: number) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const callback = (authority: string, status = 'OK', extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/Payment/Callback?${new URLSearchParams({ Authority: authority, Status: status, ...extra })}`, headers });
const resultOf = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location), 'http://x').searchParams.get('result');
const payOnGateway = (authority: string, action: 'pay' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/payment/fake/${authority}/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

async function placeOrder(opts: { price?: number; stock?: number; quantity?: number } = {}) {
  const p = await createProduct(t, { Price: opts.price ?? 300000, Stock: opts.stock ?? 10 });
  const s = await quickCustomer(t);
  await addToCart(s, p.id, opts.quantity ?? 2);
  const res = await checkout(s);
  if (res.statusCode !== 200) throw new Error(res.body);
  const data = res.json().data;
  const authority = (await paymentOf(data.orderId)).authority;
  return { p, s, order: data, authority };
}

describe('POST /api/Order/Checkout', () => {
  it('creates an order awaiting payment, reserves stock, saves the address and returns the gateway URL', async () => {
    const { p, s, order } = await placeOrder({ price: 300000, stock: 10, quantity: 2 });
    expect(order.paymentUrl).toMatch(/^\/payment\/fake\/FAKE/);
    expect(order.number).toMatch(/^\d{8}$/);
    expect(order.total).toBe(600000 + 45000);
    expect(await stockOf(p.id)).toBe(8);
    const mine = await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${order.orderId}`, headers: s.headers });
    expect(mine.json().data).toMatchObject({ status: 'awaiting_payment', statusLabel: 'در انتظار پرداخت', postalCode: '1234567890', mobile: '989121234567', shippingFee: 45000 });
    expect(mine.json().data.items[0]).toMatchObject({ productId: p.id, quantity: 2, unitPrice: 300000 });
    const saved = await t.app.inject({ method: 'GET', url: '/api/Address', headers: s.headers });
    expect(saved.json().data).toHaveLength(1);
  });

  it('applies the discount code and counts its use; checks out to a saved address', async () => {
    const p = await createProduct(t, { Price: 1_500_000, Stock: 5 });
    await t.app.inject({ method: 'POST', url: '/api/Discount', payload: { code: 'ORDER10', kind: 'percent', value: 10, usageLimit: 1 }, headers: bearer(await t.adminToken()) });
    const s = await quickCustomer(t);
    const addr = (await t.app.inject({ method: 'POST', url: '/api/Address', payload: NEW_ADDRESS, headers: s.headers })).json().data;
    await addToCart(s, p.id, 2);
    await t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code: 'ORDER10' }, headers: s.headers });
    const res = await checkout(s, { addressId: addr.id });
    expect(res.statusCode).toBe(200);
    const o = await orderRow(res.json().data.orderId);
    expect(o).toMatchObject({ subtotal: 3_000_000, discount: 300_000, shippingFee: 0, total: 2_700_000, discountCode: 'ORDER10' });
    // The only use is taken: another shopper cannot apply it now.
    const other = await quickCustomer(t);
    await addToCart(other, p.id, 1);
    const again = await t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code: 'ORDER10' }, headers: other.headers });
    expect(again.json().error.message).toContain('ظرفیت');
  });

  it('refuses an empty cart, someone else\'s address, and a guest', async () => {
    const s = await quickCustomer(t);
    expect((await checkout(s)).json().error.message).toBe('سبد خرید شما خالی است');
    const owner = await quickCustomer(t);
    const addr = (await t.app.inject({ method: 'POST', url: '/api/Address', payload: NEW_ADDRESS, headers: owner.headers })).json().data;
    const p = await createProduct(t, { Stock: 5 });
    await addToCart(s, p.id, 1);
    expect((await checkout(s, { addressId: addr.id })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS } })).statusCode).toBe(401);
  });

  it('says what to do with a line it cannot sell: take out one no longer sold or sold out, lower one with too few left', async () => {
    const withdrawn = await createProduct(t, { Title: 'کرم کنار گذاشته', Stock: 4 });
    const s = await quickCustomer(t);
    await addToCart(s, withdrawn.id, 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Product/Delete?id=${withdrawn.id}`, headers: bearer(await t.adminToken()) })).json().data.hidden).toBe(true);
    const gone = await checkout(s);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: '«کرم کنار گذاشته» ناموجود است؛ آن را از سبد خرید بردارید' });

    const few = await createProduct(t, { Title: 'ریمل کم‌موجود', Stock: 3 });
    const other = await quickCustomer(t);
    await addToCart(other, few.id, 3);
    await t.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, few.id));
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, few.id));
    const short = await checkout(other);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe('موجودی «ریمل کم‌موجود» کافی نیست؛ فقط ۱ عدد موجود است، تعداد آن را در سبد خرید کم کنید');
  });

  it('50 concurrent checkouts on a product with stock 10 make exactly 10 orders and stock 0; cancelling one returns its unit', async () => {
    const p = await createProduct(t, { Stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => quickCustomer(t)));
    for (const s of shoppers) expect((await addToCart(s, p.id, 1)).statusCode).toBe(200);
    const results = await Promise.all(shoppers.map((s) => checkout(s)));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'OUT_OF_STOCK')).toBe(true);
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toHaveLength(0);
    const awaiting = await t.db.select().from(orders).where(and(eq(orders.status, 'awaiting_payment'), eq(orders.subtotal, 100000)));
    const forProduct = awaiting.filter((o) => okOnes.some((r) => r.json().data.orderId === o.id));
    expect(forProduct).toHaveLength(10);
    expect(await stockOf(p.id)).toBe(0);

    const cancel = await t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: forProduct[0]!.id, status: 'cancelled' }, headers: bearer(await t.adminToken()) });
    expect(cancel.json().data.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(1);
    // Cancelling again changes nothing.
    const twice = await t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: forProduct[0]!.id, status: 'cancelled' }, headers: bearer(await t.adminToken()) });
    expect(twice.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(1);
  });

  it('respects a colour\'s own stock and gives it back on cancel', async () => {
    const attribute = JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#ff0000', stock: 1 }] }]);
    const p = await createProduct(t, { Stock: 50, Attribute: attribute });
    const a = await quickCustomer(t);
    const b = await quickCustomer(t);
    await addToCart(a, p.id, 1, 'قرمز');
    await addToCart(b, p.id, 1, 'قرمز');
    expect((await checkout(a)).statusCode).toBe(200);
    const second = await checkout(b);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toContain('قرمز');
    // The product's stock is its colours' (1 red), never a second number typed beside them (the 50 sent).
    expect(await stockOf(p.id)).toBe(0);
  });
});

describe('GET /api/Payment/Callback', () => {
  it('pays once on the fake gateway: order paid, cart emptied, a replay changes nothing', async () => {
    const { p, s, order, authority } = await placeOrder();
    const page = await t.app.inject({ method: 'GET', url: order.paymentUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('پرداخت');
    const paid = await payOnGateway(authority, 'pay');
    expect(paid.statusCode).toBe(303);
    const first = await t.app.inject({ method: 'GET', url: String(paid.headers.location) });
    expect(first.headers.location).toContain(`number=${order.number}`);
    expect(resultOf(first)).toBe('paid');
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/Cart', headers: s.headers })).json().data.items).toEqual([]);
    const sold = (await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, p.id)))[0]!.n;

    const replay = await callback(authority);
    expect(resultOf(replay)).toBe('already_paid');
    expect((await orderRow(order.orderId)).paidAt).toEqual(row.paidAt);
    expect((await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, p.id)))[0]!.n).toBe(sold);
  });

  it('a callback saying OK without a payment at the gateway changes nothing', async () => {
    const { order, authority } = await placeOrder();
    expect(resultOf(await callback(authority, 'OK'))).toBe('invalid');
    expect((await orderRow(order.orderId)).status).toBe('awaiting_payment');
  });

  it('the amount comes from the database: a wrong amount in the query is ignored, a wrong amount at the gateway fails', async () => {
    const { order, authority } = await placeOrder();
    await payOnGateway(authority, 'pay');
    await t.db.update(payments).set({ gatewayAmount: 1000 }).where(eq(payments.authority, authority));
    expect(resultOf(await callback(authority, 'OK', { Amount: '1000' }))).toBe('invalid');
    expect((await orderRow(order.orderId)).status).toBe('awaiting_payment');
  });

  it('an unknown authority changes nothing', async () => {
    const { order } = await placeOrder();
    expect(resultOf(await callback('FAKEDOESNOTEXIST'))).toBe('invalid');
    expect(resultOf(await t.app.inject({ method: 'GET', url: '/api/Payment/Callback' }))).toBe('invalid');
    expect((await orderRow(order.orderId)).status).toBe('awaiting_payment');
  });

  it('another shopper\'s callback on my order changes nothing', async () => {
    const { order, authority } = await placeOrder();
    await payOnGateway(authority, 'pay');
    const intruder = await quickCustomer(t);
    expect(resultOf(await callback(authority, 'NOK', {}, intruder.headers))).toBe('not_yours');
    expect(resultOf(await callback(authority, 'OK', {}, intruder.headers))).toBe('not_yours');
    expect((await orderRow(order.orderId)).status).toBe('awaiting_payment');
  });

  it('a cancelled payment releases the stock and the shopper can try again', async () => {
    const { p, s, order, authority } = await placeOrder({ stock: 10, quantity: 2 });
    expect(await stockOf(p.id)).toBe(8);
    const cancelled = await payOnGateway(authority, 'cancel');
    // Without the shopper's session the NOK changes nothing; the shopper's own browser (its cookie) cancels.
    expect(resultOf(await t.app.inject({ method: 'GET', url: String(cancelled.headers.location) }))).toBe('not_yours');
    expect((await orderRow(order.orderId)).status).toBe('awaiting_payment');
    expect(await stockOf(p.id)).toBe(8);
    const res = await t.app.inject({ method: 'GET', url: String(cancelled.headers.location), headers: s.headers });
    expect(resultOf(res)).toBe('failed');
    expect((await orderRow(order.orderId)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);
    // The cart is still there: check out again and pay.
    const again = await checkout(s);
    expect(again.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(8);
    const auth2 = (await paymentOf(again.json().data.orderId)).authority;
    await payOnGateway(auth2, 'pay');
    expect(resultOf(await callback(auth2))).toBe('paid');
  });

  it('an unpaid order releases its stock after 30 minutes', async () => {
    const { p, s, order, authority } = await placeOrder({ stock: 5, quantity: 3 });
    expect(await stockOf(p.id)).toBe(2);
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, order.orderId));
    const mine = await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${order.orderId}`, headers: s.headers });
    expect(mine.json().data.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(5);
    await payOnGateway(authority, 'pay');
    expect(resultOf(await callback(authority))).toBe('expired');
  });
});

describe('orders of other shoppers', () => {
  it('cannot be read', async () => {
    const { order } = await placeOrder();
    const other = await quickCustomer(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${order.orderId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/Order/Pay', payload: { id: order.orderId }, headers: other.headers })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/Order/Mine', headers: other.headers });
    expect(list.json().data).toMatchObject({ data: [], totalCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/Order/Admin', headers: other.headers })).statusCode).toBe(403);
  });
});

describe('GET /api/Order/Track', () => {
  it('finds an order by number and mobile (Persian digits), and nothing with the wrong mobile', async () => {
    const { order } = await placeOrder();
    const ok = await t.app.inject({ method: 'GET', url: `/api/Order/Track?number=${order.number}&mobile=${encodeURIComponent('۰۹۱۲۱۲۳۴۵۶۷')}` });
    expect(ok.json().data).toMatchObject({ number: order.number, status: 'awaiting_payment' });
    const bad = await t.app.inject({ method: 'GET', url: `/api/Order/Track?number=${order.number}&mobile=09120000000` });
    expect(bad.statusCode).toBe(404);
  });

  it('finds it by the number typed in Persian digits, the way the site prints it', async () => {
    const { order } = await placeOrder();
    const fa = (s: string) => s.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const res = await t.app.inject({ method: 'GET', url: `/api/Order/Track?number=${encodeURIComponent(fa(order.number))}&mobile=${encodeURIComponent(fa('09121234567'))}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number: order.number });
    const arabic = String(order.number).replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const ar = await t.app.inject({ method: 'GET', url: `/api/Order/Track?number=${encodeURIComponent(arabic)}&mobile=09121234567` });
    expect(ar.json().data).toMatchObject({ number: order.number });
  });
});

describe('PUT /api/Order/SetStatus', () => {
  it('follows the workflow, refuses a jump, and writes the audit log', async () => {
    const { order, authority } = await placeOrder();
    await payOnGateway(authority, 'pay');
    await callback(authority);
    const admin = bearer(await t.adminToken());
    const set = (status: string) => t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: order.orderId, status }, headers: admin });
    const jump = await set('delivered');
    expect(jump.statusCode).toBe(409);
    expect(jump.json().error.message).toContain('مجاز نیست');
    for (const s of ['processing', 'shipped', 'delivered']) expect((await set(s)).json().data.status).toBe(s);
    expect((await set('cancelled')).statusCode).toBe(409);
    const logs = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.orderId)));
    expect(logs.map((l) => (l.data as { to: string }).to)).toEqual(['paid', 'processing', 'shipped', 'delivered']);
    expect(logs[0]!.data).toEqual({ from: 'awaiting_payment', to: 'paid', actor: 'payment', reason: 'payment_verified' });
  });
});

describe('reads that expire orders', () => {
  it('an order whose reservation ran out frees its units for the very next product read (the cache is dropped)', async () => {
    const { p, s, order } = await placeOrder({ stock: 5, quantity: 2 });
    const stockShown = async () => (await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${p.id}` })).json().data.stock;
    expect(await stockShown()).toBe(3); // now cached
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.orderId));
    const mine = await t.app.inject({ method: 'GET', url: '/api/Order/Mine', headers: s.headers });
    expect(mine.json().data.data[0]).toMatchObject({ id: order.orderId, status: 'cancelled' });
    expect(await stockShown()).toBe(5);
  });
});

describe('GET /api/Order/Admin', () => {
  it('lists orders with status and date filters, paged', async () => {
    const { order, authority } = await placeOrder();
    await payOnGateway(authority, 'pay');
    await callback(authority);
    const admin = bearer(await t.adminToken());
    const paid = await t.app.inject({ method: 'GET', url: '/api/Order/Admin?status=paid&pageSize=100', headers: admin });
    expect(paid.json().data.data.some((o: { id: number }) => o.id === order.orderId)).toBe(true);
    expect(paid.json().data.data.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    const future = await t.app.inject({ method: 'GET', url: `/api/Order/Admin?from=${new Date(Date.now() + 86_400_000).toISOString()}`, headers: admin });
    expect(future.json().data.totalCount).toBe(0);
    const one = await t.app.inject({ method: 'GET', url: `/api/Order/AdminById?id=${order.orderId}`, headers: admin });
    expect(one.json().data).toMatchObject({ id: order.orderId, status: 'paid' });
  });

  it('finds an order searched by its number in Persian digits', async () => {
    const { order } = await placeOrder();
    const fa = String(order.number).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const found = await t.app.inject({ method: 'GET', url: `/api/Order/Admin?search=${encodeURIComponent(fa)}`, headers: bearer(await t.adminToken()) });
    expect(found.json().data.data.map((o: { id: number }) => o.id)).toEqual([order.orderId]);
  });
});

describe('DELETE /api/Product/Delete', () => {
  it('hides a product that was ordered instead of deleting it', async () => {
    const { p, order } = await placeOrder();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Product/Delete?id=${p.id}`, headers: bearer(await t.adminToken()) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row?.isDeleted).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/Order/AdminById?id=${order.orderId}`, headers: bearer(await t.adminToken()) })).json().data.items[0].title).toBe(p.title);
  });
});
