import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs, orderEvents, orders, payments, products, productVariants, shippingMethods } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, NEW_ADDRESS, paidOrder, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';

let t: ShopApp;
let admin: Record<string, string>;
beforeAll(async () => { t = await buildShopApp(); admin = bearer(await t.adminToken()); });
afterAll(async () => { await t?.close(); });

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;
const SHIRAZ = { ...NEW_ADDRESS, province: 'فارس', city: 'شیراز' };
const methodId = async (carrier: string) => (await t.db.select().from(shippingMethods).where(eq(shippingMethods.carrier, carrier)))[0]!.id;
const quoteFor = (s: Shopper, q: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/Shipping/Quote?${new URLSearchParams(q)}`, headers: s.headers });
const feesOf = (res: { json(): unknown }) =>
  Object.fromEntries((res.json() as { data: { options: { name: string; fee: number }[] } }).data.options.map((o) => [o.name, o.fee]));
const checkout = (s: Shopper, body: object) => t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: body, headers: s.headers });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: admin });

async function shopperWith(price: number, quantity = 1, weightGrams = 0, stock = 10) {
  // The weight goes through the product form's own field.
  const p = await createProduct(t, { Price: price, Stock: stock, ...(weightGrams ? { weightGrams } : {}) });
  if (weightGrams) expect((await productRow(p.id)).weightGrams).toBe(weightGrams);
  const s = await quickCustomer(t);
  const add = await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: p.id, quantity }, headers: s.headers });
  if (add.statusCode !== 200) throw new Error(add.body);
  return { p, s };
}

describe('GET /api/Shipping/Quote', () => {
  it('offers the four default methods in Tehran and no courier in Shiraz, each with its fee and estimate', async () => {
    const { s } = await shopperWith(300_000);
    const tehran = await quoteFor(s, { province: 'تهران', city: 'تهران' });
    expect(tehran.statusCode).toBe(200);
    expect(feesOf(tehran)).toEqual({ 'پست پیشتاز': 45_000, 'تیپاکس': 70_000, 'پیک درون‌شهری': 60_000, 'تحویل حضوری از فروشگاه': 0 });
    expect(tehran.json().data.options[0].estimate).toBe('۲ تا ۴ روز کاری');
    expect(tehran.json().data.codEnabled).toBe(false);
    expect(Object.keys(feesOf(await quoteFor(s, { province: 'فارس', city: 'شیراز' })))).toEqual(['پست پیشتاز', 'تیپاکس', 'تحویل حضوری از فروشگاه']);
    const noPlace = await quoteFor(s, {});
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().error.message).toBe('استان و شهر گیرنده را انتخاب کنید');
  });

  it('prices by city, then province, then the base fee; by started weight step; free above the threshold', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/Shipping/Method', headers: admin, payload: {
      name: 'باربری', carrier: 'other', baseFee: 50_000, estimate: '۳ روز', sortOrder: 9, freeAbove: 5_000_000,
      feeOverrides: [{ province: 'فارس', fee: 80_000 }, { province: 'فارس', city: 'شیراز', fee: 30_000 }],
      weightIncludedGrams: 1000, weightStepGrams: 500, weightStepFee: 7_000,
    } });
    expect(created.statusCode).toBe(200);
    // 2 × 1,200 g = 2,400 g: 1,400 g above the included kilo = 3 started steps of 500 g.
    const { s } = await shopperWith(400_000, 2, 1200);
    const fee = async (province: string, city: string) => feesOf(await quoteFor(s, { province, city }))['باربری'];
    expect(await fee('فارس', 'شیراز')).toBe(30_000 + 21_000);
    expect(await fee('فارس', 'مرودشت')).toBe(80_000 + 21_000);
    expect(await fee('تهران', 'تهران')).toBe(50_000 + 21_000);
    // The post's defaults: a kilo included, then 10,000 per started 500 g.
    expect(feesOf(await quoteFor(s, { province: 'تهران', city: 'تهران' }))['پست پیشتاز']).toBe(45_000 + 30_000);
    // A variant's own weight wins over its product's.
    const variant = (await t.db.select().from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).orderBy(productVariants.id)).at(-1)!;
    await t.db.update(productVariants).set({ weightGrams: 500 }).where(eq(productVariants.id, variant.product_variants.id));
    expect(await fee('تهران', 'تهران')).toBe(50_000);

    // 2,000,000 reaches the shop's threshold: free, except for a method with its own higher threshold.
    const rich = await shopperWith(1_000_000, 2);
    const q = feesOf(await quoteFor(rich.s, { province: 'تهران', city: 'تهران' }));
    expect(q['پست پیشتاز']).toBe(0);
    expect(q['باربری']).toBe(50_000);
    await t.db.delete(shippingMethods).where(eq(shippingMethods.id, created.json().data.id));
  });

  it('refuses a courier without a city and unknown places with Persian messages per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Shipping/Method', headers: admin, payload: {
      name: 'پیک', carrier: 'courier', baseFee: 10_000, regions: [{ province: 'تهران' }], feeOverrides: [{ province: 'ناکجا', fee: 1 }],
    } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ regions: 'برای پیک، به جای کل استان، شهر را انتخاب کنید', 'feeOverrides.0.province': 'استان «ناکجا» در فهرست استان‌ها نیست' });
    expect((await t.app.inject({ method: 'GET', url: '/api/Shipping/Method', headers: (await quickCustomer(t)).headers })).statusCode).toBe(403);
  });
});

describe('POST /api/Order/Checkout with a shipping method', () => {
  it('charges the server\'s fee whatever the client sends, and keeps a snapshot of the method', async () => {
    const { s } = await shopperWith(300_000);
    const tipax = await methodId('tipax');
    const res = await checkout(s, { address: NEW_ADDRESS, shippingMethodId: tipax, shippingFee: 0, total: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(370_000);
    const before = await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${res.json().data.orderId}`, headers: s.headers });
    expect(before.json().data).toMatchObject({ shippingFee: 70_000, total: 370_000, shipping: { name: 'تیپاکس', carrier: 'tipax', estimate: '۱ تا ۳ روز کاری' } });
    // The owner renames the method and raises its fee: the order does not change.
    const [m] = await t.db.select().from(shippingMethods).where(eq(shippingMethods.id, tipax));
    expect((await put('/api/Shipping/Method', { ...m, id: tipax, name: 'تیپاکس سریع', baseFee: 99_000, freeAbove: undefined })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${res.json().data.orderId}`, headers: s.headers });
    expect(after.json().data).toMatchObject({ shippingFee: 70_000, total: 370_000, shipping: { name: 'تیپاکس' } });
    await put('/api/Shipping/Method', { ...m, id: tipax, freeAbove: undefined });
  });

  it('answers 422 in Persian for a method that does not reach the address or is off, and takes no stock', async () => {
    const { p, s } = await shopperWith(300_000, 1, 0, 3);
    const courier = await methodId('courier');
    const far = await checkout(s, { address: SHIRAZ, shippingMethodId: courier });
    expect(far.statusCode).toBe(422);
    expect(far.json().error.message).toBe('روش ارسال «پیک درون‌شهری» به شیراز (فارس) ارسال نمی‌کند؛ روش دیگری انتخاب کنید');
    expect(far.json().error.fields.shippingMethodId).toBeTruthy();
    expect((await productRow(p.id)).stock).toBe(3);
    await t.db.update(shippingMethods).set({ isActive: false }).where(eq(shippingMethods.id, courier));
    const off = await checkout(s, { address: NEW_ADDRESS, shippingMethodId: courier });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.message).toContain('فعال نیست');
    await t.db.update(shippingMethods).set({ isActive: true }).where(eq(shippingMethods.id, courier));
    expect((await checkout(s, { address: NEW_ADDRESS, shippingMethodId: 987654 })).statusCode).toBe(422);
    // Without a method (the spec's clients), the first that reaches the address: the post.
    const plain = await checkout(s, { address: SHIRAZ });
    expect(plain.statusCode).toBe(200);
    expect(await orderRow(plain.json().data.orderId)).toMatchObject({ shippingName: 'پست پیشتاز', shippingFee: 45_000 });
  });
});

/** An order paid on the fake gateway and moved to processing by the admin. */
async function processingOrder(carrier = 'post') {
  const { orderId: id, number, s } = await paidOrder(t, { price: 500_000, checkout: { shippingMethodId: await methodId(carrier) } });
  expect((await put('/api/Order/SetStatus', { id, status: 'processing' })).statusCode).toBe(200);
  return { id, s, number };
}

describe('PUT /api/Order/Ship', () => {
  it('needs a valid tracking code for the post, keeps it with its link, puts it in the SMS and the timeline', async () => {
    const o = await processingOrder();
    const none = await put('/api/Order/Ship', { id: o.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.trackingCode).toBe('کد رهگیری مرسوله پست پیشتاز را وارد کنید');
    const bad = await put('/api/Order/Ship', { id: o.id, trackingCode: 'کد!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.trackingCode).toBe('کد رهگیری باید دست‌کم ۶ نویسه باشد');
    expect((await put('/api/Order/Ship', { id: o.id, trackingCode: 'AB123456' })).json().error.fields.trackingCode).toBe('کد رهگیری پست و تیپاکس فقط از رقم تشکیل می‌شود');
    expect((await orderRow(o.id)).status).toBe('processing');

    const shipped = await put('/api/Order/Ship', { id: o.id, trackingCode: '۱۲۳۴ ۵۶۷۸ ۹۰۱۲ ۳۴۵۶ ۷۸۹۰' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data).toMatchObject({ status: 'shipped', trackingCode: '12345678901234567890', trackingUrl: 'https://tracking.post.ir/?id=12345678901234567890' });
    const [sms] = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `sms:order:${o.id}:shipped:shopper`));
    expect((sms!.payload as { text: string }).text).toContain('کد رهگیری مرسوله: 12345678901234567890');

    const mine = (await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${o.id}`, headers: o.s.headers })).json().data;
    expect(mine.events.map((e: { status: string; label: string }) => [e.status, e.label])).toEqual([
      ['awaiting_payment', 'در انتظار پرداخت'], ['paid', 'پرداخت‌شده'], ['processing', 'در حال آماده‌سازی'], ['shipped', 'ارسال‌شده'],
    ]);
    expect(mine.events.every((e: { note: string | null }) => e.note === null)).toBe(true); // the admin's notes stay the admin's
    const tracked = await t.app.inject({ method: 'GET', url: `/api/Order/Track?number=${o.number}&mobile=09121234567` });
    expect(tracked.json().data).toMatchObject({ trackingCode: '12345678901234567890', events: expect.arrayContaining([expect.objectContaining({ status: 'shipped' })]) });
    // Correcting the code of a shipped order sends no second SMS.
    expect((await put('/api/Order/Ship', { id: o.id, trackingCode: '99999999' })).json().data.trackingCode).toBe('99999999');
    expect(await t.db.select().from(jobs).where(like(jobs.dedupeKey, `sms:order:${o.id}:shipped:%`))).toHaveLength(1);
  });
});

describe('PUT /api/Order/Ship without a code', () => {
  it('ships a courier order without a tracking code, and its SMS promises none', async () => {
    const o = await processingOrder('courier');
    const shipped = await put('/api/Order/Ship', { id: o.id });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data).toMatchObject({ status: 'shipped', trackingCode: null });
    const [sms] = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `sms:order:${o.id}:shipped:shopper`));
    const text = (sms!.payload as { text: string }).text;
    expect(text).toContain('ارسال شد و به‌زودی به دستتان می‌رسد');
    expect(text).not.toContain('کد رهگیری');
  });
});

describe('PUT /api/Order/MarkPaid', () => {
  const unpaid = async () => {
    const { p, s } = await shopperWith(200_000, 2);
    const res = await checkout(s, { address: NEW_ADDRESS });
    return { id: res.json().data.orderId as number, p, s };
  };

  it('pays an order once under two clicks at once: one 200, one 409, stock and sold count taken once', async () => {
    const o = await unpaid();
    expect((await productRow(o.p.id)).stock).toBe(8);
    const both = await Promise.all([1, 2].map(() => put('/api/Order/MarkPaid', { id: o.id, note: 'کارت به کارت، پیگیری ۱۲۳' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error.message).toBe('پرداخت این سفارش پیش‌تر ثبت شده است');
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid' });
    expect(await productRow(o.p.id)).toMatchObject({ stock: 8, soldCount: 2 });
    expect(await t.db.select().from(payments).where(and(eq(payments.orderId, o.id), eq(payments.provider, 'manual')))).toHaveLength(1);
    const admin2 = (await t.app.inject({ method: 'GET', url: `/api/Order/AdminById?id=${o.id}`, headers: admin })).json().data;
    expect(admin2.events.at(-1)).toMatchObject({ status: 'paid', note: 'کارت به کارت، پیگیری ۱۲۳' });
    expect((await put('/api/Order/MarkPaid', { id: o.id, note: '' })).json().error.fields.note).toBe('یادداشت پرداخت الزامی است');
    // The payment recorded by hand is no gateway's: its authority (the order's id) tells a guest walking ids nothing.
    const [manual] = await t.db.select().from(payments).where(and(eq(payments.orderId, o.id), eq(payments.provider, 'manual')));
    for (const headers of [{}, o.s.headers]) {
      const back = await t.app.inject({ method: 'GET', url: `/api/Payment/Callback?Authority=${manual!.authority}&Status=OK`, headers });
      expect(back.statusCode).toBe(303);
      const result = new URL(String(back.headers.location), 'http://x').searchParams;
      expect(result.get('result')).toBe('invalid');
      expect(result.get('number')).toBeNull();
    }
  });

  it('races a gateway callback: the order is paid once and its units counted once', async () => {
    const o = await unpaid();
    const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, o.id));
    await t.app.inject({ method: 'POST', url: `/payment/fake/${pay!.authority}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const [manual] = await Promise.all([
      put('/api/Order/MarkPaid', { id: o.id, note: 'کارت به کارت' }),
      t.app.inject({ method: 'GET', url: `/api/Payment/Callback?Authority=${pay!.authority}&Status=OK` }),
    ]);
    expect([200, 409]).toContain(manual.statusCode);
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid' });
    expect(await productRow(o.p.id)).toMatchObject({ stock: 8, soldCount: 2 });
    const events = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.status, 'paid')));
    expect(events).toHaveLength(1);
  });
});

describe('cash on delivery', () => {
  it('is refused while off; when on, the order is placed without the gateway, its units held, and paid on delivery once', async () => {
    const { p, s } = await shopperWith(300_000, 2);
    const off = await checkout(s, { address: NEW_ADDRESS, paymentMethod: 'cod' });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe('پرداخت در محل در این فروشگاه فعال نیست؛ پرداخت اینترنتی را انتخاب کنید');
    expect((await put('/api/Settings', { codEnabled: true })).statusCode).toBe(200);
    expect((await quoteFor(s, { province: 'تهران', city: 'تهران' })).json().data.codEnabled).toBe(true);

    expect((await put('/api/Settings/Sms', { ownerMobile: '۰۹۳۵۰۰۰۱۱۲۲' })).statusCode).toBe(200);
    const res = await checkout(s, { address: NEW_ADDRESS, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.orderId as number;
    // The shopper is told the order is placed (pay on delivery), the owner that one waits to be sent.
    const sms = async (who: string) => (await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `sms:order:${id}:cod:${who}`)))
      .map((j) => j.payload as { to: string; text: string });
    const [toShopper] = await sms('shopper');
    expect(toShopper!.text).toContain('هنگام تحویل بپردازید');
    expect(toShopper!.text).toContain((await orderRow(id)).number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
    const [toOwner] = await sms('owner');
    expect(toOwner).toMatchObject({ to: '989350001122' });
    expect(toOwner!.text).toContain('پرداخت در محل');
    await put('/api/Settings/Sms', { ownerMobile: '' });
    expect(res.json().data.paymentUrl).toBe(`/profile/order/${id}`);
    expect(await orderRow(id)).toMatchObject({ status: 'cod', paymentMethod: 'cod', paidAt: null });
    expect(await productRow(p.id)).toMatchObject({ stock: 8, soldCount: 2 });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/Cart', headers: s.headers })).json().data.items).toEqual([]);

    for (const status of ['processing', 'shipped', 'delivered']) {
      const r = status === 'shipped' ? await put('/api/Order/Ship', { id, trackingCode: '1234567890' }) : await put('/api/Order/SetStatus', { id, status });
      expect(r.statusCode).toBe(200);
    }
    const paid = await put('/api/Order/MarkPaid', { id, note: 'نقدی به پیک' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'delivered', paymentMethod: 'cod' });
    expect(paid.json().data.paidAt).not.toBeNull();
    expect(paid.json().data.events.at(-1)).toMatchObject({ kind: 'paid', label: 'پرداخت ثبت شد', note: 'نقدی به پیک' });
    expect((await put('/api/Order/MarkPaid', { id, note: 'دوباره' })).statusCode).toBe(409);
    expect(await productRow(p.id)).toMatchObject({ stock: 8, soldCount: 2 });
    await put('/api/Settings', { codEnabled: false });
  });

  it('gives the units back when the owner cancels a cash-on-delivery order', async () => {
    await put('/api/Settings', { codEnabled: true });
    const { p, s } = await shopperWith(300_000, 1);
    const id = (await checkout(s, { address: NEW_ADDRESS, paymentMethod: 'cod' })).json().data.orderId;
    expect((await put('/api/Order/SetStatus', { id, status: 'cancelled', from: 'cod' })).statusCode).toBe(200);
    expect(await productRow(p.id)).toMatchObject({ stock: 10, soldCount: 0 });
    await put('/api/Settings', { codEnabled: false });
  });
});
