import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, productVariants } from '../../db/schema/index.js';
import { createProduct } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/api.js';
import { NEW_ADDRESS, quickCustomer } from '../cart/commerce.test-helpers.js';
import { dashboardStats } from './dashboard.service.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
});
afterAll(async () => { await t?.close(); });

let orderSeq = 0;
/** An order of `lines` ([product, quantity, unit price]) in `status`, placed (and paid, unless unpaid or cancelled) at `at`. */
async function insertOrder(userId: number, status: string, at: string, lines: [number, number, number][]) {
  const total = lines.reduce((s, [, q, price]) => s + q * price, 0);
  const [row] = (await t.db.execute(sql`insert into orders (number, user_id, status, firstname, lastname, province, city, address, postal_code, mobile,
      subtotal, total, reserved_until, paid_at, created_at)
    values (${`D-${++orderSeq}`}, ${userId}, ${status}, 'مریم', 'احمدی', 'تهران', 'تهران', 'ولیعصر', '1234567890', '989121234567', ${total}, ${total},
      ${at}::timestamptz, ${status === 'awaiting_payment' || status === 'cancelled' ? null : at}::timestamptz, ${at}::timestamptz) returning id`)).rows as { id: number }[];
  for (const [productId, quantity, price] of lines) {
    await t.db.execute(sql`insert into order_items (order_id, product_id, title, unit_price, quantity, line_total)
      values (${row!.id}, ${productId}, 'x', ${price}, ${quantity}, ${quantity * price})`);
  }
  return row!.id;
}

describe('dashboard aggregates (seeded orders, a fixed now)', () => {
  // 2026-11-25 10:00 UTC is 4 Azar 1405 in Tehran; that Tehran day began 2026-11-24 20:30 UTC.
  const now = new Date('2026-11-25T10:00:00Z');

  it('sums sold orders per Tehran day for 30 days, ranks best sellers and counts orders per status', async () => {
    const user = await quickCustomer(t);
    const cream = await createProduct(t, { Title: 'کرم آبرسان', Price: 100_000, Stock: 100 });
    const serum = await createProduct(t, { Title: 'سرم ویتامین سی', Price: 300_000, Stock: 100 });
    const order = (status: string, at: string, lines: [number, number, number][]) => insertOrder(user.userId, status, at, lines);
    await order('paid', '2026-11-25T09:00:00Z', [[cream.id, 2, 100_000]]); // today
    const delivered = await order('delivered', '2026-11-24T20:31:00Z', [[serum.id, 1, 300_000]]); // today, 00:01 Tehran
    await order('shipped', '2026-11-24T20:29:00Z', [[cream.id, 1, 100_000]]); // yesterday, 23:59 Tehran
    await order('processing', '2026-10-27T12:00:00Z', [[cream.id, 4, 100_000]]); // 5 Aban: the 30th day back
    await order('paid', '2026-10-26T12:00:00Z', [[serum.id, 9, 300_000]]); // 31 days back: outside
    await order('cancelled', '2026-11-25T08:00:00Z', [[serum.id, 5, 300_000]]);
    await order('awaiting_payment', '2026-11-25T08:30:00Z', [[serum.id, 5, 300_000]]);

    // Half the serum refunded today (a return, decision 024): today's sales are net of it, the refund shown apart.
    await t.db.execute(sql`insert into return_requests (order_id, user_id, status, reason, refund_amount, refund_method, refunded_at)
      values (${delivered}, ${user.userId}, 'refunded', 'damaged', 150000, 'card', '2026-11-25T09:30:00Z'::timestamptz)`);

    const d = await dashboardStats(t.db, now);
    expect(d.salesByDay).toHaveLength(30);
    expect(d.salesByDay[0]).toEqual({ day: '2026-10-27', sales: 400_000, orders: 1, refunds: 0 });
    expect(d.salesByDay.at(-2)).toEqual({ day: '2026-11-24', sales: 100_000, orders: 1, refunds: 0 });
    expect(d.salesByDay.at(-1)).toEqual({ day: '2026-11-25', sales: 350_000, orders: 2, refunds: 150_000 });
    expect(d.salesByDay.reduce((s, x) => s + x.sales, 0)).toBe(850_000);
    expect(d.salesToday).toBe(350_000);
    expect(d.salesMonth).toBe(d.salesByDay.filter((x) => x.day >= '2026-11-22').reduce((s, x) => s + x.sales, 0));
    expect(d.bestSellers).toEqual([
      { productId: cream.id, title: 'کرم آبرسان', quantity: 7, sales: 700_000 },
      { productId: serum.id, title: 'سرم ویتامین سی', quantity: 1, sales: 300_000 },
    ]);
    expect(Object.fromEntries(d.ordersByStatus.map((s) => [s.status, s.count]))).toEqual({
      awaiting_payment: 1, cod: 0, paid: 2, processing: 1, shipped: 1, delivered: 1, cancelled: 1, paid_unfulfillable: 0, refunded: 0,
    });
  });

  it('best sellers count as the sales do: units a refunded return took back are not sold, and a line earns what was paid for it after the discount', async () => {
    const user = await quickCustomer(t);
    const mask = await createProduct(t, { Title: 'ماسک ورقه‌ای', Price: 100_000, Stock: 100 });
    const before = (await dashboardStats(t.db, now)).bestSellers.find((b) => b.productId === mask.id);
    expect(before).toBeUndefined();
    // 3 masks at 100,000 with 10% off the order (subtotal 300,000, discount 30,000); one comes back and is refunded.
    const id = await insertOrder(user.userId, 'delivered', '2026-11-25T07:00:00Z', [[mask.id, 3, 100_000]]);
    await t.db.execute(sql`update orders set discount = 30000, total = 270000 where id = ${id}`);
    const [line] = (await t.db.execute(sql`select id from order_items where order_id = ${id}`)).rows as { id: number }[];
    const returned = async (status: string) => {
      const [r] = (await t.db.execute(sql`insert into return_requests (order_id, user_id, status, reason, refund_amount, refund_method, refunded_at)
        values (${id}, ${user.userId}, ${status}, 'damaged', 90000, 'card', ${status === 'refunded' ? '2026-11-25T09:00:00Z' : null}::timestamptz) returning id`)).rows as { id: number }[];
      await t.db.execute(sql`insert into return_items (return_id, order_item_id, quantity, approved_quantity) values (${r!.id}, ${line!.id}, 1, ${status === 'rejected' ? 0 : 1})`);
    };
    await returned('rejected'); // a refused return leaves the sale as it was
    expect((await dashboardStats(t.db, now)).bestSellers.find((b) => b.productId === mask.id)).toMatchObject({ quantity: 3, sales: 270_000 });
    await returned('refunded');
    expect((await dashboardStats(t.db, now)).bestSellers.find((b) => b.productId === mask.id)).toMatchObject({ quantity: 2, sales: 180_000 });
  });

  it('a live shop\'s sales count what Zarinpal (live) and a manual payment took; not what the fake gateway or the sandbox «took»', async () => {
    const user = await quickCustomer(t);
    const tried = await createProduct(t, { Title: 'رژ لب آزمایشی', Price: 50_000, Stock: 100 });
    const sold = await createProduct(t, { Title: 'ریمل فروخته', Price: 80_000, Stock: 100 });
    const live = { testPayments: false };
    const before = { live: await dashboardStats(t.db, now, live), all: await dashboardStats(t.db, now) };
    const paidOrder = async (provider: string, productId: number, price: number) => {
      const id = await insertOrder(user.userId, 'paid', '2026-11-25T08:00:00Z', [[productId, 1, price]]);
      // A failed try first (any gateway), then the payment that took it.
      await t.db.execute(sql`insert into payments (order_id, provider, authority, amount, status) values (${id}, 'zarinpal', ${`TPF-${id}`}, ${price}, 'failed')`);
      await t.db.execute(sql`insert into payments (order_id, provider, authority, amount, status) values (${id}, ${provider}, ${`TPA-${id}`}, ${price}, 'paid')`);
      return id;
    };
    await paidOrder('fake', tried.id, 50_000);
    const sandbox = await paidOrder('zarinpal_sandbox', tried.id, 50_000);
    await paidOrder('zarinpal', sold.id, 80_000);
    await paidOrder('manual', sold.id, 80_000);
    await t.db.execute(sql`insert into return_requests (order_id, user_id, status, reason, refund_amount, refund_method, refunded_at)
      values (${sandbox}, ${user.userId}, 'refunded', 'damaged', 20000, 'card', '2026-11-25T09:00:00Z'::timestamptz)`);

    const after = { live: await dashboardStats(t.db, now, live), all: await dashboardStats(t.db, now) };
    expect(after.live.salesToday - before.live.salesToday).toBe(160_000);
    expect(after.live.salesMonth - before.live.salesMonth).toBe(160_000);
    const today = (d: typeof after.live) => d.salesByDay.at(-1)!;
    expect(today(after.live).orders - today(before.live).orders).toBe(2);
    expect(today(after.live).refunds - today(before.live).refunds).toBe(0);
    expect(after.live.bestSellers.map((b) => b.productId)).toContain(sold.id);
    expect(after.live.bestSellers.map((b) => b.productId)).not.toContain(tried.id);
    // Still on a test gateway, the shop counts them all (the sandbox order's refund taken off).
    expect(after.all.salesToday - before.all.salesToday).toBe(260_000 - 20_000);
    expect(today(after.all).orders - today(before.all).orders).toBe(4);
    expect(after.all.bestSellers.find((b) => b.productId === tried.id)).toMatchObject({ quantity: 2, sales: 100_000 });
    // The desk's counts are not money: every paid order is one to handle.
    expect(after.live.openOrderCount - before.live.openOrderCount).toBe(4);
  });
});

describe('low stock: the list and the owner\'s SMS', () => {
  const lowJobs = async () => (await t.db.select().from(jobs).where(like(sql`${jobs.payload}->>'text'`, '%موجودی «هشدار%')).orderBy(jobs.id))
    .map((j) => j.payload as { to: string; text: string });
  const buy = async (productId: number, quantity: number) => {
    const s = await quickCustomer(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId, quantity }, headers: s.headers })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS }, headers: s.headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const editStock = async (p: { id: number; categoryId: number }, stock: number) => {
    const body = multipart({ id: p.id, Title: 'هشدار موجودی', Alias: 'low-stock', Tags: 'کرم', Price: 100_000, Description: '<p>x</p>', Stock: stock, CategoryId: p.categoryId });
    const res = await t.app.inject({ method: 'PUT', url: '/api/Product/Update', ...body, headers: { ...body.headers, ...admin } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells the owner once when sales or an edit take a variant to the threshold, again only after it rose above', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/Settings/Sms', payload: { ownerMobile: '09350001122' }, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Dashboard/LowStockThreshold', payload: { threshold: 3 }, headers: admin })).statusCode).toBe(200);
    const p = await createProduct(t, { Title: 'هشدار موجودی', Price: 100_000, Stock: 5 });
    await buy(p.id, 1); // 4: above
    expect(await lowJobs()).toEqual([]);
    await Promise.all([buy(p.id, 1), buy(p.id, 1)]); // 3 then 2: one crossing, whichever sale made it
    expect(await lowJobs()).toHaveLength(1);
    await buy(p.id, 1); // 1
    const [first] = await lowJobs();
    expect(first!.to).toBe('989350001122');
    expect(first!.text).toMatch(/^موجودی «هشدار موجودی» به [۲۳] عدد رسید\.$/);
    expect(await lowJobs()).toHaveLength(1);

    await editStock(p, 10); // restocked: armed again
    await editStock(p, 8);
    expect(await lowJobs()).toHaveLength(1);
    await editStock(p, 0); // the owner's edit crosses: a second message
    const all = await lowJobs();
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toBe('موجودی «هشدار موجودی» تمام شد.');

    const dash = dataOf(await t.app.inject({ method: 'GET', url: '/api/Dashboard', headers: admin }));
    expect(dash.lowStockThreshold).toBe(3);
    const [v] = await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    expect(dash.lowStock).toContainEqual(expect.objectContaining({ id: p.id, variantId: v!.id, title: 'هشدار موجودی', label: '', stock: 0 }));
  });

  it('refuses a threshold that is not a whole number with a Persian message', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/Dashboard/LowStockThreshold', payload: { threshold: -1 }, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.threshold).toMatch(/حد موجودی کم/);
  });
});
