import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers.js';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, quickCustomer, setStock, type ShopApp } from './commerce.test-helpers.js';

let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t?.close(); });

type Opts = { cookie?: string; token?: string };
const who = (o: Opts) => ({ ...(o.cookie ? { cookies: { sorkhab_cart: o.cookie } } : {}), ...(o.token ? { headers: bearer(o.token) } : {}) });
const add = (body: object, o: Opts = {}) => t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: body, ...who(o) });
const get = (o: Opts = {}) => t.app.inject({ method: 'GET', url: '/api/Cart', ...who(o) });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'sorkhab_cart')?.value;

async function discount(body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/Discount', payload: body, headers: bearer(await t.adminToken()) });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data;
}

describe('GET /api/Cart', () => {
  it('is an empty cart for a new guest, without creating one', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ items: [], itemCount: 0, subtotal: 0, total: 0, shippingFee: 0, discountCode: null });
    expect(cookieOf(res)).toBeUndefined();
  });
});

describe('POST /api/Cart/Add', () => {
  it('gives a guest an httpOnly cart cookie and prices the line at the discounted price', async () => {
    const p = await createProduct(t, { Price: 200000, HasOff: true, OffPersent: 10, Stock: 20 });
    const res = await add({ productId: p.id, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'sorkhab_cart')!;
    expect(c.httpOnly).toBe(true);
    const cart = res.json().data;
    expect(cart.items[0]).toMatchObject({ productId: p.id, unitPrice: 180000, listPrice: 200000, quantity: 2, lineTotal: 360000, option: null, maxQuantity: 10, stock: 20 });
    // The saving: 20,000 a unit off the list price, on two units.
    expect(cart).toMatchObject({ itemCount: 2, subtotal: 360000, saving: 40000, shippingFee: 45000, total: 405000, freeShippingRemaining: 2_000_000 - 360000 });
    expect((await get({ cookie: c.value })).json().data.items).toHaveLength(1);
  });

  it('adds up quantities, capped at 10', async () => {
    const p = await createProduct(t, { Stock: 100 });
    const first = await add({ productId: p.id, quantity: 8 });
    const cookie = cookieOf(first)!;
    const second = await add({ productId: p.id, quantity: 5 }, { cookie });
    expect(second.json().data.items[0].quantity).toBe(10);
    const third = await add({ productId: p.id, quantity: 1 }, { cookie });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toContain('حداکثر ۱۰ عدد');
  });

  it('caps at stock and refuses an out-of-stock product', async () => {
    const p = await createProduct(t, { Stock: 3 });
    expect((await add({ productId: p.id, quantity: 5 })).json().data.items[0]).toMatchObject({ quantity: 3, maxQuantity: 3 });
    await setStock(t, p.id, 0);
    const res = await add({ productId: p.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('ناموجود');
  });

  it('remembers the colour and respects its own stock', async () => {
    const attribute = JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#ff0000', stock: 2 }, { name: 'صورتی', color: '#ff88aa', stock: 0 }] }]);
    const p = await createProduct(t, { Stock: 50, Attribute: attribute });
    const res = await add({ productId: p.id, quantity: 5, option: 'قرمز' });
    expect(res.json().data.items[0]).toMatchObject({ option: 'قرمز', quantity: 2, maxQuantity: 2 });
    expect((await add({ productId: p.id, quantity: 1, option: 'صورتی' })).statusCode).toBe(409);
    const bad = await add({ productId: p.id, quantity: 1, option: 'آبی' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('آبی');
  });

  it('answers 404 for a missing product and 400 for a quantity above 10', async () => {
    expect((await add({ productId: 999999, quantity: 1 })).statusCode).toBe(404);
    const res = await add({ productId: 1, quantity: 11 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.quantity).toContain('تعداد');
  });
});

describe('PUT /api/Cart/SetQuantity', () => {
  it('sets a quantity, refuses more than stock, and 0 removes the line', async () => {
    const p = await createProduct(t, { Stock: 4 });
    const first = await add({ productId: p.id, quantity: 1 });
    const cookie = cookieOf(first)!;
    const itemId = first.json().data.items[0].id;
    const set = (quantity: number) => t.app.inject({ method: 'PUT', url: '/api/Cart/SetQuantity', payload: { itemId, quantity }, cookies: { sorkhab_cart: cookie } });
    expect((await set(4)).json().data.items[0].quantity).toBe(4);
    expect((await set(5)).statusCode).toBe(409);
    expect((await set(0)).json().data.items).toEqual([]);
  });
});

describe('DELETE /api/Cart/Remove', () => {
  it('removes a line', async () => {
    const p = await createProduct(t);
    const first = await add({ productId: p.id, quantity: 1 });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Cart/Remove?itemId=${first.json().data.items[0].id}`, cookies: { sorkhab_cart: cookieOf(first)! } });
    expect(res.json().data.items).toEqual([]);
  });
});

describe('a shopper and another shopper\'s cart', () => {
  it('can neither read nor change it (guests and customers alike)', async () => {
    const p = await createProduct(t, { Stock: 10 });
    const victim = await quickCustomer(t);
    const added = await add({ productId: p.id, quantity: 2 }, { token: victim.token });
    const itemId = added.json().data.items[0].id;
    const guest = await add({ productId: p.id, quantity: 1 });
    const attacker = await quickCustomer(t);
    for (const o of [{ token: attacker.token }, { cookie: cookieOf(guest)! }, {}]) {
      const set = await t.app.inject({ method: 'PUT', url: '/api/Cart/SetQuantity', payload: { itemId, quantity: 9 }, ...who(o) });
      expect(set.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/Cart/Remove?itemId=${itemId}`, ...who(o) });
      expect(del.statusCode).toBe(404);
      expect((await get(o)).json().data.items.some((i: { id: number }) => i.id === itemId)).toBe(false);
    }
    expect((await get({ token: victim.token })).json().data.items[0]).toMatchObject({ id: itemId, quantity: 2 });
    // A forged cart cookie is just an empty cart.
    expect((await get({ cookie: 'forged-token' })).json().data.items).toEqual([]);
  });
});

describe('POST /api/Cart/ApplyDiscount', () => {
  it('applies percent and fixed codes, case-insensitively', async () => {
    const p = await createProduct(t, { Price: 500000, Stock: 10 });
    const first = await add({ productId: p.id, quantity: 2 });
    const cookie = cookieOf(first)!;
    await discount({ code: 'SPRING20', kind: 'percent', value: 20 });
    const res = await t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code: 'spring20' }, cookies: { sorkhab_cart: cookie } });
    expect(res.statusCode).toBe(200);
    // No product discount here: the saving is the code's alone.
    expect(res.json().data).toMatchObject({ subtotal: 1_000_000, discount: 200_000, saving: 200_000, discountCode: 'SPRING20', shippingFee: 45000, total: 845_000 });
    await discount({ code: 'MINUS50K', kind: 'fixed', value: 50000 });
    const fixed = await t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code: 'MINUS50K' }, cookies: { sorkhab_cart: cookie } });
    expect(fixed.json().data).toMatchObject({ discount: 50000, total: 995_000 });
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/Cart/RemoveDiscount', cookies: { sorkhab_cart: cookie } });
    expect(removed.json().data).toMatchObject({ discount: 0, saving: 0, discountCode: null });
  });

  it('says clearly why a code cannot be used', async () => {
    const p = await createProduct(t, { Price: 100000, Stock: 10 });
    const cookie = cookieOf(await add({ productId: p.id, quantity: 1 }))!;
    await discount({ code: 'OLD10', kind: 'percent', value: 10, expiresAt: new Date(Date.now() - 86_400_000).toISOString() });
    await discount({ code: 'BIG10', kind: 'percent', value: 10, minOrder: 300000 });
    await discount({ code: 'ONCE10', kind: 'percent', value: 10, usageLimit: 1 });
    const apply = (code: string) => t.app.inject({ method: 'POST', url: '/api/Cart/ApplyDiscount', payload: { code }, cookies: { sorkhab_cart: cookie } });
    expect((await apply('NOPE')).json().error.message).toContain('معتبر نیست');
    expect((await apply('OLD10')).json().error.message).toContain('به پایان رسیده');
    const below = (await apply('BIG10')).json().error;
    expect(below.code).toBe('DISCOUNT_INVALID');
    expect(below.message).toContain('۲۰۰٬۰۰۰ تومان دیگر');
    expect((await apply('ONCE۱۰')).statusCode).toBe(200);
  });

  it('free shipping once the cart reaches the threshold', async () => {
    const p = await createProduct(t, { Price: 1_000_000, Stock: 10 });
    const res = await add({ productId: p.id, quantity: 2 });
    expect(res.json().data).toMatchObject({ subtotal: 2_000_000, shippingFee: 0, freeShippingRemaining: 0, total: 2_000_000 });
  });
});

describe('shipping fee from the store settings', () => {
  it('follows an admin change at once', async () => {
    const p = await createProduct(t, { Price: 100000, Stock: 10 });
    const cookie = cookieOf(await add({ productId: p.id, quantity: 1 }))!;
    expect((await get({ cookie })).json().data.shippingFee).toBe(45000);
    const admin = bearer(await t.adminToken());
    const put = await t.app.inject({ method: 'PUT', url: '/api/Settings', payload: { shippingFee: 60000, freeShippingThreshold: 150000 }, headers: admin });
    expect(put.statusCode).toBe(200);
    expect((await get({ cookie })).json().data).toMatchObject({ shippingFee: 60000, freeShippingRemaining: 50000 });
    await t.app.inject({ method: 'PUT', url: '/api/Settings', payload: { shippingFee: 45000, freeShippingThreshold: 2_000_000 }, headers: admin });
  });
});

describe('/api/Discount (admin)', () => {
  it('creates, lists, updates and deletes; shoppers may not', async () => {
    const admin = bearer(await t.adminToken());
    const created = await discount({ code: 'ADMIN15', kind: 'percent', value: 15, minOrder: '۱۰۰۰۰۰', usageLimit: 5 });
    expect(created).toMatchObject({ code: 'ADMIN15', minOrder: 100000, usageLimit: 5, usedCount: 0, isActive: true });
    const dup = await t.app.inject({ method: 'POST', url: '/api/Discount', payload: { code: 'admin15', kind: 'fixed', value: 1 }, headers: admin });
    expect(dup.statusCode).toBe(409);
    const tooMuch = await t.app.inject({ method: 'POST', url: '/api/Discount', payload: { code: 'X150', kind: 'percent', value: 150 }, headers: admin });
    expect(tooMuch.json().error.fields.value).toContain('۱۰۰');
    // A Jalali day typed in Latin digits, or a day that does not exist, is a 400, not a code saved as expired in the year 1403.
    for (const [expiresAt, message] of [['1403-05-10', 'تاریخ انقضا را به میلادی بنویسید؛ سال ۱۴۰۳ شمسی است'],
      ['2030-02-30', 'تاریخ انقضا باید تاریخی معتبر به شکل ۲۰۲۶-۱۲-۰۱ باشد']]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Discount', payload: { code: 'JALALI1', kind: 'fixed', value: 1000, expiresAt }, headers: admin });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json().error.fields.expiresAt).toBe(message);
    }
    const refundRange = await t.app.inject({ method: 'GET', url: '/api/Return/RefundTotals?from=1403-01-01&to=5', headers: admin });
    expect(refundRange.statusCode).toBe(400);
    const upd = await t.app.inject({ method: 'PUT', url: '/api/Discount', payload: { id: created.id, code: 'ADMIN15', kind: 'fixed', value: 30000 }, headers: admin });
    expect(upd.json().data).toMatchObject({ kind: 'fixed', value: 30000 });
    const list = await t.app.inject({ method: 'GET', url: '/api/Discount?pageNumber=1&pageSize=10&search=ADMIN', headers: admin });
    expect(list.json().data).toMatchObject({ page: 1, totalCount: 1 });
    const shopper = await quickCustomer(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/Discount', headers: shopper.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/Discount' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Discount?id=${created.id}`, headers: admin })).statusCode).toBe(200);
  });
});
