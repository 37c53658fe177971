import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidNationalCode } from '@sorkhab/shared';
import { otpCodes, users } from '../../db/schema/index.js';
import { bearer } from '../../../test/helpers.js';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, loginCustomer, newMobile, NEW_ADDRESS, type ShopApp } from '../cart/commerce.test-helpers.js';
import { consoleSms, kavenegarSms } from './sms.js';

let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t?.close(); });

const sendCode = (mobile: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/Auth/SendCode', payload: { mobile }, remoteAddress: ip });
const verify = (mobile: string, code: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/Auth/VerifyCode', payload: { mobile, code }, cookies });

describe('POST /api/Auth/SendCode', () => {
  it('accepts Persian digits and a leading 0, and writes one console line to 98XXXXXXXXXX', async () => {
    const res = await sendCode('۰۹۱۲۷۷۷۱۲۳۴');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ mobile: '989127771234', expiresIn: 120 });
    expect(t.lastCode('989127771234')).toMatch(/^\d{4}$/);
  });

  it('stores the code hashed, never in clear', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = t.lastCode(mobile);
    const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toHaveLength(64);
  });

  it('rejects a malformed mobile with a Persian message', async () => {
    const res = await sendCode('12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.mobile).toContain('شماره موبایل');
  });

  it('limits how often one mobile can be sent a code', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 3; i++) expect((await sendCode(mobile, `10.1.0.${i}`)).statusCode).toBe(200);
    const res = await sendCode(mobile, '10.1.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toContain('ده دقیقه');
  });

  it('limits how many mobiles one address can flood', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await sendCode(newMobile(), '10.2.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('POST /api/Auth/VerifyCode', () => {
  it('logs a new mobile in as a new customer with an httpOnly cookie', async () => {
    const mobile = newMobile();
    await sendCode(mobile, '10.3.0.1');
    const res = await verify(mobile, t.lastCode(mobile));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ mobile, firstname: '' });
    const cookie = res.cookies.find((c) => c.name === 'sorkhab_session');
    expect(cookie?.httpOnly).toBe(true);
    // The page's hint that someone is logged in is readable by scripts and carries no secret.
    const hint = res.cookies.find((c) => c.name === 'sorkhab_shopper');
    expect(hint).toMatchObject({ value: '1' });
    expect(hint?.httpOnly).toBeFalsy();
    expect((await t.app.inject({ method: 'GET', url: '/api/Auth/Me', cookies: { sorkhab_shopper: '1' } })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/Auth/Me', cookies: { sorkhab_session: cookie!.value } });
    expect(me.json().data.mobile).toBe(mobile);
  });

  it('a code works once', async () => {
    const mobile = newMobile();
    await sendCode(mobile, '10.3.0.2');
    const code = t.lastCode(mobile);
    expect((await verify(mobile, code)).statusCode).toBe(200);
    expect((await verify(mobile, code)).json().error.code).toBe('CODE_EXPIRED');
  });

  it('locks the code after five wrong tries, even for the right code', async () => {
    const mobile = newMobile();
    await sendCode(mobile, '10.3.0.3');
    const code = t.lastCode(mobile);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await verify(mobile, wrong));
    expect(answers[0]!.statusCode).toBe(400);
    expect(answers[0]!.json().error.message).toContain('۴ بار دیگر');
    expect(answers[4]!.statusCode).toBe(429);
    const right = await verify(mobile, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('CODE_LOCKED');
  });

  it('refuses an expired code', async () => {
    const mobile = newMobile();
    await sendCode(mobile, '10.3.0.4');
    await t.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.mobile, mobile));
    const res = await verify(mobile, t.lastCode(mobile));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('refuses a disabled user', async () => {
    const mobile = newMobile();
    await t.db.insert(users).values({ mobile, isDisable: true });
    await sendCode(mobile, '10.3.0.5');
    const res = await verify(mobile, t.lastCode(mobile));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('USER_DISABLED');
  });

  it('merges the guest cart into the customer\'s: quantities add up, capped at 10 and stock', async () => {
    const a = await createProduct(t, { Stock: 50 });
    const b = await createProduct(t, { Stock: 3 });
    const mobile = newMobile();
    const first = await loginCustomer(t, mobile);
    await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: a.id, quantity: 7 }, headers: bearer(first.token) });
    await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: b.id, quantity: 2 }, headers: bearer(first.token) });
    // Later, as a guest on another device:
    const g1 = await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: a.id, quantity: 6 } });
    const guest = g1.cookies.find((c) => c.name === 'sorkhab_cart')!.value;
    await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: b.id, quantity: 2 }, cookies: { sorkhab_cart: guest } });
    const again = await loginCustomer(t, mobile, { sorkhab_cart: guest });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/Cart', headers: bearer(again.token) })).json().data;
    const qty = Object.fromEntries(cart.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]));
    expect(qty).toEqual({ [a.id]: 10, [b.id]: 3 });
    // The guest cart is gone.
    const left = await t.app.inject({ method: 'GET', url: '/api/Cart', cookies: { sorkhab_cart: guest } });
    expect(left.json().data.items).toEqual([]);
  });
});

describe('POST /api/Auth/Logout', () => {
  it('ends the session', async () => {
    const c = await loginCustomer(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/Auth/Logout', headers: bearer(c.token) });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.map((k) => [k.name, k.value])).toEqual(expect.arrayContaining([['sorkhab_session', ''], ['sorkhab_shopper', '']]));
    expect((await t.app.inject({ method: 'GET', url: '/api/Auth/Me', headers: bearer(c.token) })).statusCode).toBe(401);
  });
});

describe('PUT /api/Profile', () => {
  it('saves names, email and a valid national code (Persian digits accepted)', async () => {
    const c = await loginCustomer(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/Profile', headers: bearer(c.token), payload: {
      firstname: 'سارا', lastname: 'کریمی', email: 'sara@example.com', nationalCode: '۰۰۱۳۵۴۲۴۱۹',
    } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstname: 'سارا', nationalCode: '0013542419' });
  });

  it('refuses a national code with a wrong check digit', async () => {
    const c = await loginCustomer(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/Profile', headers: bearer(c.token), payload: {
      firstname: 'سارا', lastname: 'کریمی', nationalCode: '0013542418',
    } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.nationalCode).toContain('کد ملی معتبر نیست');
  });

  it('needs a customer session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/Profile', headers: bearer(await t.adminToken()) })).statusCode).toBe(401);
  });
});

describe('/api/Address', () => {
  it('adds, lists, edits and deletes an address typed in Persian digits', async () => {
    const c = await loginCustomer(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/Address', headers: bearer(c.token), payload: NEW_ADDRESS });
    expect(created.statusCode).toBe(200);
    const addr = created.json().data;
    expect(addr).toMatchObject({ postalCode: '1234567890', mobile: '989121234567' });
    const edited = await t.app.inject({ method: 'PUT', url: '/api/Address', headers: bearer(c.token), payload: { ...NEW_ADDRESS, id: addr.id, city: 'ری' } });
    expect(edited.json().data.city).toBe('ری');
    const list = await t.app.inject({ method: 'GET', url: '/api/Address', headers: bearer(c.token) });
    expect(list.json().data).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Address?id=${addr.id}`, headers: bearer(c.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/Address', headers: bearer(c.token) })).json().data).toHaveLength(0);
  });

  it('refuses a city that is not in the province, and a 9-digit postal code', async () => {
    const c = await loginCustomer(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/Address', headers: bearer(c.token), payload: { ...NEW_ADDRESS, city: 'شیراز' } });
    expect(bad.statusCode).toBe(400);
    const short = await t.app.inject({ method: 'POST', url: '/api/Address', headers: bearer(c.token), payload: { ...NEW_ADDRESS, postalCode: '123456789' } });
    expect(short.json().error.fields.postalCode).toBe('کد پستی باید ۱۰ رقم باشد');
  });

  it('never shows or changes another shopper\'s address', async () => {
    const owner = await loginCustomer(t);
    const other = await loginCustomer(t);
    const addr = (await t.app.inject({ method: 'POST', url: '/api/Address', headers: bearer(owner.token), payload: NEW_ADDRESS })).json().data;
    expect((await t.app.inject({ method: 'GET', url: `/api/Address/ById?id=${addr.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Address', headers: bearer(other.token), payload: { ...NEW_ADDRESS, id: addr.id, address: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Address?id=${addr.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/Address', headers: bearer(other.token) })).json().data).toEqual([]);
    const still = await t.app.inject({ method: 'GET', url: `/api/Address/ById?id=${addr.id}`, headers: bearer(owner.token) });
    expect(still.json().data.address).toBe(addr.address);
  });
});

describe('GET /api/Location/Provinces', () => {
  it('lists all 31 provinces with their cities', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Location/Provinces' });
    const data = res.json().data as { name: string; cities: string[] }[];
    expect(data).toHaveLength(31);
    expect(new Set(data.map((p) => p.name)).size).toBe(31);
    expect(data.every((p) => p.cities.length >= 5)).toBe(true);
    expect(data.find((p) => p.name === 'فارس')!.cities).toContain('شیراز');
  });
});

describe('national code checksum', () => {
  it('accepts valid codes and refuses wrong ones', () => {
    expect(isValidNationalCode('0013542419')).toBe(true);
    expect(isValidNationalCode('0013542418')).toBe(false);
    expect(isValidNationalCode('1111111111')).toBe(false);
  });
});

describe('SMS providers', () => {
  it('console writes one line per message', async () => {
    const lines: string[] = [];
    await consoleSms({ write: (l) => lines.push(l) }).sendCode('989121234567', '1234');
    expect(lines).toEqual(['[sms] to=989121234567 text=کد ورود شما به سرخاب: 1234']);
  });

  it('kavenegar calls verify/lookup with receptor, token and template', async () => {
    const calls: { url: string; body: string }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 1 }] }), { status: 200 });
    }) as unknown as typeof fetch;
    await kavenegarSms({ apiKey: 'KEY', template: 'sorkhab-verify', fetch: fakeFetch }).sendCode('989121234567', '4321');
    expect(calls[0]!.url).toBe('https://api.kavenegar.com/v1/KEY/verify/lookup.json');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ receptor: '989121234567', token: '4321', template: 'sorkhab-verify' });
  });

  it('kavenegar sends a plain message through sms/send', async () => {
    const calls: { url: string; body: string }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response(JSON.stringify({ return: { status: 200, message: 'تایید شد' } }), { status: 200 });
    }) as unknown as typeof fetch;
    await kavenegarSms({ apiKey: 'KEY', template: 'x', fetch: fakeFetch }).send('989121234567', 'سفارش ۱۲ ارسال شد');
    expect(calls[0]!.url).toBe('https://api.kavenegar.com/v1/KEY/sms/send.json');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ receptor: '989121234567', message: 'سفارش ۱۲ ارسال شد' });
  });

  it('kavenegar reports a refused message as an error', async () => {
    const fakeFetch = (async () => new Response(JSON.stringify({ return: { status: 418, message: 'اعتبار کافی نیست' } }), { status: 418 })) as unknown as typeof fetch;
    await expect(kavenegarSms({ apiKey: 'K', template: 'x', fetch: fakeFetch }).sendCode('989121234567', '1')).rejects.toThrow(/418/);
  });
});
