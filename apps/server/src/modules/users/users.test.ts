import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, notInArray } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { ADMIN, bearer, buildTestApp, login, type TestApp } from '../../../test/helpers.js';
import { asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
let shopper: string;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
  adminId = dataOf(await asAdmin(t, 'GET', '/api/User/Me')).id;
});
afterAll(async () => { await t.close(); });

const LAST_ADMIN = 'این آخرین مدیر کل فعال فروشگاه است؛ ابتدا نقش مدیر کل را به کاربر دیگری بدهید';
let seq = 0;
const create = (fields: Record<string, unknown> = {}) =>
  asAdmin(t, 'POST', '/api/User', { username: `user${++seq}`, password: 'secret-pass-1', ...fields });
const expectNoPassword = (body: string) => {
  expect(body).not.toMatch(/password|scrypt|secret-pass/i);
};

describe('the last active admin', () => {
  it('cannot be deleted (409)', async () => {
    const res = await asAdmin(t, 'DELETE', `/api/User?id=${adminId}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: LAST_ADMIN });
  });

  it('cannot be disabled or demoted (409)', async () => {
    for (const change of [{ isDisable: true }, { isAdmin: false }, { isAdmin: 'false', isDisable: 'true' }]) {
      const res = await asAdmin(t, 'PUT', '/api/User', { id: adminId, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(errorOf(res).message).toBe(LAST_ADMIN);
    }
    const me = dataOf(await asAdmin(t, 'GET', `/api/User/ById?id=${adminId}`));
    expect([me.isAdmin, me.isDisable]).toEqual([true, false]);
  });

  it('is still the last one when the other admins are disabled', async () => {
    const other = dataOf(await create({ isAdmin: true }));
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: other.id, isDisable: true }));
    expect((await asAdmin(t, 'DELETE', `/api/User?id=${adminId}`)).statusCode).toBe(409);
  });

  it('may be changed once another active admin exists, and then that one is protected', async () => {
    const other = dataOf(await create({ isAdmin: true }));
    // With two active admins, the other can be demoted; then the first is the last again.
    expect(dataOf(await asAdmin(t, 'PUT', '/api/User', { id: other.id, isAdmin: false })).isAdmin).toBe(false);
    expect((await asAdmin(t, 'PUT', '/api/User', { id: adminId, isAdmin: false })).statusCode).toBe(409);
  });
});

describe('GET /api/User', () => {
  it('answers a page of users with paging fields and no password', async () => {
    for (let i = 0; i < 3; i++) await create();
    const res = await asAdmin(t, 'GET', '/api/User?pageSize=2&pageNumber=1');
    const page = dataOf(res);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(page.totalCount).toBe((await t.db.select().from(users)).length);
    expect(page.data[0].id).toBe(adminId);
    expectNoPassword(res.body);
  });

  it('uses 10 per page by default', async () => {
    expect(dataOf(await asAdmin(t, 'GET', '/api/User')).pageSize).toBe(10);
  });

  it('searches by username, name and mobile', async () => {
    const u = dataOf(await create({ username: 'zahra_k', firstname: 'زهرا', lastname: 'کریمی', mobile: '09351112233' }));
    for (const q of ['zahra', 'زهرا', 'کریمی', '935111']) {
      expect(dataOf(await asAdmin(t, 'GET', `/api/User?search=${encodeURIComponent(q)}`)).data.map((x: { id: number }) => x.id), q).toEqual([u.id]);
    }
    expect(dataOf(await asAdmin(t, 'GET', `/api/User?search=${encodeURIComponent("' OR 1=1 --")}`)).totalCount).toBe(0);
    expect(dataOf(await asAdmin(t, 'GET', '/api/User?search=%25')).totalCount).toBe(0);
    expect(dataOf(await asAdmin(t, 'GET', '/api/User?search=_')).data.map((x: { id: number }) => x.id)).toEqual([u.id]);
  });

  it('answers 400 for a huge or negative page size', async () => {
    expectFieldErrors(await asAdmin(t, 'GET', '/api/User?pageSize=100000'), { pageSize: 'اندازه صفحه باید حداکثر ۱۰۰ باشد' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/User?pageNumber=0'), { pageNumber: 'شماره صفحه باید حداقل ۱ باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'GET', url: '/api/User?pageSize=10&pageNumber=1' }, shopper);
  });
});

describe('GET /api/User/ById', () => {
  it('answers one user without the password', async () => {
    const made = dataOf(await create({ firstname: 'مریم', mobile: '۰۹۱۲۰۰۰۱۱۲۲', email: 'maryam@example.com' }));
    const res = await asAdmin(t, 'GET', `/api/User/ById?id=${made.id}`);
    expect(dataOf(res)).toEqual({
      id: made.id, username: made.username, firstname: 'مریم', lastname: '', mobile: '989120001122', email: 'maryam@example.com',
      isAdmin: false, isDisable: false, role: null, createdAt: made.createdAt,
    });
    expectNoPassword(res.body);
  });

  it('answers 404 for an unknown user and 400 for a non-numeric id', async () => {
    const res = await asAdmin(t, 'GET', '/api/User/ById?id=999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'کاربر پیدا نشد' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/User/ById?id=abc'), { id: 'شناسه باید عدد باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'GET', url: `/api/User/ById?id=${adminId}` }, shopper);
  });
});

describe('POST /api/User', () => {
  it('creates a user whose password is hashed and never answered or audited', async () => {
    const res = await create({ username: 'newadmin', password: 'Very-Secret-9', isAdmin: true, firstname: 'علی' });
    const user = dataOf(res);
    expect(user).toMatchObject({ username: 'newadmin', isAdmin: true, firstname: 'علی' });
    expect(res.body).not.toContain('Very-Secret-9');
    expectNoPassword(res.body);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row!.passwordHash).not.toContain('Very-Secret-9');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(JSON.stringify(audits)).not.toContain('Very-Secret-9');
    expect(await login(t.app, 'newadmin', 'Very-Secret-9')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('creates a plain user (not an admin) when isAdmin is not given, and that user cannot open the admin', async () => {
    for (const fields of [{}, { isAdmin: '' }, { isAdmin: null }]) {
      const user = dataOf(await create({ password: 'plain-pass-1', ...fields }));
      expect(user.isAdmin, JSON.stringify(fields)).toBe(false);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.isAdmin).toBe(false);
      const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName: user.username, password: 'plain-pass-1' }, remoteAddress: `10.77.0.${seq}` });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 409 for a username that exists, whatever its case', async () => {
    const res = await create({ username: 'ADMIN' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'نام کاربری «ADMIN» برای کاربر دیگری ثبت شده است', fields: { username: 'این نام کاربری تکراری است' } });
  });

  it('answers 409 for a mobile that exists, in any spelling', async () => {
    dataOf(await create({ mobile: '09127778899' }));
    const res = await create({ mobile: '+98 912 777 8899' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).fields).toEqual({ mobile: 'این شماره موبایل تکراری است' });
  });

  it('answers 400 with Persian messages for bad fields', async () => {
    expectFieldErrors(await asAdmin(t, 'POST', '/api/User', {}), { username: 'نام کاربری الزامی است', password: 'رمز عبور الزامی است' });
    expectFieldErrors(await create({ password: 'short' }), { password: 'رمز عبور باید دست‌کم ۸ کاراکتر باشد' });
    expectFieldErrors(await create({ mobile: '12345' }), { mobile: 'شماره موبایل باید ۱۱ رقم و با ۰۹ شروع شود، مانند ۰۹۱۲۱۲۳۴۵۶۷' });
    expectFieldErrors(await create({ email: 'not-an-email' }), { email: 'ایمیل معتبر نیست' });
    expectFieldErrors(await create({ username: 'u'.repeat(101) }), { username: 'نام کاربری باید حداکثر ۱۰۰ کاراکتر باشد' });
    expectFieldErrors(await create({ isAdmin: 'maybe' }), { isAdmin: 'مدیر باید درست یا نادرست باشد' });
  });

  it('cannot be talked into isAdmin through __proto__', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/User', headers: { 'content-type': 'application/json', ...bearer(await t.adminToken()) },
      payload: '{"username":"proto1","password":"proto-pass-1","__proto__":{"isAdmin":true}}',
    });
    if (res.statusCode === 200) expect(res.json().data.isAdmin).toBe(false);
    else expect(res.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/User', payload: { username: 'intruder', password: 'intruder-pass' } }, shopper);
    expect(await t.db.select().from(users).where(eq(users.username, 'intruder'))).toEqual([]);
  });
});

describe('PUT /api/User', () => {
  it('changes the given fields only, with case-insensitive names', async () => {
    const user = dataOf(await create({ firstname: 'سارا', lastname: 'احمدی' }));
    const res = await asAdmin(t, 'PUT', '/api/User', { Id: user.id, FirstName: 'سارا جان', Mobile: '09131234567', Email: 'sara@example.com' });
    expect(dataOf(res)).toMatchObject({ id: user.id, username: user.username, firstname: 'سارا جان', lastname: 'احمدی', mobile: '989131234567', email: 'sara@example.com' });
    expectNoPassword(res.body);
  });

  it('stores Arabic letters as Persian and keeps emoji', async () => {
    const user = dataOf(await create());
    expect(dataOf(await asAdmin(t, 'PUT', '/api/User', { id: user.id, firstname: 'علي 🌸', lastname: 'كاظمي' })))
      .toMatchObject({ firstname: 'علی 🌸', lastname: 'کاظمی' });
  });

  it('answers 409 for another user\'s username', async () => {
    const a = dataOf(await create());
    const res = await asAdmin(t, 'PUT', '/api/User', { id: a.id, username: 'Admin' });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for an unknown user and 400 without an id', async () => {
    const res = await asAdmin(t, 'PUT', '/api/User', { id: 999999, firstname: 'x' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('کاربر پیدا نشد');
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User', { firstname: 'x' }), { id: 'کاربر الزامی است' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/User', payload: { id: adminId, isAdmin: false } }, shopper);
  });
});

describe('DELETE /api/User', () => {
  it('deletes a user and ends their sessions', async () => {
    const user = dataOf(await create({ isAdmin: true, password: 'their-pass-1' }));
    const token = await login(t.app, user.username, 'their-pass-1');
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/User?id=${user.id}`))).toEqual({ id: user.id, deactivated: false });
    expect((await asAdmin(t, 'GET', `/api/User/ById?id=${user.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/User/Me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await asAdmin(t, 'DELETE', '/api/User?id=999999')).statusCode).toBe(404);
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/User?id=-1'), { id: 'شناسه باید حداقل ۱ باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'DELETE', url: `/api/User?id=${adminId}` }, shopper);
  });
});

describe('the admin session itself', () => {
  it('still works after all of the above', async () => {
    expect(dataOf(await asAdmin(t, 'GET', '/api/User/Me')).username).toBe(ADMIN.username);
  });
});

// Last in the file: it demotes the first admin.
describe('two admins demoting each other at the same time', () => {
  it('leaves at least one active admin, without a deadlock', async () => {
    let token = await t.adminToken();
    for (let round = 0; round < 3; round++) {
      const make = async () => dataOf(await t.app.inject({ method: 'POST', url: '/api/User', headers: bearer(token), payload: { username: `race${round}_${++seq}`, password: 'race-pass-1', isAdmin: true } }));
      const p = await make();
      const q = await make();
      const pToken = await login(t.app, p.username, 'race-pass-1');
      const qToken = await login(t.app, q.username, 'race-pass-1');
      // Everyone else steps down, so p and q are the last two active admins.
      await t.db.update(users).set({ isAdmin: false }).where(and(eq(users.isAdmin, true), notInArray(users.id, [p.id, q.id])));
      const answers = await Promise.all([
        t.app.inject({ method: 'PUT', url: '/api/User', payload: { id: q.id, isAdmin: false }, headers: bearer(pToken) }),
        t.app.inject({ method: 'PUT', url: '/api/User', payload: { id: p.id, isAdmin: false }, headers: bearer(qToken) }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      const active = await t.db.select().from(users).where(and(eq(users.isAdmin, true), eq(users.isDisable, false)));
      expect(active.length, `round ${round}: ${codes}`).toBe(1);
      for (const code of codes) expect([200, 401, 409], `round ${round}: ${codes}`).toContain(code);
      token = active[0]!.id === p.id ? pToken : qToken;
    }
  });
});
