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
    expect(Object.keys(data.user).sort()).toEqual(['createdAt', 'email', 'firstname', 'id', 'isAdmin', 'isDisable', 'lastname', 'mobile', 'permissions', 'role', 'username']);
    expect(res.body).not.toContain(ADMIN.password);
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(dataOf(await me(bearer(data.token))).username).toBe('admin');
  });

  it('sets the token as an httpOnly SameSite=Lax cookie that also works', async () => {
    const res = await login({ userName: ADMIN.username, password: ADMIN.password });
    const cookie = res.cookies.find((c) => c.name === 'sorkhab_admin')!;
    expect(cookie).toMatchObject({ value: res.json().data.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(dataOf(await me({ cookie: `sorkhab_admin=${cookie.value}` })).username).toBe('admin');
    // Beside it, a hint the panel's script can read (it proves nothing: the session is the httpOnly cookie).
    const hint = res.cookies.find((c) => c.name === 'sorkhab_staff')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(hint.httpOnly).toBeFalsy();
    expect((await me({ cookie: 'sorkhab_staff=1' })).statusCode).toBe(401);
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

});

const RATE_LIMITED = { code: 'RATE_LIMITED', message: 'تلاش‌های ورود بیش از حد مجاز است؛ چند دقیقه بعد دوباره تلاش کنید' };
/** Addresses unique to this run (a random /64 each), so counts left in a shared Redis by an earlier run never meet them. */
const run = () => Math.floor(Math.random() * 0xffff).toString(16);
const runPrefix = `fd00:${run()}:${run()}`;
let netSeq = 0;
const freshAddress = () => `${runPrefix}:${(++netSeq).toString(16)}::1`;

// The same limits on the in-process counters and, when REDIS_URL is set (CI), on Redis shared by two copies.
const redisUrl = process.env.REDIS_URL;
const limiterKinds = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(limiterKinds)('login limits (%s counters)', (kind) => {
  let a: TestApp; // one copy of the server
  let b: TestApp; // another copy: the same app in memory, a second app on the same Redis
  beforeAll(async () => {
    if (kind === 'memory') { a = t; b = t; return; }
    [a, b] = await Promise.all([buildTestApp({ REDIS_URL: redisUrl }), buildTestApp({ REDIS_URL: redisUrl })]);
  });
  afterAll(async () => { if (kind === 'redis') await Promise.all([a.close(), b.close()]); });

  let userSeq = 0;
  /** An admin with the same name and password on both copies. */
  async function makeAdmin() {
    const username = `lim_${kind}_${++userSeq}`;
    for (const app of new Set([a, b])) dataOf(await asAdmin(app, 'POST', '/api/User', { username, password: 'initial-pass-1', isAdmin: true }));
    return username;
  }
  const attempt = (app: TestApp, userName: string, password: string, remoteAddress: string) =>
    app.app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName, password }, remoteAddress });

  it('a storm of wrong passwords for admin from other addresses does not lock the owner out of their own', async () => {
    const storm = Array.from({ length: 5 }, freshAddress);
    for (let i = 0; i < 30; i++) {
      const res = await attempt(i % 2 ? a : b, ADMIN.username, `guess-${i}`, storm[i % 5]!);
      expect(res.statusCode, `guess ${i + 1}`).toBe(401);
    }
    // The owner, from their own address, on either copy.
    expect((await attempt(a, ADMIN.username, ADMIN.password, freshAddress())).statusCode).toBe(200);
    expect((await attempt(b, 'ADMIN', ADMIN.password, freshAddress())).statusCode).toBe(200);
    // The storm's addresses have 4 guesses left each, then 429.
    for (let i = 0; i < 4; i++) expect((await attempt(a, ADMIN.username, `more-${i}`, storm[0]!)).statusCode).toBe(401);
    expect((await attempt(b, ADMIN.username, 'more-x', storm[0]!)).statusCode).toBe(429);
  });

  it('the 11th attempt after 10 wrong passwords from one address answers 429 there (Persian message), even with the right password', async () => {
    const username = await makeAdmin();
    const mine = freshAddress();
    for (let i = 0; i < 10; i++) {
      // Alternating copies: the count is one count across them.
      expect((await attempt(i % 2 ? a : b, username, `guess-${i}`, mine)).statusCode, `guess ${i + 1}`).toBe(401);
    }
    for (const password of ['guess-x', 'initial-pass-1']) {
      const res = await attempt(a, username.toUpperCase(), password, mine);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res)).toEqual(RATE_LIMITED);
      expect(res.cookies).toEqual([]);
    }
    // The same user from another address, and another user from this one, are not affected.
    expect((await attempt(b, username, 'initial-pass-1', freshAddress())).statusCode).toBe(200);
    expect((await attempt(b, ADMIN.username, ADMIN.password, mine)).statusCode).toBe(200);
  });

  it('a right password clears the count of wrong ones from that address', async () => {
    const username = await makeAdmin();
    const mine = freshAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await attempt(a, username, `typo-${i}`, mine)).statusCode).toBe(401);
      expect((await attempt(b, username, 'initial-pass-1', mine)).statusCode, `round ${round + 1}`).toBe(200);
    }
  });

  it('does not count right passwords: an admin who logs in often from one address is never limited', async () => {
    const username = await makeAdmin();
    const mine = freshAddress();
    for (let i = 0; i < 51; i++) {
      expect((await attempt(i % 2 ? a : b, username, 'initial-pass-1', mine)).statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it('limits one address to 50 wrong passwords whatever the usernames; other addresses are not affected', async () => {
    const mine = freshAddress();
    for (let i = 0; i < 50; i++) {
      expect((await attempt(i % 2 ? a : b, `someone${i}`, 'nope-nope', mine)).statusCode, `guess ${i + 1}`).toBe(401);
    }
    const res = await attempt(a, ADMIN.username, ADMIN.password, mine);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual(RATE_LIMITED);
    expect((await attempt(b, ADMIN.username, ADMIN.password, freshAddress())).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating through it gains nothing', async () => {
    const username = await makeAdmin();
    const net64 = freshAddress().replace(/::1$/, '');
    for (let i = 0; i < 10; i++) expect((await attempt(a, username, `guess-${i}`, `${net64}:${i.toString(16)}::${i + 2}`)).statusCode).toBe(401);
    expect((await attempt(b, username, 'initial-pass-1', `${net64}::beef`)).statusCode).toBe(429);
  });

  it('parallel guesses cannot slip past the count: of 20 at once from one address, exactly 10 are tried', async () => {
    const username = await makeAdmin();
    const mine = freshAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? a : b, username, `guess-${i}`, mine)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length, codes.join(',')).toBe(10);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBe(10);
  });

  it('PUT /api/User/UpdatePassword shares the count: 10 wrong current passwords, then 429', async () => {
    const username = await makeAdmin();
    const mine = freshAddress();
    const change = (currentPassword: string) => a.app.inject({
      method: 'PUT', url: '/api/User/UpdatePassword', remoteAddress: mine,
      payload: { username, currentPassword, password: 'new-password-2', repeatPassword: 'new-password-2' },
    });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(401);
    expect((await change('initial-pass-1')).statusCode).toBe(429);
    expect((await attempt(b, username, 'initial-pass-1', mine)).statusCode).toBe(429);
    expect((await attempt(b, username, 'initial-pass-1', freshAddress())).statusCode).toBe(200);
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
    expect(res.cookies.filter((c) => c.value === '').map((c) => c.name).sort()).toEqual(['sorkhab_admin', 'sorkhab_staff']);
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
