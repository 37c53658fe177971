import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, reviewPhotos, reviews } from '../../db/schema/index.js';
import { bearer, login } from '../../../test/helpers.js';
import { dataOf, errorOf } from '../../../test/api.js';
import { createProduct, pngImage } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildShopApp, deliveredOrder, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;

function write(t: ShopApp, s: Shopper | null, fields: Record<string, string | number>, photos: { data: Buffer; name?: string }[] = []) {
  const body = multipart({ rating: 5, body: 'رنگش ماندگار است و پوست را خشک نمی‌کند.', ...fields },
    photos.map((p, i) => ({ field: 'photos', filename: p.name ?? `p${i}.jpg`, data: p.data, type: 'image/jpeg' })));
  return t.app.inject({ method: 'POST', url: '/api/Review/Create', payload: body.payload, headers: { ...body.headers, ...(s?.headers ?? {}) } });
}
const asAdmin = async (t: ShopApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(await t.adminToken()) });
const summaryOf = async (t: ShopApp, productId: number) =>
  dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Product?productId=${productId}` })).summary;
const cardOf = async (t: ShopApp, productId: number) =>
  dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${productId}` }));
async function staff(t: ShopApp, role: 'operator' | 'editor', name: string = role) {
  const username = `review-${name}`;
  dataOf(await asAdmin(t, 'POST', '/api/User', { username, password: 'staff-pass-1', isAdmin: true, role }));
  return bearer(await login(t.app, username, 'staff-pass-1'));
}
const vote = (t: ShopApp, s: Shopper, id: number) => t.app.inject({ method: 'POST', url: '/api/Review/Vote', payload: { id }, headers: s.headers });

describe('reviews', () => {
  let t: ShopApp;
  beforeAll(async () => { t = await buildShopApp(); });
  afterAll(async () => { await t?.close(); });

  it('a buyer of a delivered order reviews; approval publishes it and sets the product\'s rating, cards and JSON-LD source', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const before = dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Mine?productId=${o.productId}`, headers: o.s.headers }));
    expect(before).toMatchObject({ canReview: true, reason: null, review: null, voted: [] });

    const created = dataOf(await write(t, o.s, { productId: o.productId, rating: 4, pros: 'ماندگاری بالا\nرنگ زیبا', cons: '["گران"]' }, [{ data: await pngImage(40, 40) }]));
    expect(created).toMatchObject({ rating: 4, pros: ['ماندگاری بالا', 'رنگ زیبا'], cons: ['گران'], verifiedBuyer: true, helpfulCount: 0 });
    expect(created.photos).toHaveLength(1);
    // Pending: not on the product page, not in the rating.
    expect(await summaryOf(t, o.productId)).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
    expect((await t.app.inject({ method: 'GET', url: `/api/Review/Photo?id=${created.photos[0].id}` })).statusCode).toBe(404);
    expect((await asAdmin(t, 'GET', `/api/Review/AdminPhoto?id=${created.photos[0].id}`)).statusCode).toBe(200);

    const pending = dataOf(await asAdmin(t, 'GET', '/api/Review/Admin'));
    // The order it was bought in, by the number the shop and the shopper know (the link goes by its id).
    expect(pending.data[0]).toMatchObject({ id: created.id, status: 'pending', statusLabel: 'در انتظار بررسی', orderId: o.orderId, orderNumber: o.number });

    const approved = dataOf(await asAdmin(t, 'PUT', '/api/Review/Approve', { id: created.id }));
    expect(approved.status).toBe('approved');
    expect((await asAdmin(t, 'PUT', '/api/Review/Approve', { id: created.id })).statusCode).toBe(409);
    expect(await summaryOf(t, o.productId)).toEqual({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(await cardOf(t, o.productId)).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    const listing = dataOf(await t.app.inject({ method: 'GET', url: '/api/Product/All?pageSize=100' }));
    expect(listing.data.find((p: { id: number }) => p.id === o.productId)).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    // «محبوب‌ترین» follows the approval: above a product nobody rated, even one that sells more.
    const unrated = await createProduct(t);
    await t.db.update(products).set({ soldCount: 500 }).where(eq(products.id, unrated.id));
    await t.app.services.cache.invalidate();
    const popular = dataOf(await t.app.inject({ method: 'GET', url: '/api/Product/PopularProducts?pageSize=100' })).data as { id: number }[];
    const rank = (id: number) => popular.findIndex((p) => p.id === id);
    expect(rank(o.productId)).toBeGreaterThanOrEqual(0);
    expect(rank(o.productId)).toBeLessThan(rank(unrated.id));

    const photo = await t.app.inject({ method: 'GET', url: `/api/Review/Photo?id=${created.photos[0].id}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // A second buyer: 2 stars → average 3; rejecting the first takes it out again.
    const o2 = await deliveredOrder(t, { quantity: 1, productId: o.productId });
    const second = dataOf(await write(t, o2.s, { productId: o.productId, rating: 2 }));
    dataOf(await asAdmin(t, 'PUT', '/api/Review/Approve', { id: second.id }));
    expect(await cardOf(t, o.productId)).toMatchObject({ ratingAverage: 3, ratingCount: 2 });
    const noNote = await asAdmin(t, 'PUT', '/api/Review/Reject', { id: created.id, note: '' });
    expect(errorOf(noNote).fields?.note).toBe('دلیل رد الزامی است');
    dataOf(await asAdmin(t, 'PUT', '/api/Review/Reject', { id: created.id, note: 'عکس نامربوط' }));
    expect(await summaryOf(t, o.productId)).toEqual({ average: 2, count: 1, distribution: [0, 1, 0, 0, 0] });
    expect(await cardOf(t, o.productId)).toMatchObject({ ratingAverage: 2, ratingCount: 1 });
    const mine = dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Mine?productId=${o.productId}`, headers: o.s.headers }));
    expect(mine).toMatchObject({ canReview: false, review: { status: 'rejected', adminNote: 'عکس نامربوط' } });

    // The reply shows under the review; deleting the approved one leaves no rating.
    dataOf(await asAdmin(t, 'PUT', '/api/Review/Reply', { id: second.id, reply: 'ممنون از شما؛ نمونهٔ دیگری برایتان می‌فرستیم' }));
    const page = dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Product?productId=${o.productId}` }));
    expect(page.data.map((r: { id: number; reply: string }) => [r.id, r.reply])).toEqual([[second.id, 'ممنون از شما؛ نمونهٔ دیگری برایتان می‌فرستیم']]);
    dataOf(await asAdmin(t, 'DELETE', `/api/Review/Delete?id=${second.id}`));
    expect(await cardOf(t, o.productId)).toMatchObject({ ratingAverage: 0, ratingCount: 0 });
  });

  it('refuses who did not receive the product: not delivered, someone else\'s order, anonymous', async () => {
    const notYet = await deliveredOrder(t, { deliver: false });
    const r = await write(t, notYet.s, { productId: notYet.productId });
    expect(r.statusCode).toBe(403);
    expect(errorOf(r).message).toBe('فقط خریدارانی که این محصول را تحویل گرفته‌اند می‌توانند برای آن دیدگاه بنویسند');
    const o = await deliveredOrder(t);
    const stranger = await quickCustomer(t);
    expect((await write(t, stranger, { productId: o.productId })).statusCode).toBe(403);
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Mine?productId=${o.productId}`, headers: stranger.headers })))
      .toMatchObject({ canReview: false });
    expect((await write(t, null, { productId: o.productId })).statusCode).toBe(401);
    expect((await write(t, o.s, { productId: 99_999_999 })).statusCode).toBe(404);
  });

  it('one review per shopper per product, also when two arrive at once', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const both = await Promise.all([write(t, o.s, { productId: o.productId }), write(t, o.s, { productId: o.productId, rating: 1 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(both.find((r) => r.statusCode === 409)!).message).toContain('پیش‌تر برای این محصول دیدگاه نوشته‌اید');
    expect(await t.db.$count(reviews, eq(reviews.productId, o.productId))).toBe(1);
    expect((await write(t, o.s, { productId: o.productId })).statusCode).toBe(409);
  });

  it('helpful votes: once per shopper (race too), not on one\'s own review, not on a pending one', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const r = dataOf(await write(t, o.s, { productId: o.productId }));
    const reader = await quickCustomer(t);
    expect((await vote(t, reader, r.id)).statusCode).toBe(404);
    dataOf(await asAdmin(t, 'PUT', '/api/Review/Approve', { id: r.id }));
    const own = await vote(t, o.s, r.id);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe('به دیدگاه خودتان نمی‌توانید رأی بدهید');
    const both = await Promise.all([vote(t, reader, r.id), vote(t, reader, r.id)]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(dataOf(await vote(t, await quickCustomer(t), r.id))).toEqual({ id: r.id, helpfulCount: 2 });
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Mine?productId=${o.productId}`, headers: reader.headers })).voted).toEqual([r.id]);
    expect((await t.app.inject({ method: 'POST', url: '/api/Review/Vote', payload: { id: r.id } })).statusCode).toBe(401);

    // Most helpful first.
    const o2 = await deliveredOrder(t, { quantity: 1, productId: o.productId });
    const later = dataOf(await write(t, o2.s, { productId: o.productId, rating: 3 }));
    dataOf(await asAdmin(t, 'PUT', '/api/Review/Approve', { id: later.id }));
    const ids = async (sort: string) => dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Product?productId=${o.productId}&sort=${sort}` }))
      .data.map((x: { id: number }) => x.id);
    expect(await ids('newest')).toEqual([later.id, r.id]);
    expect(await ids('helpful')).toEqual([r.id, later.id]);
  });

  it('two approvals of a product\'s reviews at once both count', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const o2 = await deliveredOrder(t, { quantity: 1, productId: o.productId });
    const a = dataOf(await write(t, o.s, { productId: o.productId, rating: 5 }));
    const b = dataOf(await write(t, o2.s, { productId: o.productId, rating: 4 }));
    const answers = await Promise.all([asAdmin(t, 'PUT', '/api/Review/Approve', { id: a.id }), asAdmin(t, 'PUT', '/api/Review/Approve', { id: b.id })]);
    expect(answers.map((x) => x.statusCode)).toEqual([200, 200]);
    const [p] = await t.db.select({ avg: products.ratingAverage, n: products.ratingCount }).from(products).where(eq(products.id, o.productId));
    expect(p).toEqual({ avg: 4.5, n: 2 });
  });

  it('checks photos by content (a PHP file named .jpg is refused), at most 3, and leaves no file behind', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const dir = path.join(t.dataDir, 'uploads', 'private', 'reviews');
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const before = files();
    const php = await write(t, o.s, { productId: o.productId }, [{ data: Buffer.from('<?php system($_GET["c"]); ?>'), name: 'shell.php.jpg' }]);
    expect(php.statusCode).toBe(415);
    const four = await write(t, o.s, { productId: o.productId }, await Promise.all([1, 2, 3, 4].map(async (i) => ({ data: await pngImage(20 + i, 20) }))));
    expect(four.statusCode).toBe(400);
    expect(errorOf(four).fields?.photos).toBe('حداکثر ۳ عکس');
    expect(files()).toBe(before);
    const ok = dataOf(await write(t, o.s, { productId: o.productId }, [{ data: await pngImage(30, 30) }, { data: await pngImage(31, 30) }]));
    expect(files()).toBe(before + 2);
    const [first] = await t.db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, ok.id));
    expect(first!.key).toMatch(/^private\/reviews\/[0-9a-f-]{36}\.webp$/);
    expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url: `/uploads/${first!.key}` })).statusCode);
    const after = dataOf(await asAdmin(t, 'DELETE', `/api/Review/Photo?id=${first!.id}`));
    expect(after.photos).toHaveLength(1);
    expect(files()).toBe(before + 1);
  });

  it('keeps text as text, and refuses bad input with Persian messages', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)> عالی بود';
    const r = dataOf(await write(t, o.s, { productId: o.productId, body: xss, pros: '<b>خوب</b>' }));
    expect(r.body).toBe(xss);
    expect(r.pros).toEqual(['<b>خوب</b>']);
    const bad = await write(t, o.s, { productId: o.productId, rating: 6, body: 'کوتاه' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({ rating: 'امتیاز باید حداکثر ۵ باشد', body: 'متن دیدگاه باید دست‌کم ۱۰ کاراکتر باشد' });
    // A lone surrogate cannot travel in a multipart body's UTF-8 (it arrives as U+FFFD); JSON can carry both.
    expect((await write(t, o.s, { productId: o.productId, body: 'متن با نال \u0000 در میان آن' })).statusCode).toBe(400);
    for (const body of ['متن با نال \u0000 در میان آن', 'نیمه‌سروگیت \ud800 تنها مانده']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Question/Create', headers: { ...o.s.headers, 'content-type': 'application/json' },
        payload: `{"productId":${o.productId},"body":${JSON.stringify(body)}}` });
      expect(res.statusCode, body).toBe(400);
      expect(errorOf(res).message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('refuses a form whose text is larger than a JSON body may be (413, in Persian), and one field cut at its size', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    // Many fields of half a megabyte each: refused once the text passes a megabyte, before the rest is read.
    const padding = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`x${i}`, 'ا'.repeat(250_000)]));
    const many = await write(t, o.s, { productId: o.productId, ...padding });
    expect(many.statusCode).toBe(413);
    expect(errorOf(many)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'متن فرم بیش از حد مجاز است' });
    // One field over the size: refused, not stored cut short.
    const long = await write(t, o.s, { productId: o.productId, body: 'خیلی خوب است '.repeat(90_000) });
    expect(long.statusCode).toBe(413);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, o.productId))).toEqual([]);
    // Within the bound the same shopper's review is taken.
    expect((await write(t, o.s, { productId: o.productId })).statusCode).toBe(200);
  });

  it('moderation needs the catalogue permission: an order operator and a shopper get 403', async () => {
    const operator = await staff(t, 'operator');
    const shopper = await quickCustomer(t);
    for (const headers of [operator, shopper.headers]) {
      for (const [method, url, payload] of [['GET', '/api/Review/Admin'], ['PUT', '/api/Review/Approve', { id: 1 }], ['PUT', '/api/Review/Reply', { id: 1, reply: 'x' }],
        ['DELETE', '/api/Review/Delete?id=1'], ['GET', '/api/Question/Admin'], ['PUT', '/api/Question/Answer', { id: 1, answer: 'x' }],
        ['GET', '/api/Review/AdminPhoto?id=1']] as const) {
        expect((await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode, url).toBe(403);
      }
    }
    const asEditor = await staff(t, 'editor');
    expect((await t.app.inject({ method: 'GET', url: '/api/Review/Admin', headers: asEditor })).statusCode).toBe(200);
  });

  it('a catalogue editor moderates without the shopper\'s mobile or account name (the customers permission\'s); the owner sees them', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const review = dataOf(await write(t, o.s, { productId: o.productId }));
    const question = dataOf(await t.app.inject({ method: 'POST', url: '/api/Question/Create', headers: o.s.headers,
      payload: { productId: o.productId, body: 'برای پوست چرب هم مناسب است؟' } }));
    const editor = await staff(t, 'editor', 'moderator');
    const owner = bearer(await t.adminToken());
    const pick = (page: { data: { id: number; mobile: string | null; customerName: string; authorName: string }[] }, id: number) => page.data.find((x) => x.id === id)!;
    const ownersReview = pick(dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Admin?productId=${o.productId}`, headers: owner })), review.id);
    expect(ownersReview.mobile).toMatch(/^98\d{10}$/);
    const editorsReview = pick(dataOf(await t.app.inject({ method: 'GET', url: `/api/Review/Admin?productId=${o.productId}`, headers: editor })), review.id);
    expect(editorsReview).toMatchObject({ mobile: null, customerName: review.authorName });
    const editorsQuestion = pick(dataOf(await t.app.inject({ method: 'GET', url: `/api/Question/Admin?productId=${o.productId}`, headers: editor })), question.id);
    expect(editorsQuestion).toMatchObject({ mobile: null, customerName: question.authorName });
    // What a moderation answers is read the same way.
    const approved = dataOf(await t.app.inject({ method: 'PUT', url: '/api/Review/Approve', headers: editor, payload: { id: review.id } }));
    expect(approved).toMatchObject({ status: 'approved', mobile: null });
    const answered = dataOf(await t.app.inject({ method: 'PUT', url: '/api/Question/Answer', headers: editor, payload: { id: question.id, answer: 'بله، مناسب است.' } }));
    expect(answered.mobile).toBeNull();
    expect(dataOf(await t.app.inject({ method: 'PUT', url: '/api/Review/Reply', headers: owner, payload: { id: review.id, reply: 'سپاس از شما' } })).mobile).toBe(ownersReview.mobile);
  });
});

describe('questions and answers', () => {
  let t: ShopApp;
  beforeAll(async () => { t = await buildShopApp(); });
  afterAll(async () => { await t?.close(); });

  it('a shopper asks; the owner answers and it shows; a rejected one never shows', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const s = await quickCustomer(t);
    const ask = (body: string) => t.app.inject({ method: 'POST', url: '/api/Question/Create', payload: { productId: o.productId, body }, headers: s.headers });
    const q = dataOf(await ask('برای پوست چرب مناسب است؟'));
    const spam = dataOf(await ask('<script>alert(1)</script> تبلیغ'));
    expect(spam.body).toBe('<script>alert(1)</script> تبلیغ');
    expect((await t.app.inject({ method: 'POST', url: '/api/Question/Create', payload: { productId: o.productId, body: 'سوال بی‌ورود' } })).statusCode).toBe(401);
    const list = async () => dataOf(await t.app.inject({ method: 'GET', url: `/api/Question/Product?productId=${o.productId}` }));
    expect((await list()).totalCount).toBe(0);

    const admin = dataOf(await asAdmin(t, 'GET', `/api/Question/Admin?productId=${o.productId}`));
    expect(admin.data.map((x: { status: string }) => x.status)).toEqual(['pending', 'pending']);
    const answered = dataOf(await asAdmin(t, 'PUT', '/api/Question/Answer', { id: q.id, answer: 'بله، فاقد چربی است.' }));
    expect(answered).toMatchObject({ status: 'approved', answer: 'بله، فاقد چربی است.' });
    dataOf(await asAdmin(t, 'PUT', '/api/Question/Reject', { id: spam.id, note: 'تبلیغ' }));
    const shown = await list();
    expect(shown.data.map((x: { id: number; answer: string }) => [x.id, x.answer])).toEqual([[q.id, 'بله، فاقد چربی است.']]);
    expect((await asAdmin(t, 'PUT', '/api/Question/Approve', { id: 99_999_999 })).statusCode).toBe(404);
  });

  it('keeps a shopper to three waiting questions per product', async () => {
    const o = await deliveredOrder(t, { quantity: 1 });
    const s = await quickCustomer(t);
    const ask = () => t.app.inject({ method: 'POST', url: '/api/Question/Create', payload: { productId: o.productId, body: 'این محصول اصل است؟' }, headers: s.headers });
    const answers = await Promise.all([ask(), ask(), ask(), ask()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409]);
  });
});
