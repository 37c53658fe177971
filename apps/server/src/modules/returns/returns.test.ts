import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { jobs, orders, productVariants, products, returnPhotos, returnRequests } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { dataOf, errorOf } from '../../../test/api.js';
import { pngImage } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildShopApp, deliveredOrder, type ShopApp } from '../cart/commerce.test-helpers.js';

type Shopper = Awaited<ReturnType<typeof deliveredOrder>>['s'];
const OWNER = '989350001122';
const DAY = 24 * 60 * 60 * 1000;

function ask(t: ShopApp, s: Shopper, fields: Record<string, string | number>, photos: Buffer[] = []) {
  const body = multipart(
    { reason: 'damaged', ...fields },
    photos.map((data, i) => ({ field: 'photos', filename: `p${i}.jpg`, data, type: 'image/jpeg' })),
  );
  return t.app.inject({ method: 'POST', url: '/api/Return/Create', payload: body.payload, headers: { ...body.headers, ...s.headers } });
}
const items = (itemId: number, quantity: number) => JSON.stringify([{ orderItemId: itemId, quantity }]);
const stockOf = async (t: ShopApp, productId: number) => {
  const [p] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const [v] = await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, productId));
  return { product: p!.stock, variant: v!.stock };
};
const returnJobs = (t: ShopApp, id: number) =>
  t.db.select().from(jobs).where(like(jobs.dedupeKey, `sms:return:${id}:%`)).orderBy(jobs.id);
const privateFiles = (t: ShopApp) => {
  const dir = path.join(t.dataDir, 'uploads', 'private', 'returns');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const asAdmin = async (t: ShopApp, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(await t.adminToken()) });

describe('returns', () => {
  let t: ShopApp;
  beforeAll(async () => {
    t = await buildShopApp();
    dataOf(await asAdmin(t, 'PUT', '/api/Settings/Sms', { ownerMobile: '09350001122' }));
  });
  afterAll(async () => { await t?.close(); });

  it('POST /Return/Create → approve some → refund: stock back once, SMS at each step, refunded totals', async () => {
    const o = await deliveredOrder(t, { quantity: 3 });
    expect(await stockOf(t, o.productId)).toEqual({ product: 7, variant: 7 });
    const before = (await dataOf(await asAdmin(t, 'GET', '/api/Return/RefundTotals'))).amount as number;

    const created = dataOf(await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 3), description: 'درِ شیشه شکسته بود' }, [await pngImage(40, 40)]));
    expect(created).toMatchObject({ status: 'requested', statusLabel: 'در حال بررسی', reasonLabel: 'آسیب‌دیده', description: 'درِ شیشه شکسته بود' });
    expect(created.items).toMatchObject([{ orderItemId: o.itemId, quantity: 3, approvedQuantity: 0 }]);
    expect(created.photos).toHaveLength(1);

    const requested = await returnJobs(t, created.id);
    expect(requested.map((j) => [j.dedupeKey, (j.payload as { to: string }).to])).toEqual([
      [`sms:return:${created.id}:requested:shopper`, '989121234567'], [`sms:return:${created.id}:requested:owner`, OWNER],
    ]);
    expect((requested[0]!.payload as { text: string }).text).toContain('درخواست مرجوعی سفارش');

    // The shopper sees it on the order; nothing more can be asked while it is open.
    const mine = dataOf(await t.app.inject({ method: 'GET', url: `/api/Return/Mine?id=${o.orderId}`, headers: o.s.headers }));
    expect(mine).toMatchObject({ allowed: false, items: [{ orderItemId: o.itemId, bought: 3, returnable: 0 }] });
    expect(mine.reason).toContain('در حال بررسی');
    expect(mine.requests.map((r: { id: number }) => r.id)).toEqual([created.id]);

    // Admin: listed under its status; approve 2 of the 3.
    const list = dataOf(await asAdmin(t, 'GET', '/api/Return/Admin?status=requested'));
    expect(list.data.map((r: { id: number }) => r.id)).toContain(created.id);
    const approved = dataOf(await asAdmin(t, 'PUT', '/api/Return/Approve', { id: created.id, items: [{ orderItemId: o.itemId, quantity: 2 }], note: 'دو عدد آسیب دیده' }));
    expect(approved).toMatchObject({ status: 'approved', approvedAmount: 400_000, adminNote: 'دو عدد آسیب دیده', items: [{ quantity: 3, approvedQuantity: 2 }] });
    expect(await stockOf(t, o.productId)).toEqual({ product: 9, variant: 9 });
    // Approving again changes nothing.
    const again = await asAdmin(t, 'PUT', '/api/Return/Approve', { id: created.id, items: [{ orderItemId: o.itemId, quantity: 2 }] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain('تأییدشده');
    expect(await stockOf(t, o.productId)).toEqual({ product: 9, variant: 9 });

    // The unapproved unit may be asked for again (the request is no longer open).
    const after = dataOf(await t.app.inject({ method: 'GET', url: `/api/Return/Mine?id=${o.orderId}`, headers: o.s.headers }));
    expect(after).toMatchObject({ allowed: true, items: [{ returnable: 1 }] });

    const tooMuch = await asAdmin(t, 'PUT', '/api/Return/Refund', { id: created.id, amount: 99_000_000, method: 'card_to_card', reference: '۱۲۳۴' });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).fields?.amount).toContain('حداکثر');
    const refunded = dataOf(await asAdmin(t, 'PUT', '/api/Return/Refund', { id: created.id, amount: 400_000, method: 'card_to_card', reference: 'TR-5521' }));
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: 400_000, refundMethod: 'card_to_card', refundReference: 'TR-5521' });
    expect(refunded.refundedAt).not.toBeNull();
    expect((await asAdmin(t, 'PUT', '/api/Return/Refund', { id: created.id, amount: 1, method: 'gateway', reference: 'x' })).statusCode).toBe(409);

    const all = await returnJobs(t, created.id);
    expect(all.map((j) => j.dedupeKey!.split(':').slice(3).join(':'))).toEqual(['requested:shopper', 'requested:owner', 'approved:shopper', 'refunded:shopper']);
    expect((all[3]!.payload as { text: string }).text).toContain('۴۰۰٬۰۰۰ تومان');
    const totals = dataOf(await asAdmin(t, 'GET', '/api/Return/RefundTotals'));
    expect(totals.amount - before).toBe(400_000);
    // The admin's order says what its returns gave back; the shopper's read of it does not carry the field.
    expect(dataOf(await asAdmin(t, 'GET', `/api/Order/AdminById?id=${o.orderId}`)).returnsRefunded).toBe(400_000);
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${o.orderId}`, headers: o.s.headers }))).not.toHaveProperty('returnsRefunded');
  });

  it('proposes the approved lines\' share of the discounted price', async () => {
    const o = await deliveredOrder(t, { quantity: 2 });
    await t.db.update(orders).set({ discount: 100_000 }).where(eq(orders.id, o.orderId)); // 400,000 less 25%
    const r = dataOf(await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 1) }));
    const a = dataOf(await asAdmin(t, 'PUT', '/api/Return/Approve', { id: r.id, items: [{ orderItemId: o.itemId, quantity: 1 }] }));
    expect(a.approvedAmount).toBe(150_000);
  });

  it('refuses an order not delivered (409), after 7 days (409), more than bought (400), a second open request (409)', async () => {
    const notYet = await deliveredOrder(t, { deliver: false });
    const r1 = await ask(t, notYet.s, { orderId: notYet.orderId, items: items(notYet.itemId, 1) });
    expect(r1.statusCode).toBe(409);
    expect(errorOf(r1).message).toBe('فقط کالاهای سفارشی را که تحویل گرفته‌اید می‌توانید مرجوع کنید');

    const o = await deliveredOrder(t, { quantity: 2 });
    const over = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 3) });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).fields?.items).toMatch(/حداکثر ۲ عدد/);
    const bad = await ask(t, o.s, { orderId: o.orderId, reason: 'other', items: items(o.itemId, 1) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.reasonText).toBe('دلیل دیگر را بنویسید');
    const strange = await ask(t, o.s, { orderId: o.orderId, reason: 'bored', items: items(o.itemId, 1) });
    expect(errorOf(strange).fields?.reason).toBe('دلیل مرجوعی را از فهرست انتخاب کنید');

    dataOf(await ask(t, o.s, { orderId: o.orderId, reason: 'other', reasonText: 'رنگ با عکس فرق داشت', items: items(o.itemId, 1) }));
    const second = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 1) });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toContain('یک درخواست مرجوعی در حال بررسی دارید');

    const late = await deliveredOrder(t);
    await t.db.update(orders).set({ deliveredAt: new Date(Date.now() - 7 * DAY - 60_000) }).where(eq(orders.id, late.orderId));
    const r2 = await ask(t, late.s, { orderId: late.orderId, items: items(late.itemId, 1) });
    expect(r2.statusCode).toBe(409);
    expect(errorOf(r2).message).toBe('مهلت ۷ روزه مرجوعی این سفارش به پایان رسیده است');
    // Six days and 23 hours is still within it.
    await t.db.update(orders).set({ deliveredAt: new Date(Date.now() - 7 * DAY + 3_600_000) }).where(eq(orders.id, late.orderId));
    expect((await ask(t, late.s, { orderId: late.orderId, items: items(late.itemId, 1) })).statusCode).toBe(200);
  });

  it('keeps each shopper to their own orders, requests and photos', async () => {
    const o = await deliveredOrder(t);
    const other = await deliveredOrder(t);
    const r = dataOf(await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 1) }, [await pngImage(30, 30, '#00ff00')]));
    const photoId = r.photos[0].id as number;

    // Another shopper's order (404 as if missing), or a line of another order (400).
    expect((await ask(t, other.s, { orderId: o.orderId, items: items(o.itemId, 1) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Return/Mine?id=${o.orderId}`, headers: other.s.headers })).statusCode).toBe(404);
    const foreign = await ask(t, other.s, { orderId: other.orderId, items: items(o.itemId, 1) });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields?.items).toBe('کالای انتخاب‌شده در این سفارش نیست');

    const mine = await t.app.inject({ method: 'GET', url: `/api/Return/Photo?id=${photoId}`, headers: o.s.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toContain('private');
    expect(mine.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await t.app.inject({ method: 'GET', url: `/api/Return/Photo?id=${photoId}`, headers: other.s.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Return/Photo?id=${photoId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/Return/AdminPhoto?id=${photoId}`, headers: o.s.headers })).statusCode).toBe(403);
    expect((await asAdmin(t, 'GET', `/api/Return/AdminPhoto?id=${photoId}`)).statusCode).toBe(200);
    // Never through the public uploads.
    const [row] = await t.db.select().from(returnPhotos).where(eq(returnPhotos.id, photoId));
    expect(row!.key).toMatch(/^private\/returns\/[0-9a-f-]{36}\.webp$/);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', row!.key))).toBe(true);
    for (const url of [`/uploads/${row!.key}`, `/uploads/PRIVATE/${row!.key.slice(8)}`, `/uploads//${row!.key}`]) {
      expect([403, 404], url).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    // Shoppers cannot reach the admin's endpoints.
    for (const [method, url] of [['GET', '/api/Return/Admin'], ['GET', `/api/Return/AdminById?id=${r.id}`], ['PUT', '/api/Return/Approve']] as const) {
      expect((await t.app.inject({ method, url, headers: o.s.headers, ...(method === 'PUT' ? { payload: { id: r.id, items: [{ orderItemId: o.itemId, quantity: 1 }] } } : {}) })).statusCode).toBe(403);
    }
  });

  it('checks photos by content, at most 3, and leaves no file behind when a request fails', async () => {
    const o = await deliveredOrder(t);
    const before = privateFiles(t).length;
    const fake = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 1) }, [await pngImage(), Buffer.from('<?php echo 1; ?> not an image at all')]);
    expect(fake.statusCode).toBe(415);
    const four = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 1) }, await Promise.all([1, 2, 3, 4].map((i) => pngImage(20 + i, 20))));
    expect(four.statusCode).toBe(400);
    expect(errorOf(four).fields?.photos).toBe('حداکثر ۳ عکس');
    // Valid photos, refused request (more than bought): the stored photos are removed again.
    const refused = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 9) }, [await pngImage(50, 50, '#123456'), await pngImage(51, 50)]);
    expect(refused.statusCode).toBe(400);
    expect(privateFiles(t).length).toBe(before);
    expect(await t.db.$count(returnRequests, eq(returnRequests.orderId, o.orderId))).toBe(0);
  });

  it('refuses a request for an order that is not the caller\'s before it reads any photo', async () => {
    const o = await deliveredOrder(t);
    const other = await deliveredOrder(t);
    // The photo is not an image: read first, it would be refused as such (415); the order is refused first (404).
    const notAnImage = Buffer.from('<?php echo 1; ?> not an image at all');
    for (const orderId of [999_999, other.orderId]) {
      const res = await ask(t, o.s, { orderId, items: items(o.itemId, 1) }, [notAnImage]);
      expect(res.statusCode, String(orderId)).toBe(404);
      expect(errorOf(res).message).toBe('سفارش پیدا نشد');
    }
    const tooMany = await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 9) }, [notAnImage]);
    expect(tooMany.statusCode).toBe(400);
  });

  it('rejects with a note (the units may be asked again); a rejected request cannot be approved', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const r = dataOf(await ask(t, o.s, { orderId: o.orderId, reason: 'sealed_changed_mind', items: items(o.itemId, 1) }));
    const noNote = await asAdmin(t, 'PUT', '/api/Return/Reject', { id: r.id, note: '' });
    expect(errorOf(noNote).fields?.note).toBe('دلیل رد الزامی است');
    const rejected = dataOf(await asAdmin(t, 'PUT', '/api/Return/Reject', { id: r.id, note: 'پلمب کالا باز شده بود' }));
    expect(rejected).toMatchObject({ status: 'rejected', adminNote: 'پلمب کالا باز شده بود' });
    expect((await asAdmin(t, 'PUT', '/api/Return/Approve', { id: r.id, items: [{ orderItemId: o.itemId, quantity: 1 }] })).statusCode).toBe(409);
    expect((await returnJobs(t, r.id)).map((j) => j.dedupeKey!.split(':')[3])).toEqual(['requested', 'requested', 'rejected']);
    const view = dataOf(await t.app.inject({ method: 'GET', url: `/api/Return/Mine?id=${o.orderId}`, headers: o.s.headers }));
    expect(view).toMatchObject({ allowed: true, items: [{ returnable: 1 }], requests: [{ status: 'rejected', adminNote: 'پلمب کالا باز شده بود' }] });
  });

  it('two admins approving at once put the stock back once', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await deliveredOrder(t, { quantity: 2 });
      const r = dataOf(await ask(t, o.s, { orderId: o.orderId, items: items(o.itemId, 2) }));
      const body = { id: r.id, items: [{ orderItemId: o.itemId, quantity: 2 }] };
      const answers = await Promise.all([asAdmin(t, 'PUT', '/api/Return/Approve', body), asAdmin(t, 'PUT', '/api/Return/Approve', body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await stockOf(t, o.productId)).toEqual({ product: 10, variant: 10 });
      expect((await returnJobs(t, r.id)).filter((j) => j.dedupeKey!.includes(':approved:'))).toHaveLength(1);
    }
  });
});
