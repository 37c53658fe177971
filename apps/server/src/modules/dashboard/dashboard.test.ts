import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { testConfig } from '../../config.js';
import { paymentMode } from '../orders/payment.js';
import { tehranPeriods } from './dashboard.service.js';

let t: TestApp;
let hasOrders = false;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.db.execute(sql`select to_regclass('public.orders') is not null as "exists"`);
  hasOrders = !!(res.rows[0] as { exists: boolean }).exists;
});
afterAll(async () => { await t.close(); });

const get = async (token?: string) => t.app.inject({ method: 'GET', url: '/api/Dashboard', headers: token ? bearer(token) : {} });

describe('tehranPeriods', () => {
  it('starts the day at Tehran midnight and the month on the first of the Jalali month', () => {
    // 2026-11-25 10:00 UTC is 4 Azar 1405 in Tehran; 1 Azar began 2026-11-21 20:30 UTC.
    const p = tehranPeriods(new Date('2026-11-25T10:00:00Z'));
    expect(p.dayStart.toISOString()).toBe('2026-11-24T20:30:00.000Z');
    expect(p.monthStart.toISOString()).toBe('2026-11-21T20:30:00.000Z');
  });

  it('puts 23:00 UTC in the next Tehran day', () => {
    expect(tehranPeriods(new Date('2026-11-24T23:00:00Z')).dayStart.toISOString()).toBe('2026-11-24T20:30:00.000Z');
  });
});

describe('GET /api/Dashboard', () => {
  it('answers 401 without an admin session', async () => {
    expect((await get()).statusCode).toBe(401);
  });

  it('counts visible products and lists the ones running low on stock', async () => {
    const token = await t.adminToken();
    const before = (await get(token)).json().data;
    const low = await createProduct(t, { Stock: 2 });
    await createProduct(t, { Stock: 50 });
    await createProduct(t, { Stock: 0 });
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.productCount).toBe(before.productCount + 3);
    expect(data.outOfStockCount).toBe(before.outOfStockCount + 1);
    expect(data.lowStock.map((p: { id: number }) => p.id)).toContain(low.id);
    expect(data.lowStock.every((p: { stock: number }) => p.stock <= 5)).toBe(true);
  });

  it('lists the combinations running low before the sold-out ones, and counts them all', async () => {
    const token = await t.adminToken();
    for (let i = 0; i < 21; i++) await createProduct(t, { Stock: 0 });
    const low = await createProduct(t, { Stock: 3 });
    const data = (await get(token)).json().data;
    expect(data.lowStock).toHaveLength(20);
    expect(data.lowStock.map((p: { id: number }) => p.id)).toContain(low.id);
    const stocks = data.lowStock.map((p: { stock: number }) => p.stock);
    // Running low (fewest first), then sold out.
    expect(stocks).toEqual([...stocks].sort((a: number, b: number) => (a === 0 ? 1e9 : a) - (b === 0 ? 1e9 : b)));
    expect(stocks.at(-1)).toBe(0);
    expect(data.lowStockCount).toBeGreaterThanOrEqual(22);
  });

  it('sums the sales of paid orders today and this month, not unpaid or cancelled ones', async () => {
    if (!hasOrders) {
      expect((await get(await t.adminToken())).json().data).toMatchObject({ orderCount: 0, salesToday: 0, salesMonth: 0 });
      return;
    }
    const token = await t.adminToken();
    const product = await createProduct(t);
    const insert = async (n: string, status: string, total: number) => {
      const [row] = (await t.db.execute(sql`insert into orders (number, user_id, status, firstname, lastname, province, city, address, postal_code, mobile, subtotal, total, reserved_until, paid_at)
        values (${n}, 1, ${status}, 'مریم', 'احمدی', 'تهران', 'تهران', 'خیابان ولیعصر', '1234567890', '989121234567', ${total}, ${total}, now(), ${status === 'awaiting_payment' ? null : new Date().toISOString()}::timestamptz) returning id`)).rows as { id: number }[];
      await t.db.execute(sql`insert into order_items (order_id, product_id, title, unit_price, quantity, line_total) values (${row!.id}, ${product.id}, 'x', ${total}, 1, ${total})`);
    };
    await insert('T-1', 'paid', 300_000);
    await insert('T-2', 'delivered', 200_000);
    await insert('T-3', 'awaiting_payment', 900_000);
    await insert('T-4', 'cancelled', 700_000);
    const data = (await get(token)).json().data;
    expect(data).toMatchObject({ orderCount: 4, openOrderCount: 1, ordersToday: 4, salesToday: 500_000, salesMonth: 500_000 });
  });
});

describe('the payments the dashboard warns about', () => {
  it('are the built-in fake gateway\'s by default: orders marked paid with no money taken', async () => {
    expect((await get(await t.adminToken())).json().data.payments).toEqual({ provider: 'fake', test: true });
  });

  it('are Zarinpal\'s sandbox until ZARINPAL_SANDBOX=false; a live Zarinpal is not flagged, and its sales leave test-paid orders out', async () => {
    const zarinpal = { PAYMENT_PROVIDER: 'zarinpal' as const, ZARINPAL_MERCHANT_ID: 'a'.repeat(36) };
    expect(paymentMode(testConfig(zarinpal))).toEqual({ provider: 'zarinpal', test: true });
    expect(paymentMode(testConfig({ ...zarinpal, ZARINPAL_SANDBOX: false }))).toEqual({ provider: 'zarinpal', test: false });
    // The fake gateway is a test one whatever ZARINPAL_SANDBOX says.
    expect(paymentMode(testConfig({ PAYMENT_PROVIDER: 'fake', ZARINPAL_SANDBOX: false }))).toEqual({ provider: 'fake', test: true });
    const live = await buildTestApp({ ...zarinpal, ZARINPAL_SANDBOX: false });
    try {
      const dashboard = async () => (await live.app.inject({ method: 'GET', url: '/api/Dashboard', headers: bearer(await live.adminToken()) })).json().data;
      expect((await dashboard()).payments).toEqual({ provider: 'zarinpal', test: false });
      if (!hasOrders) return;
      // An order the fake gateway «took» before the shop went live: one to handle, not a sale.
      const [order] = (await live.db.execute(sql`insert into orders (number, user_id, status, firstname, lastname, province, city, address, postal_code, mobile, subtotal, total, reserved_until, paid_at)
        values ('L-1', 1, 'paid', 'مریم', 'احمدی', 'تهران', 'تهران', 'خیابان ولیعصر', '1234567890', '989121234567', 400000, 400000, now(), now()) returning id`)).rows as { id: number }[];
      await live.db.execute(sql`insert into payments (order_id, provider, authority, amount, status) values (${order!.id}, 'fake', 'FAKE-L-1', 400000, 'paid')`);
      expect(await dashboard()).toMatchObject({ orderCount: 1, openOrderCount: 1, salesToday: 0, salesMonth: 0 });
      await live.db.execute(sql`update payments set provider = 'zarinpal' where authority = 'FAKE-L-1'`);
      expect(await dashboard()).toMatchObject({ salesToday: 400_000, salesMonth: 400_000 });
    } finally {
      await live.close();
    }
  });
});
