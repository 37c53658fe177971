import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs, orders } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, NEW_ADDRESS, paidOrder, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';
import { setStatus } from '../orders/orders.service.js';
import type { SmsProvider } from '../customers/sms.js';

const SHOPPER = '989121234567'; // NEW_ADDRESS's mobile
const OWNER = '989350001122';

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A shopper's order of a product at `price`, checked out and paid on the fake gateway. */
const orderPaid = (t: ShopApp, price = 1_250_000) => paidOrder(t, { price });
const jobsOf = (t: ShopApp, orderId: number) =>
  t.db.select().from(jobs).where(like(jobs.dedupeKey, `sms:order:${orderId}:%`)).orderBy(jobs.id);
const setOrderStatus = async (t: ShopApp, id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id, status }, headers: bearer(await t.adminToken()) });
const smsLines = (t: ShopApp) => (fs.existsSync(t.smsFile) ? fs.readFileSync(t.smsFile, 'utf8').trim().split('\n') : []);

describe('order status SMS (console provider, worker running)', () => {
  let t: ShopApp;
  beforeAll(async () => { t = await buildShopApp({}, { jobWorker: { pollMs: 50 } }); });
  afterAll(async () => { await t?.close(); });

  it('tells the shopper and the owner of a paid order, then the shopper of shipping and delivery', async () => {
    const admin = bearer(await t.adminToken());
    expect((await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { ownerMobile: '۰۹۳۵۰۰۰۱۱۲۲' }, headers: admin })).statusCode).toBe(200);
    const o = await orderPaid(t, 1_250_000);
    const fa = { number: o.number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!), total: '۱٬۲۹۵٬۰۰۰ تومان' }; // 1,250,000 + 45,000 shipping
    expect(o.total).toBe(1_295_000);

    const paidJobs = await jobsOf(t, o.orderId);
    expect(paidJobs.map((j) => [j.dedupeKey, (j.payload as { to: string }).to])).toEqual([
      [`sms:order:${o.orderId}:paid:shopper`, SHOPPER], [`sms:order:${o.orderId}:paid:owner`, OWNER],
    ]);
    expect((paidJobs[0]!.payload as { text: string }).text)
      .toBe(`مریم احمدی عزیز، سفارش ${fa.number} به مبلغ ${fa.total} پرداخت شد و به‌زودی آماده ارسال می‌شود. سپاس از خرید شما.`);
    expect((paidJobs[1]!.payload as { text: string }).text).toBe(`سفارش جدید ${fa.number} به مبلغ ${fa.total} از مریم احمدی پرداخت شد.`);

    // The console provider prints each once the worker has run it.
    await until('the paid SMS', async () => smsLines(t).some((l) => l.startsWith(`[sms] to=${OWNER} text=سفارش جدید ${fa.number}`)));
    expect(smsLines(t)).toContain(`[sms] to=${SHOPPER} text=مریم احمدی عزیز، سفارش ${fa.number} به مبلغ ${fa.total} پرداخت شد و به‌زودی آماده ارسال می‌شود. سپاس از خرید شما.`);

    expect((await setOrderStatus(t, o.orderId, 'processing')).statusCode).toBe(200);
    expect(await jobsOf(t, o.orderId)).toHaveLength(2); // processing sends nothing
    const ship = await t.app.inject({ method: 'PUT', url: '/api/Order/Ship', payload: { id: o.orderId, trackingCode: '123456789012345678901234' }, headers: bearer(await t.adminToken()) });
    expect(ship.statusCode).toBe(200);
    expect((await setOrderStatus(t, o.orderId, 'delivered')).statusCode).toBe(200);
    const shippedLine = `[sms] to=${SHOPPER} text=مریم احمدی عزیز، سفارش ${fa.number} ارسال شد. کد رهگیری مرسوله: 123456789012345678901234`;
    await until('the delivered SMS', async () => smsLines(t).some((l) => l.includes(`سفارش ${fa.number} تحویل داده شد`)));
    expect(smsLines(t)).toContain(shippedLine);
    const all = await jobsOf(t, o.orderId);
    expect(all.map((j) => j.dedupeKey!.split(':').slice(3).join(':'))).toEqual(['paid:shopper', 'paid:owner', 'shipped:shopper', 'delivered:shopper']);
    await until('all sent', async () => (await jobsOf(t, o.orderId)).every((j) => j.status === 'done'));
  });

  it('tells the shopper when the shop cancels a paid order and when it refunds it; an unpaid order that lapses sends nothing', async () => {
    const o = await orderPaid(t, 300_000);
    const fa = { number: o.number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!), total: '۳۴۵٬۰۰۰ تومان' };
    expect((await setOrderStatus(t, o.orderId, 'cancelled')).statusCode).toBe(200);
    expect((await setOrderStatus(t, o.orderId, 'refunded')).statusCode).toBe(200);
    const sent = (await jobsOf(t, o.orderId)).filter((j) => /:(cancelled|refunded):/.test(j.dedupeKey!));
    expect(sent.map((j) => [j.dedupeKey!.split(':').slice(3).join(':'), (j.payload as { to: string }).to, (j.payload as { text: string }).text])).toEqual([
      ['cancelled:shopper', SHOPPER, `مریم احمدی عزیز، سفارش ${fa.number} لغو شد. اگر مبلغی پرداخت کرده‌اید، به شما بازپرداخت می‌شود؛ برای پرسش با فروشگاه تماس بگیرید.`],
      ['refunded:shopper', SHOPPER, `مریم احمدی عزیز، مبلغ ${fa.total} سفارش ${fa.number} به شما بازپرداخت شد.`],
    ]);

    // An order left unpaid and cancelled (its reservation lapsed, or the admin cleared it): no message.
    const s = await quickCustomer(t);
    const p = await createProduct(t, { Price: 100_000, Stock: 5 });
    await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: p.id, quantity: 1 }, headers: s.headers });
    const unpaid = (await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS }, headers: s.headers })).json().data as { orderId: number };
    expect((await setOrderStatus(t, unpaid.orderId, 'cancelled')).statusCode).toBe(200);
    expect(await jobsOf(t, unpaid.orderId)).toEqual([]);
  });

  it('enqueues once however often the payment callback is replayed', async () => {
    const o = await orderPaid(t);
    await o.callback();
    await o.callback();
    expect((await jobsOf(t, o.orderId)).map((j) => j.dedupeKey)).toEqual([`sms:order:${o.orderId}:paid:shopper`, `sms:order:${o.orderId}:paid:owner`]);
  });

  it('leaves no SMS when the status change rolls back', async () => {
    const o = await orderPaid(t);
    await setOrderStatus(t, o.orderId, 'processing');
    // An acting admin that does not exist: the audit row's foreign key fails at the end of the transaction.
    await expect(setStatus(t.db, t.app.services.cache, 987654, o.orderId, 'shipped')).rejects.toThrow();
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.orderId)))[0]!.status).toBe('processing');
    expect(await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `sms:order:${o.orderId}:shipped:shopper`))).toEqual([]);
  });

  it('renders the templates the admin saved, and refuses an unknown placeholder with a Persian 400', async () => {
    const admin = bearer(await t.adminToken());
    const bad = await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { templates: { shopperShipped: 'سفارش {order} با {carrier} رفت' } }, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('{carrier}');
    expect(bad.json().error.fields['templates.shopperShipped']).toContain('جای‌نگهدار «{carrier}»');
    const empty = await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { templates: { ownerPaid: '  ' } }, headers: admin });
    expect(empty.statusCode).toBe(400);
    const badMobile = await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { ownerMobile: '12345' }, headers: admin });
    expect(badMobile.statusCode).toBe(400);

    const saved = await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { templates: { shopperShipped: '{name}، بسته {order} ({total}) در راه است {tracking}' } }, headers: admin });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.templates.shopperShipped).toBe('{name}، بسته {order} ({total}) در راه است {tracking}');
    expect(saved.json().data.templates.shopperPaid).toContain('پرداخت شد'); // the others keep their text
    const o = await orderPaid(t, 100_000);
    await setOrderStatus(t, o.orderId, 'processing');
    expect((await t.app.inject({ method: 'PUT', url: '/api/Order/Ship', payload: { id: o.orderId, trackingCode: '1234567890' }, headers: admin })).statusCode).toBe(200);
    const [shipped] = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `sms:order:${o.orderId}:shipped:shopper`));
    expect((shipped!.payload as { text: string }).text).toMatch(/^مریم احمدی، بسته [۰-۹]{8} \(۱۴۵٬۰۰۰ تومان\) در راه است 1234567890$/);

    // The templates and the owner mobile are the admin's: the public settings do not carry them.
    const pub = await t.app.inject({ method: 'GET', url: '/api/Settings' });
    expect(pub.body).not.toContain('shopperShipped');
    expect(pub.body).not.toContain(OWNER);
  });

  it('sends the owner nothing when there is no owner mobile and the shop phone is a landline', async () => {
    const admin = bearer(await t.adminToken());
    await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { ownerMobile: '' }, headers: admin });
    const o = await orderPaid(t);
    expect((await jobsOf(t, o.orderId)).map((j) => j.dedupeKey)).toEqual([`sms:order:${o.orderId}:paid:shopper`]);
    await t.app.inject({ method: 'PUT', url: '/api/Settings', payload: { phone: '09121112233' }, headers: admin });
    const o2 = await orderPaid(t);
    expect((await jobsOf(t, o2.orderId)).map((j) => (j.payload as { to: string }).to)).toEqual([SHOPPER, '989121112233']);
  });
});

describe('a failing or slow provider', () => {
  let t: ShopApp;
  let mode: 'down' | 'slow' | 'up' = 'down';
  const sent: string[] = [];
  const provider: SmsProvider = {
    name: 'test',
    sendCode: async () => {},
    async send(to, text) {
      if (mode === 'down') throw new Error('kavenegar 502: provider down');
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 3000));
      sent.push(`${to} ${text}`);
    },
  };
  beforeAll(async () => { t = await buildShopApp({}, { sms: provider, jobWorker: { pollMs: 20, backoffMs: 10 } }); });
  afterAll(async () => { await t?.close(); });

  it('fails a message after its attempts, lists it with its error, and sends it when the admin retries', async () => {
    mode = 'down';
    const o = await orderPaid(t);
    const [job] = await jobsOf(t, o.orderId);
    await until('the failure', async () => (await t.db.select().from(jobs).where(and(eq(jobs.id, job!.id), eq(jobs.status, 'failed'))))[0]);
    const admin = bearer(await t.adminToken());
    const failed = await t.app.inject({ method: 'GET', url: '/api/Job/Admin?status=failed&pageSize=50', headers: admin });
    expect(failed.statusCode).toBe(200);
    const listed = failed.json().data.data.find((j: { id: number }) => j.id === job!.id);
    expect(listed).toMatchObject({ status: 'failed', statusLabel: 'ناموفق', attempts: 5, maxAttempts: 5, lastError: 'kavenegar 502: provider down', to: SHOPPER });
    expect(listed.text).toContain('پرداخت شد');
    const all = await t.app.inject({ method: 'GET', url: '/api/Job/Admin', headers: admin });
    expect(all.json().data.totalCount).toBeGreaterThanOrEqual(1);
    const ids = all.json().data.data.map((j: { id: number }) => j.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // newest first

    mode = 'up';
    const retry = await t.app.inject({ method: 'POST', url: '/api/Job/Retry', payload: { id: job!.id }, headers: admin });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ id: job!.id, status: 'queued', attempts: 0 });
    await until('the retried message', async () => (await t.db.select().from(jobs).where(and(eq(jobs.id, job!.id), eq(jobs.status, 'done'))))[0]);
    expect(sent.filter((l) => l.startsWith(SHOPPER))).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: '/api/Job/Retry', payload: { id: job!.id }, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('ارسال‌شده');
    const missing = await t.app.inject({ method: 'POST', url: '/api/Job/Retry', payload: { id: 99_999_999 }, headers: admin });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/Job/Admin?status=lost', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('وضعیت نامعتبر است');
  });

  it('never holds up the request that changes the status', async () => {
    mode = 'slow';
    const o = await orderPaid(t);
    const started = Date.now();
    expect((await setOrderStatus(t, o.orderId, 'processing')).statusCode).toBe(200);
    expect((await setOrderStatus(t, o.orderId, 'shipped')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    mode = 'up';
  });

  it('keeps the messages and templates from shoppers and guests', async () => {
    const s = await quickCustomer(t);
    const calls = [
      { method: 'GET', url: '/api/Job/Admin' }, { method: 'POST', url: '/api/Job/Retry', payload: { id: 1 } },
      { method: 'GET', url: '/api/Settings/Sms' }, { method: 'PUT', url: '/api/Settings/Sms', payload: { ownerMobile: '' } },
    ] as const;
    for (const c of calls) {
      const guest = await t.app.inject({ ...c });
      expect(guest.statusCode, `${c.method} ${c.url} as a guest`).toBe(401);
      const shopper = await t.app.inject({ ...c, headers: s.headers });
      expect(shopper.statusCode, `${c.method} ${c.url} as a shopper`).toBe(403);
      expect(shopper.json().error.message).toMatch(/[آ-ی]/);
    }
  });
});
