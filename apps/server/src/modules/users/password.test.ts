import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
let shopper: string;
let ipSeq = 0;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

let seq = 0;
async function makeAdmin(password = 'old-password-1') {
  const username = `pw${++seq}`;
  const user = dataOf(await asAdmin(t, 'POST', '/api/User', { username, password, isAdmin: true }));
  return { id: user.id as number, username, password };
}
const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName, password }, remoteAddress: `10.2.0.${++ipSeq % 250}` });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/User/Me', headers: bearer(token) });
const updatePassword = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/User/UpdatePassword', payload, remoteAddress: `10.3.0.${++ipSeq % 250}` });

describe('PUT /api/User/UpdatePassword', () => {
  it('changes one\'s own password with the current one; old sessions end', async () => {
    const u = await makeAdmin();
    const oldToken = dataOf(await login(u.username, u.password)).token;
    const res = await updatePassword({ username: u.username, currentPassword: u.password, password: 'new-password-2', repeatPassword: 'new-password-2', salt: 'ignored' });
    expect(res.json()).toEqual({ success: true, data: null, error: null });
    expect(res.body).not.toContain('new-password-2');
    expect((await login(u.username, u.password)).statusCode).toBe(401);
    expect(dataOf(await login(u.username, 'new-password-2')).user.id).toBe(u.id);
    expect((await me(oldToken)).statusCode).toBe(401);
  });

  it('answers 401 with a Persian message for a wrong current password, changing nothing', async () => {
    const u = await makeAdmin();
    const res = await updatePassword({ username: u.username, currentPassword: 'not-it-at-all', password: 'new-password-2', repeatPassword: 'new-password-2' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'نام کاربری یا رمز عبور فعلی نادرست است' });
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('needs the current password: without it the answer is 400', async () => {
    const u = await makeAdmin();
    expectFieldErrors(await updatePassword({ username: u.username, password: 'new-password-2', repeatPassword: 'new-password-2' }),
      { currentPassword: 'رمز عبور فعلی الزامی است' });
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('answers 400 when the repeat differs or the new password is short', async () => {
    const u = await makeAdmin();
    expectFieldErrors(await updatePassword({ username: u.username, currentPassword: u.password, password: 'new-password-2', repeatPassword: 'new-password-3' }),
      { repeatPassword: 'تکرار رمز عبور با رمز عبور یکسان نیست' });
    expectFieldErrors(await updatePassword({ username: u.username, currentPassword: u.password, password: 'short', repeatPassword: 'short' }),
      { password: 'رمز عبور جدید باید دست‌کم ۸ کاراکتر باشد' });
    expectFieldErrors(await updatePassword({}), { username: 'نام کاربری الزامی است', password: 'رمز عبور جدید الزامی است', repeatPassword: 'تکرار رمز عبور الزامی است' });
  });

  it('answers 401 for an unknown username', async () => {
    const res = await updatePassword({ username: 'ghost', currentPassword: 'whatever-1', password: 'new-password-2', repeatPassword: 'new-password-2' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a disabled user', async () => {
    const u = await makeAdmin();
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: u.id, isDisable: true }));
    const res = await updatePassword({ username: u.username, currentPassword: u.password, password: 'new-password-2', repeatPassword: 'new-password-2' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('USER_DISABLED');
  });
});

describe('PUT /api/User/ResetPassword', () => {
  it('sets a new password; the user logs in with it and loses old sessions', async () => {
    const u = await makeAdmin();
    const oldToken = dataOf(await login(u.username, u.password)).token;
    const res = await asAdmin(t, 'PUT', '/api/User/ResetPassword', { userId: u.id, newPassword: 'reset-password-9', repeatPassword: 'reset-password-9', salt: 'x' });
    expect(res.json()).toEqual({ success: true, data: null, error: null });
    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await login(u.username, u.password)).statusCode).toBe(401);
    expect(dataOf(await login(u.username, 'reset-password-9')).user.username).toBe(u.username);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.passwordHash).not.toContain('reset-password-9');
  });

  it('matches field names case-insensitively', async () => {
    const u = await makeAdmin();
    dataOf(await asAdmin(t, 'PUT', '/api/User/ResetPassword', { UserId: u.id, NewPassword: 'reset-password-8', RepeatPassword: 'reset-password-8' }));
    expect((await login(u.username, 'reset-password-8')).statusCode).toBe(200);
  });

  it('answers 400 when the repeat differs or the password is short', async () => {
    const u = await makeAdmin();
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User/ResetPassword', { userId: u.id, newPassword: 'reset-password-9', repeatPassword: 'other-password-9' }),
      { repeatPassword: 'تکرار رمز عبور با رمز عبور یکسان نیست' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User/ResetPassword', { userId: u.id, newPassword: '1234567', repeatPassword: '1234567' }),
      { newPassword: 'رمز عبور جدید باید دست‌کم ۸ کاراکتر باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User/ResetPassword', { userId: 'abc', newPassword: 'reset-password-9', repeatPassword: 'reset-password-9' }),
      { userId: 'کاربر باید عدد باشد' });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await asAdmin(t, 'PUT', '/api/User/ResetPassword', { userId: 999999, newPassword: 'reset-password-9', repeatPassword: 'reset-password-9' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('کاربر پیدا نشد');
  });

  it('is for admins only', async () => {
    const u = await makeAdmin();
    await expectAdminOnly(t, { method: 'PUT', url: '/api/User/ResetPassword', payload: { userId: u.id, newPassword: 'hijacked-pass', repeatPassword: 'hijacked-pass' } }, shopper);
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });
});
