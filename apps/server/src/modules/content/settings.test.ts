import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD } from '@sorkhab/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { DEFAULT_SETTINGS } from './content.service.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

const read = async () => dataOf(await t.app.inject({ method: 'GET', url: '/api/Settings' }));

describe('GET /api/Settings', () => {
  it('answers the defaults on a fresh shop, without a login', async () => {
    const settings = await read();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(settings).toMatchObject({ storeName: 'سرخاب', freeShippingThreshold: FREE_SHIPPING_THRESHOLD });
    expect(settings.faq.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/Settings', () => {
  it('changes the given fields only, and the very next read shows them', async () => {
    await read();
    const faq = [{ question: 'ارسال چند روز طول می‌کشد؟', answer: 'دو تا چهار روز کاری.' }];
    const updated = dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'سرخاب تست', shippingFee: 55000, faq }));
    expect(updated).toEqual({ ...DEFAULT_SETTINGS, storeName: 'سرخاب تست', shippingFee: 55000, faq });
    expect(await read()).toEqual(updated);
  });

  it('keeps earlier changes when a later one touches other fields', async () => {
    await asAdmin(t, 'PUT', '/api/Settings', { phone: '021-88887777' });
    await asAdmin(t, 'PUT', '/api/Settings', { address: 'شیراز، خیابان زند' });
    expect(await read()).toMatchObject({ phone: '021-88887777', address: 'شیراز، خیابان زند' });
  });

  it('matches field names case-insensitively', async () => {
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { ShippingFee: 61000, STORENAME: 'سرخاب ۲' }));
    expect(await read()).toMatchObject({ shippingFee: 61000, storeName: 'سرخاب ۲' });
  });

  it('does not store unknown keys', async () => {
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { isAdmin: true, storeName: 'سرخاب' }));
    expect(Object.keys(await read()).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('stores Persian, emoji and SQL-looking text as it is', async () => {
    const about = "فروشگاه ما 💄 '); DELETE FROM settings; --";
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { about }));
    expect((await read()).about).toBe(about);
  });

  it('answers 400 with Persian messages for bad values, changing nothing', async () => {
    const before = await read();
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { shippingFee: -1 }), { shippingFee: 'هزینه ارسال نمی‌تواند منفی باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { shippingFee: 10.5 }), { shippingFee: 'هزینه ارسال باید عدد صحیح باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { shippingFee: 'رایگان' }), { shippingFee: 'هزینه ارسال باید عدد باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { storeName: '' }), { storeName: 'نام فروشگاه الزامی است' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'ن'.repeat(101) }), { storeName: 'نام فروشگاه باید حداکثر ۱۰۰ کاراکتر باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { faq: [{ question: '', answer: 'x' }] }), { 'faq.0.question': 'پرسش الزامی است' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { faq: 'نه' }), { faq: 'پرسش‌های متداول باید فهرست باشند' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 123 }), { storeName: 'نام فروشگاه باید متن باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { shippingFee: 1e9 }), { shippingFee: 'هزینه ارسال باید حداکثر ۱۰۰٬۰۰۰٬۰۰۰ تومان باشد' });
    expect(await read()).toEqual(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/Settings', payload: '{"storeName":', headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.adminToken()}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'BAD_JSON', message: 'بدنه درخواست JSON معتبر نیست' });
  });

  it('answers 401 to an anonymous request whatever its body, before parsing it', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/Settings', payload: '{"storeName":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const res = await asAdmin(t, 'PUT', '/api/Settings', { about: 'ا'.repeat(600_000) });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'حجم درخواست بیش از حد مجاز است' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Settings', payload: { storeName: 'هک' } }, shopper);
    expect((await read()).storeName).not.toBe('هک');
  });
});
