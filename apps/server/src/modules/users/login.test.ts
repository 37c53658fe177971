import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { asAdmin, customerToken, dataOf, errorOf, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
let ipSeq = 0;
/** Each call from its own address, so the per-IP login limit only bites where a test wants it. */
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

const login = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/User/Login', payload: payload as object, remoteAddress });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/User/Me', headers });

async function makeUser(fields: Record<string, unknown>) {
  return dataOf(await asAdmin(t, 'POST', '/api/User', { password: 'initial-pass-1', ...fields }));
}

describe('POST /api/User/Login', () => {
  it('answers a token and the user, and the token opens admin routes', async () => {
    const res = await login({ userName: ADMIN.username, password: ADMIN.password });
    const data = dataOf(res);
    expect(Object.keys(data).sort()).toEqual(['token', 'user']);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({ username: 'admin', isAdmin: true, isDisable: false, firstname: 'مدیر', lastname: 'فروشگاه' });
    expect(Object.keys(data.user).sort()).toEqual(['createdAt', 'email', 'firstname', 'id', 'isAdmin', 'isDisable', 'lastname', 'mobile', 'username']);
    expect(res.body).not.toContain(ADMIN.password);
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(dataOf(await me(bearer(data.token))).username).toBe('admin');
  });

  it('sets the token as an httpOnly SameSite=Lax cookie that also works', async () => {
    const res = await login({ userName: ADMIN.username, password: ADMIN.password });
    const cookie = res.cookies.find((c) => c.name === 'sorkhab_admin')!;
    expect(cookie).toMatchObject({ value: res.json().data.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(dataOf(await me({ cookie: `sorkhab_admin=${cookie.value}` })).username).toBe('admin');
  });

  it('matches the username and the field names case-insensitively', async () => {
    expect(dataOf(await login({ UserName: 'ADMIN', Password: ADMIN.password })).user.username).toBe('admin');
  });

  it('answers 401 with a Persian message for a wrong password or an unknown user', async () => {
    for (const body of [{ userName: 'admin', password: 'wrong-password' }, { userName: 'nobody', password: 'whatever1' }]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'نام کاربری یا رمز عبور نادرست است' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('answers 401 for SQL-looking, Persian and emoji usernames', async () => {
    for (const userName of ["admin' --", "' OR '1'='1", 'مدیر', '👑']) {
      expect((await login({ userName, password: "' OR '1'='1" })).statusCode, userName).toBe(401);
    }
  });

  it('refuses a login posted from another site (403)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName: ADMIN.username, password: ADMIN.password }, headers: { origin: 'https://evil.example' }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('درخواست از مبدأ ناشناخته پذیرفته نمی‌شود');
    expect(res.cookies).toEqual([]);
    const same = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName: ADMIN.username, password: ADMIN.password }, headers: { origin: 'https://shop.example', host: 'shop.example' }, remoteAddress: nextIp() });
    expect(same.statusCode).toBe(200);
  });

  it('answers 400 with Persian messages for missing fields', async () => {
    expectFieldErrors(await login({}), { userName: 'نام کاربری الزامی است', password: 'رمز عبور الزامی است' });
    expectFieldErrors(await login({ userName: 'admin', password: '' }), { password: 'رمز عبور الزامی است' });
    expectFieldErrors(await login({ userName: 'admin', password: 'p'.repeat(201) }), { password: 'رمز عبور باید حداکثر ۲۰۰ کاراکتر باشد' });
    expectFieldErrors(await login({ userName: ['admin'], password: 12345678 }), { userName: 'نام کاربری الزامی است', password: 'رمز عبور الزامی است' });
  });

  it('answers 401 for a shopper\'s mobile, who has no password', async () => {
    await customerToken(t);
    const res = await login({ userName: '989120000001', password: 'anything-1' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user who is not an admin with 403', async () => {
    await makeUser({ username: 'staff1', isAdmin: false });
    const res = await login({ userName: 'staff1', password: 'initial-pass-1' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'این حساب دسترسی مدیریت ندارد' });
  });

  it('a disabled user cannot log in and loses the sessions they had', async () => {
    const user = await makeUser({ username: 'admin2', isAdmin: true });
    const token = dataOf(await login({ userName: 'admin2', password: 'initial-pass-1' })).token;
    expect(dataOf(await me(bearer(token))).id).toBe(user.id);
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: user.id, isDisable: true }));
    const after = await me(bearer(token));
    expect(after.statusCode).toBe(401);
    const res = await login({ userName: 'admin2', password: 'initial-pass-1' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'USER_DISABLED', message: 'حساب کاربری شما غیرفعال شده است؛ با مدیر فروشگاه تماس بگیرید' });
    // Enabled again, they log in again.
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: user.id, isDisable: false }));
    expect(dataOf(await login({ userName: 'admin2', password: 'initial-pass-1' })).user.id).toBe(user.id);
  });

  it('a demoted admin loses their admin sessions', async () => {
    const user = await makeUser({ username: 'admin3', isAdmin: true });
    const token = dataOf(await login({ userName: 'admin3', password: 'initial-pass-1' })).token;
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: user.id, isAdmin: false }));
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('limits failed attempts per username: 429 after 10, even with the right password', async () => {
    await makeUser({ username: 'victim', isAdmin: true });
    for (let i = 0; i < 10; i++) {
      expect((await login({ userName: 'victim', password: `guess-${i}` })).statusCode).toBe(401);
    }
    for (const password of ['guess-x', 'initial-pass-1']) {
      const res = await login({ userName: 'VICTIM', password });
      expect(res.statusCode).toBe(429);
      expect(errorOf(res)).toEqual({ code: 'RATE_LIMITED', message: 'تلاش‌های ورود بیش از حد مجاز است؛ چند دقیقه بعد دوباره تلاش کنید' });
    }
    // Another username from another address is not affected.
    expect((await login({ userName: ADMIN.username, password: ADMIN.password })).statusCode).toBe(200);
  });

  it('does not lock out an admin who logs in successfully many times', async () => {
    await makeUser({ username: 'busy', isAdmin: true });
    for (let i = 0; i < 12; i++) {
      expect((await login({ userName: 'busy', password: 'initial-pass-1' })).statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it('limits attempts per address: 429 after 20 from one IP, whatever the username', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      expect((await login({ userName: `someone${i}`, password: 'nope-nope' }, ip)).statusCode).toBe(401);
    }
    expect((await login({ userName: ADMIN.username, password: ADMIN.password }, ip)).statusCode).toBe(429);
    expect((await login({ userName: ADMIN.username, password: ADMIN.password }, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('an expired session answers 401', async () => {
    const { createSession } = await import('../../lib/auth.js');
    const admin = dataOf(await asAdmin(t, 'GET', '/api/User/Me'));
    const { token } = await createSession(t.db, admin.id, 'admin', -1);
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe('نشست شما معتبر نیست یا به پایان رسیده است؛ دوباره وارد شوید');
  });
});

describe('POST /api/User/Logout', () => {
  it('ends the session: the token answers 401 afterwards', async () => {
    const token = dataOf(await login({ userName: ADMIN.username, password: ADMIN.password })).token;
    const res = await t.app.inject({ method: 'POST', url: '/api/User/Logout', headers: bearer(token) });
    expect(dataOf(res)).toBeNull();
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/User/Logout' })).statusCode).toBe(401);
  });
});

describe('GET /api/User/Me', () => {
  it('answers 401 without a token or with a bad one, and 403 for a shopper', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await me(bearer('garbage'))).statusCode).toBe(401);
    expect((await me({ authorization: 'Basic YWRtaW46YWRtaW4=' })).statusCode).toBe(401);
    const res = await me(bearer(await customerToken(t)));
    expect(res.statusCode).toBe(403);
  });
});
