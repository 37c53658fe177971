import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, discountCodes, orderItems, orders, payments, products } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createCategory, createProduct } from '../../../test/factories.js';
import { buildShopApp, NEW_ADDRESS, quickCustomer, setStock, type ShopApp } from '../cart/commerce.test-helpers.js';
import { expireDueOrders } from './orders.service.js';

/**
 * Every verify the gateway answers is recorded here (authority → ok?), so a round knows whether the
 * gateway confirmed money; `hook` runs between a verify and the callback's write (a cancel "meanwhile").
 */
const spy = vi.hoisted(() => ({
  confirmed: new Map<string, boolean>(),
  hook: new Map<string, () => Promise<void>>(),
}));
vi.mock('./payment.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('./payment.js')>();
  return {
    ...orig,
    gatewayFromConfig: (...args: Parameters<typeof orig.gatewayFromConfig>) => {
      const g = orig.gatewayFromConfig(...args);
      return {
        name: g.name,
        request: g.request.bind(g),
        async verify(p: { authority: string; amount: number }) {
          const r = await g.verify(p);
          // A real gateway answers over the network: a few turns of the event loop for the other side to act.
          for (let i = 0; i < 10; i++) await new Promise((done) => setImmediate(done));
          if (r.ok) spy.confirmed.set(p.authority, true);
          const hook = spy.hook.get(p.authority);
          spy.hook.delete(p.authority);
          if (hook) await hook();
          return r;
        },
      };
    },
  };
});

const ROUNDS = 10;
let t: ShopApp;
let categoryId: number;
beforeAll(async () => {
  t = await buildShopApp();
  categoryId = (await createCategory(t)).id;
});
afterAll(async () => { await t?.close(); });

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;
type Res = LightMyRequestResponse;
const admin = async () => bearer(await t.adminToken());
const addToCart = (s: Shopper, productId: number, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId, quantity }, headers: s.headers });
const checkout = (s: Shopper) => t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS }, headers: s.headers });
const callback = (authority: string, status: 'OK' | 'NOK', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/Payment/Callback?Authority=${authority}&Status=${status}`, headers });
const resultOf = (res: Res) => new URL(String(res.headers.location), 'http://x').searchParams;
const payOnGateway = (authority: string) =>
  t.app.inject({ method: 'POST', url: `/payment/fake/${authority}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const setStatus = async (id: number, status: string, extra: object = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id, status, ...extra }, headers: await admin() });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

/** A product with `stock` units, a shopper with `quantity` of it checked out and paid at the (fake) bank. */
async function paidAtBank(stock: number, quantity: number, discountCode?: string) {
  const p = await createProduct(t, { Stock: stock, Price: 200_000, CategoryId: categoryId });
  const s = await quickCustomer(t);
  expect((await addToCart(s, p.id, quantity)).statusCode).toBe(200);
  if (discountCode) await t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code: discountCode }, headers: s.headers });
  const res = await checkout(s);
  if (res.statusCode !== 200) throw new Error(res.body);
  const orderId = res.json().data.orderId as number;
  const { authority } = await paymentOf(orderId);
  await payOnGateway(authority);
  return { p, s, orderId, authority };
}

const SOLD = ['paid', 'processing', 'shipped', 'delivered'];
/**
 * What must hold whatever the interleaving: no unit lost or created, sold counts and discount uses match the
 * orders, and money the gateway confirmed is on a paid order or one the admin sees (paid_unfulfillable).
 * Returns what is broken ([] when all holds).
 */
async function broken(productId: number, initialStock: number, authority: string, discountId?: number): Promise<string[]> {
  const out: string[] = [];
  const p = await productRow(productId);
  const lines = await t.db.select({ quantity: orderItems.quantity, status: orders.status, released: orders.stockReleased })
    .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orderItems.productId, productId));
  const held = lines.filter((l) => !l.released).reduce((n, l) => n + l.quantity, 0);
  const sold = lines.filter((l) => SOLD.includes(l.status)).reduce((n, l) => n + l.quantity, 0);
  if (p.stock + held !== initialStock) out.push(`stock ${p.stock} + reserved ${held} != ${initialStock}`);
  if (p.soldCount !== sold) out.push(`soldCount ${p.soldCount} != ${sold}`);
  for (const l of lines) if (l.released === ['awaiting_payment', ...SOLD].includes(l.status)) out.push(`status ${l.status} with stock_released=${l.released}`);

  const [pay] = await t.db.select().from(payments).where(eq(payments.authority, authority));
  const o = await orderRow(pay!.orderId);
  if (spy.confirmed.get(authority)) {
    if (!['paid', 'paid_unfulfillable'].includes(o.status)) out.push(`confirmed money on a ${o.status} order`);
    if (pay!.status !== 'paid' || !pay!.refId) out.push(`confirmed payment recorded as ${pay!.status}`);
  } else if (pay!.status === 'paid' || (o.status !== 'cancelled' && o.status !== 'awaiting_payment')) {
    out.push(`unconfirmed payment ${pay!.status} on a ${o.status} order`);
  }
  if (discountId) {
    const [d] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, discountId));
    const holding = await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.discountCodeId, discountId), eq(orders.stockReleased, false)));
    if (d!.usedCount !== holding.length) out.push(`discount used ${d!.usedCount} != ${holding.length} orders holding it`);
  }
  return out;
}

/**
 * Starts `fn` after `ticks` turns of the event loop: rounds shift one side against the other so the runs
 * meet at different points (before the verify, between the verify and the write, after it).
 */
async function after<T>(ticks: number, fn: () => Promise<T>): Promise<T> {
  for (let i = 0; i < ticks; i++) await new Promise((r) => setImmediate(r));
  return fn();
}
/** Round i: even rounds hold the other side back, odd rounds the callback, by a growing number of turns. */
const shift = (i: number) => (i % 2 ? 0 : 4 * i);
const cbShift = (i: number) => (i % 2 ? 4 * (i - 1) : 0);

/** Runs `round` ROUNDS times; every round's broken invariants are collected, and the tally is printed for the report. */
async function race(name: string, round: (i: number) => Promise<{ problems: string[]; outcome: string }>) {
  const lost: string[] = [];
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < ROUNDS; i++) {
    const { problems, outcome } = await round(i);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (problems.length) lost.push(`round ${i}: ${problems.join('; ')}`);
  }
  console.log(`[order-races ${process.env.TEST_DB}] ${name}: ${ROUNDS} races, ${lost.length} lost; outcomes ${JSON.stringify(outcomes)}`);
  expect(lost).toEqual([]);
}

describe('order status races (Promise.all, repeated)', () => {
  it('callback OK vs a new checkout by the same shopper', async () => {
    const code = `RACE${Date.now().toString(36).toUpperCase()}`;
    await t.app.inject({ method: 'POST', url: '/api/Discount', payload: { code, kind: 'percent', value: 10 }, headers: await admin() });
    const [discount] = await t.db.select().from(discountCodes).where(eq(discountCodes.code, code));
    await race('OK vs new checkout', async (i) => {
      // Stock 4: both orders fit (late payment takes its units again); stock 3: the late one cannot.
      const stock = i % 2 ? 3 : 4;
      const { p, s, authority } = await paidAtBank(stock, 2, code);
      const [cb, co] = await Promise.all([after(cbShift(i), () => callback(authority, 'OK', s.headers)), after(shift(i), () => checkout(s))]);
      const problems = await broken(p.id, stock, authority, discount!.id);
      if (![200, 400, 409].includes(co.statusCode)) problems.push(`checkout answered ${co.statusCode}`);
      return { problems, outcome: `${resultOf(cb).get('result')}/checkout ${co.statusCode}` };
    });
  });

  it('callback OK vs the expiry sweep', async () => {
    await race('OK vs expiry', async (i) => {
      const { p, s, authority } = await paidAtBank(2, 2);
      // The sweep runs with a clock 31 minutes ahead, so the order is due for it but not for the callback.
      const [cb, n] = await Promise.all([
        after(cbShift(i), () => callback(authority, 'OK', s.headers)),
        after(shift(i), () => expireDueOrders(t.db, t.app.services.cache, new Date(Date.now() + 31 * 60_000))),
      ]);
      return { problems: await broken(p.id, 2, authority), outcome: `${resultOf(cb).get('result')}/swept ${n > 0}` };
    });
  });

  it('callback OK vs an admin cancel', async () => {
    await race('OK vs admin cancel', async (i) => {
      const { p, s, orderId, authority } = await paidAtBank(3, 2);
      const headers = await admin();
      const [cb, cancel] = await Promise.all([
        after(cbShift(i), () => callback(authority, 'OK', s.headers)),
        after(shift(i), () => t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: orderId, status: 'cancelled', from: 'awaiting_payment' }, headers })),
      ]);
      const problems = await broken(p.id, 3, authority);
      if (![200, 409].includes(cancel.statusCode)) problems.push(`cancel answered ${cancel.statusCode}`);
      return { problems, outcome: `${resultOf(cb).get('result')}/cancel ${cancel.statusCode}` };
    });
  });

  it('callback OK vs callback OK for the same authority: exactly one marks it paid', async () => {
    await race('OK vs OK', async (i) => {
      const { p, s, orderId, authority } = await paidAtBank(3, 2);
      const both = await Promise.all([after(cbShift(i), () => callback(authority, 'OK', s.headers)), after(shift(i), () => callback(authority, 'OK'))]);
      const results = both.map((r) => resultOf(r).get('result')).sort();
      const problems = await broken(p.id, 3, authority);
      if (results.join() !== 'already_paid,paid') problems.push(`results ${results.join()}`);
      if ((await orderRow(orderId)).status !== 'paid') problems.push('not paid');
      return { problems, outcome: results.join('+') };
    });
  });

  it('Status=NOK from a stranger or without a session cancels nothing, even beside the shopper\'s OK', async () => {
    await race('NOK by strangers vs OK', async (i) => {
      const { p, s, orderId, authority } = await paidAtBank(3, 2);
      const stranger = await quickCustomer(t);
      const alone = await Promise.all([callback(authority, 'NOK', stranger.headers), callback(authority, 'NOK')]);
      const problems = await broken(p.id, 3, authority);
      if (alone.some((r) => resultOf(r).get('result') !== 'not_yours')) problems.push('a stranger\'s NOK was not refused');
      if ((await orderRow(orderId)).status !== 'awaiting_payment') problems.push('a stranger\'s NOK changed the order');
      const [a, b, own] = await Promise.all([
        callback(authority, 'NOK', stranger.headers), after(shift(i), () => callback(authority, 'NOK')), after(i, () => callback(authority, 'OK', s.headers)),
      ]);
      problems.push(...await broken(p.id, 3, authority));
      if (resultOf(own).get('result') !== 'paid' || (await orderRow(orderId)).status !== 'paid') problems.push('the shopper\'s OK did not pay');
      return { problems, outcome: [a, b, own].map((r) => resultOf(r).get('result')).join('+') };
    });
  });
});

describe('money confirmed after the order was cancelled', () => {
  it('takes the units again when stock allows: paid, counted once, noted in the audit log', async () => {
    const { p, s, orderId, authority } = await paidAtBank(3, 2);
    spy.hook.set(authority, async () => { expect((await setStatus(orderId, 'cancelled')).json().data.status).toBe('cancelled'); });
    const res = resultOf(await callback(authority, 'OK', s.headers));
    expect(res.get('result')).toBe('paid');
    expect(res.get('ref')).toBeTruthy();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', stockReleased: false });
    expect(await productRow(p.id)).toMatchObject({ stock: 1, soldCount: 2 });
    const logs = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.late_payment')));
    expect(logs.map((l) => l.data)).toEqual([{ from: 'cancelled', to: 'paid', refId: res.get('ref') }]);
    expect(await broken(p.id, 3, authority)).toEqual([]);
  });

  it('without the units: paid_unfulfillable, listed for the admin with the refId; back to paid once restocked, or refunded with a note', async () => {
    const a = await paidAtBank(2, 2);
    const b = await paidAtBank(2, 2);
    for (const x of [a, b]) {
      spy.hook.set(x.authority, async () => {
        await setStatus(x.orderId, 'cancelled');
        await setStock(t, x.p.id, 0); // someone else bought them meanwhile
      });
    }
    const ra = resultOf(await callback(a.authority, 'OK', a.s.headers));
    const rb = resultOf(await callback(b.authority, 'OK', b.s.headers));
    expect([ra.get('result'), rb.get('result')]).toEqual(['paid_unfulfillable', 'paid_unfulfillable']);
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'paid_unfulfillable', stockReleased: true });
    expect((await orderRow(a.orderId)).paidAt).not.toBeNull();
    expect(await paymentOf(a.orderId)).toMatchObject({ status: 'paid', refId: ra.get('ref') });
    // A replay says the same and changes nothing.
    expect(resultOf(await callback(a.authority, 'OK', a.s.headers)).get('result')).toBe('paid_unfulfillable');

    const list = await t.app.inject({ method: 'GET', url: '/api/Order/Admin?status=paid_unfulfillable&pageSize=100', headers: await admin() });
    expect(list.json().data.data.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    expect(list.json().data.data.every((o: { status: string }) => o.status === 'paid_unfulfillable')).toBe(true);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/Order/AdminById?id=${a.orderId}`, headers: await admin() })).json().data;
    expect(detail).toMatchObject({ status: 'paid_unfulfillable', statusLabel: 'پرداخت‌شده، نیازمند بازپرداخت', paymentRefId: ra.get('ref') });

    // Not back to paid while the units are missing; fine once they are back.
    const early = await setStatus(a.orderId, 'paid');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('موجودی');
    expect((await setStatus(a.orderId, 'cancelled')).statusCode).toBe(409);
    await setStock(t, a.p.id, 5);
    expect((await setStatus(a.orderId, 'paid')).json().data.status).toBe('paid');
    expect(await productRow(a.p.id)).toMatchObject({ stock: 3, soldCount: 2 });

    const refunded = await setStatus(b.orderId, 'refunded', { note: 'بازپرداخت به کارت خریدار، پیگیری ۱۲۳' });
    expect(refunded.json().data).toMatchObject({ status: 'refunded', statusLabel: 'بازپرداخت‌شده' });
    expect((await paymentOf(b.orderId)).status).toBe('refunded');
    const [log] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, b.orderId), eq(auditLog.action, 'order.status'), inArray(auditLog.entity, ['order'])))
      .orderBy(auditLog.id).then((rows) => rows.slice(-1));
    expect(log!.data).toEqual({ from: 'paid_unfulfillable', to: 'refunded', note: 'بازپرداخت به کارت خریدار، پیگیری ۱۲۳' });
    expect((await setStatus(b.orderId, 'paid')).statusCode).toBe(409);
  });

  it('a paid order the shop does not send is refunded: its units back once, its payment marked, the note kept; also after a cancel', async () => {
    const a = await paidAtBank(5, 2);
    expect(resultOf(await callback(a.authority, 'OK', a.s.headers)).get('result')).toBe('paid');
    expect(await productRow(a.p.id)).toMatchObject({ stock: 3, soldCount: 2 });
    const refunded = await setStatus(a.orderId, 'refunded', { note: 'بازپرداخت به کارت خریدار، پیگیری ۴۵۶', from: 'paid' });
    expect(refunded.json().data).toMatchObject({ status: 'refunded', statusLabel: 'بازپرداخت‌شده' });
    expect(await productRow(a.p.id)).toMatchObject({ stock: 5, soldCount: 0 });
    expect((await paymentOf(a.orderId)).status).toBe('refunded');
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'refunded', stockReleased: true });

    // Cancelled first (the units back then), refunded after: the units are not put back twice.
    const b = await paidAtBank(5, 2);
    expect(resultOf(await callback(b.authority, 'OK', b.s.headers)).get('result')).toBe('paid');
    expect((await setStatus(b.orderId, 'cancelled')).json().data.status).toBe('cancelled');
    expect(await productRow(b.p.id)).toMatchObject({ stock: 5, soldCount: 0 });
    expect((await setStatus(b.orderId, 'refunded', { note: 'بازپرداخت نقدی' })).json().data.status).toBe('refunded');
    expect(await productRow(b.p.id)).toMatchObject({ stock: 5, soldCount: 0 });
    expect((await paymentOf(b.orderId)).status).toBe('refunded');

    // An order cancelled before it was paid has nothing to refund.
    const p = await createProduct(t, { Stock: 3, Price: 100_000, CategoryId: categoryId });
    const s = await quickCustomer(t);
    await addToCart(s, p.id, 1);
    const unpaid = (await checkout(s)).json().data.orderId as number;
    expect((await setStatus(unpaid, 'cancelled')).json().data.status).toBe('cancelled');
    const refused = await setStatus(unpaid, 'refunded', { note: 'x' });
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(unpaid)).status).toBe('cancelled');
  });

  it('an admin change based on a status that moved meanwhile changes nothing', async () => {
    const { p, s, orderId, authority } = await paidAtBank(3, 2);
    expect(resultOf(await callback(authority, 'OK', s.headers)).get('result')).toBe('paid');
    const stale = await setStatus(orderId, 'cancelled', { from: 'awaiting_payment' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('پرداخت‌شده');
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await productRow(p.id)).toMatchObject({ stock: 1, soldCount: 2 });
  });
});
