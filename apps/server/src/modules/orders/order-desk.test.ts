import jsQR from 'jsqr';
import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { createProduct } from '../../../test/factories.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { dataOf, errorOf } from '../../../test/api.js';
import { quickCustomer } from '../cart/commerce.test-helpers.js';
import { amountInWords } from './order-desk.service.js';

let t: TestApp;
let admin: Record<string, string>;
let productId: number;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  productId = (await createProduct(t, { Price: 100_000, Stock: 50 })).id;
  userId = (await quickCustomer(t)).userId;
});
afterAll(async () => { await t?.close(); });

let seq = 0;
/** An order written straight to the tables (one line of the test product), as the desk reads it. */
async function seedOrder(o: { status?: string; firstname?: string; lastname?: string; mobile?: string; total?: number; createdAt?: string; provider?: string; carrier?: string } = {}) {
  const number = `7${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
  const total = o.total ?? 245_000;
  const status = o.status ?? 'paid';
  const created = o.createdAt ?? new Date().toISOString();
  const [row] = (await t.db.execute(sql`insert into orders (number, user_id, status, firstname, lastname, province, city, address, postal_code,
      mobile, subtotal, shipping_fee, total, reserved_until, paid_at, created_at)
    values (${number}, ${userId}, ${status}, ${o.firstname ?? 'مریم'}, ${o.lastname ?? 'احمدی'}, 'تهران', 'تهران', 'خیابان ولیعصر، پلاک ۱۲', '1234567890',
      ${o.mobile ?? '989121234567'}, ${total - 45_000}, 45000, ${total}, ${created}::timestamptz,
      ${status === 'awaiting_payment' || status === 'cancelled' ? null : created}::timestamptz, ${created}::timestamptz) returning id`)).rows as { id: number }[];
  const id = row!.id;
  if (o.carrier) await t.db.execute(sql`update orders set shipping_carrier = ${o.carrier}, shipping_name = ${o.carrier} where id = ${id}`);
  await t.db.execute(sql`insert into order_items (order_id, product_id, title, option, unit_price, quantity, line_total)
    values (${id}, ${productId}, 'کرم آبرسان', 'حجم: ۵۰ میل', 100000, 2, 200000)`);
  if (o.provider) {
    await t.db.execute(sql`insert into payments (order_id, provider, authority, amount, status, ref_id)
      values (${id}, ${o.provider}, ${`A-${number}`}, ${total}, 'paid', '12345')`);
  }
  return { id, number };
}

const desk = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/Order/Desk?${query}`, headers });
const numbersOf = (res: Awaited<ReturnType<typeof desk>>) => dataOf<{ data: { number: string }[] }>(res).data.map((o) => o.number);

describe('GET /api/Order/Desk', () => {
  it('answers 401 without an admin session and 403 for a shopper', async () => {
    expect((await desk('', {})).statusCode).toBe(401);
    const shopper = await quickCustomer(t);
    expect((await desk('', bearer(shopper.token))).statusCode).toBe(403);
  });

  it('finds an order by its number in Persian digits, by the mobile as 09… and by part of the name', async () => {
    const a = await seedOrder({ firstname: 'شیرین', lastname: 'کاویانی‌پور', mobile: '989351112233' });
    await seedOrder({ firstname: 'نگار', lastname: 'موسوی', mobile: '989359998877' });
    const fa = a.number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(numbersOf(await desk(`search=${encodeURIComponent(fa)}`))).toEqual([a.number]);
    expect(numbersOf(await desk(`search=${encodeURIComponent('۰۹۳۵ ۱۱۱ ۲۲۳۳')}`))).toEqual([a.number]);
    expect(numbersOf(await desk(`search=${encodeURIComponent('شیرین کاویانی')}`))).toEqual([a.number]);
    expect(numbersOf(await desk(`search=${encodeURIComponent('کاویانی‌پور')}`))).toEqual([a.number]);
    // LIKE's own wildcards are text, not patterns.
    expect(numbersOf(await desk(`search=${encodeURIComponent('%')}`))).toEqual([]);
  });

  it('filters by status and by payment provider', async () => {
    const shipped = await seedOrder({ status: 'shipped', lastname: 'وضعیت‌سنج' });
    const paid = await seedOrder({ status: 'paid', lastname: 'وضعیت‌سنج', provider: 'card' });
    await seedOrder({ status: 'paid', lastname: 'وضعیت‌سنج', provider: 'zarinpal' });
    const name = encodeURIComponent('وضعیت‌سنج');
    expect(numbersOf(await desk(`search=${name}&status=shipped`))).toEqual([shipped.number]);
    expect(numbersOf(await desk(`search=${name}&payment=card`))).toEqual([paid.number]);
    const bad = await desk('status=lost');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('وضعیت نامعتبر است');
  });

  it('filters by the carrier of the shipping method the order kept', async () => {
    const post = await seedOrder({ lastname: 'ارسال‌سنج', carrier: 'post' });
    const courier = await seedOrder({ lastname: 'ارسال‌سنج', carrier: 'courier' });
    await seedOrder({ lastname: 'ارسال‌سنج' }); // from before shipping methods: no carrier
    const name = encodeURIComponent('ارسال‌سنج');
    expect(numbersOf(await desk(`search=${name}&shipping=post`))).toEqual([post.number]);
    expect(numbersOf(await desk(`search=${name}&shipping=courier`))).toEqual([courier.number]);
    expect(numbersOf(await desk(`search=${name}&shipping=tipax`))).toEqual([]);
    const bad = await desk('shipping=camel');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('روش ارسال نامعتبر است');
  });

  it('reads a Jalali day range as whole Tehran days, both ends included', async () => {
    // 1390/01/01 began 2011-03-20 20:30 UTC (Tehran was at +03:30 that day; the desk counts +03:30 throughout).
    const before = await seedOrder({ createdAt: '2011-03-20T20:29:00Z', lastname: 'بازه' });
    const first = await seedOrder({ createdAt: '2011-03-20T20:31:00Z', lastname: 'بازه' });
    const last = await seedOrder({ createdAt: '2011-03-22T20:29:00Z', lastname: 'بازه' }); // 1390/01/02 23:59 Tehran
    const after = await seedOrder({ createdAt: '2011-03-22T20:31:00Z', lastname: 'بازه' });
    const res = await desk(`dateFrom=${encodeURIComponent('۱۳۹۰/۰۱/۰۱')}&dateTo=1390-1-2`);
    expect(numbersOf(res)).toEqual([last.number, first.number]);
    expect(numbersOf(await desk('dateTo=1390/01/01'))).toContain(before.number);
    expect(numbersOf(await desk('dateFrom=1390/01/03&dateTo=1390/01/03'))).toEqual([after.number]);
    const bad = await desk(`dateFrom=${encodeURIComponent('۱۳۹۰/۱۳/۰۱')}`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.dateFrom).toBe('از تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید');
  });

  it('pages newest first with the total count', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await seedOrder({ lastname: 'صفحه‌بندی', createdAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() }));
    const q = `search=${encodeURIComponent('صفحه‌بندی')}&pageSize=2`;
    const p1 = dataOf(await desk(`${q}&pageNumber=1`));
    const p3 = dataOf(await desk(`${q}&pageNumber=3`));
    expect(p1.totalCount).toBe(5);
    expect(p1.data.map((o: { number: string }) => o.number)).toEqual([made[4]!.number, made[3]!.number]);
    expect(p3.data.map((o: { number: string }) => o.number)).toEqual([made[0]!.number]);
  });
});

describe('POST /api/Order/BulkStatus', () => {
  it('moves each order through the workflow on its own and reports every row in Persian', async () => {
    const a = await seedOrder({ status: 'paid' });
    const b = await seedOrder({ status: 'paid' });
    const done = await seedOrder({ status: 'delivered' });
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/BulkStatus', headers: admin,
      payload: { ids: [a.id, done.id, b.id, 999_999], status: 'processing' } });
    const data = dataOf(res);
    expect(data.changed).toBe(2);
    expect(data.results).toEqual([
      { id: a.id, number: a.number, ok: true, message: 'وضعیت تغییر کرد' },
      { id: done.id, number: done.number, ok: false, message: 'تغییر وضعیت سفارش از «تحویل‌شده» به «در حال آماده‌سازی» مجاز نیست' },
      { id: b.id, number: b.number, ok: true, message: 'وضعیت تغییر کرد' },
      { id: 999_999, number: null, ok: false, message: 'سفارش پیدا نشد' },
    ]);
    const rows = await t.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, [a.id, b.id, done.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a.id]: 'processing', [b.id]: 'processing', [done.id]: 'delivered' });
  });

  it('cancelling in bulk returns the units of each cancelled order', async () => {
    const p = await createProduct(t, { Price: 10_000, Stock: 10 });
    const a = await seedOrder({ status: 'paid' });
    await t.db.execute(sql`update order_items set product_id = ${p.id}, quantity = 3 where order_id = ${a.id}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/BulkStatus', headers: admin, payload: { ids: `${a.id}`, status: 'cancelled' } });
    expect(dataOf(res).changed).toBe(1);
    const stock = await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${p.id}` });
    expect(dataOf(stock).stock).toBe(13);
  });

  it('refuses an empty selection and an unknown status with Persian messages', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/Order/BulkStatus', headers: admin, payload: { ids: [], status: 'paid' } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.ids).toBe('دست‌کم یک سفارش را انتخاب کنید');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/Order/BulkStatus', headers: admin, payload: { ids: [1], status: 'lost' } });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /api/Order/Print', () => {
  it('gives the shop, the lines, the total in Persian words and a QR that reads the order number', async () => {
    const o = await seedOrder({ total: 1_295_000 });
    const other = await seedOrder();
    const res = await t.app.inject({ method: 'GET', url: `/api/Order/Print?ids=${other.id},${o.id}`, headers: admin });
    const data = dataOf(res);
    expect(data.shop).toMatchObject({ storeName: 'سرخاب', phone: '021-91001234' });
    expect(data.orders.map((x: { id: number }) => x.id)).toEqual([other.id, o.id]);
    const printed = data.orders[1];
    expect(printed).toMatchObject({ number: o.number, total: 1_295_000, shippingFee: 45_000, totalInWords: 'یک میلیون و دویست و نود و پنج هزار تومان' });
    expect(printed.items).toEqual([expect.objectContaining({ title: 'کرم آبرسان', option: 'حجم: ۵۰ میل', unitPrice: 100_000, quantity: 2, lineTotal: 200_000 })]);
    expect(printed.qrSvg).toMatch(/^<svg [^>]*>/);
    expect(printed.qrSvg).not.toMatch(/<script|on\w+=/i);
    const { data: pixels, info } = await sharp(Buffer.from(printed.qrSvg)).resize(400, 400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(pixels), info.width, info.height)?.data).toBe(o.number);
  });

  it('answers 404 for ids of no order and 400 for more than 100', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Order/Print?ids=999998', headers: admin })).statusCode).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const res = await t.app.inject({ method: 'GET', url: `/api/Order/Print?ids=${many}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.ids).toBe('حداکثر ۱۰۰ سفارش را می‌توان یک‌جا انتخاب کرد');
  });

  it('is for admins only', async () => {
    const o = await seedOrder();
    expect((await t.app.inject({ method: 'GET', url: `/api/Order/Print?ids=${o.id}` })).statusCode).toBe(401);
    const [row] = await t.db.select({ n: orders.number }).from(orders).where(eq(orders.id, o.id));
    expect(row?.n).toBe(o.number);
  });
});

describe('amountInWords', () => {
  it('writes toman amounts in Persian words with the usual spelling', async () => {
    expect(await amountInWords(0)).toBe('صفر');
    expect(await amountInWords(45_000)).toBe('چهل و پنج هزار');
    expect(await amountInWords(12_600_900)).toBe('دوازده میلیون و ششصد هزار و نهصد');
  });
});
