import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_HINT_COOKIE, usersEndpoints } from '@sorkhab/shared';
import { ADMIN_COOKIE } from '../../lib/auth.js';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import * as svc from './users.service.js';

const LOGIN_WINDOW = 15 * 60_000;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter, config } = app.services;
  const db = app.services.database.db;
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  /**
   * Password guesses are limited per address and per address + username, never per username alone: a
   * storm of wrong passwords for `admin` from other addresses must not lock the owner out of their own.
   * Every attempt is counted before the password is checked (so parallel requests cannot slip past the
   * count); an attempt that was not a wrong password is refunded, and a right one clears the pair's count.
   * No global per-username limit: it would be a lock-out lever again, and scrypt bounds the guess rate.
   */
  async function guarded<T>(ip: string, username: string, attempt: () => Promise<T>): Promise<T> {
    if (!config.RATE_LIMIT) return attempt();
    const address = clientAddress(ip);
    const byAddress = `login-addr:${address}`;
    const byPair = `login-pair:${address}|${username.toLowerCase()}`;
    const allowed = [await limiter.hit(byAddress, 50, LOGIN_WINDOW), await limiter.hit(byPair, 10, LOGIN_WINDOW)];
    const refund = () => Promise.all([limiter.refund(byAddress), limiter.refund(byPair)]);
    if (allowed.includes(false)) {
      await refund(); // a refused attempt tried no password
      throw tooMany('تلاش‌های ورود بیش از حد مجاز است؛ چند دقیقه بعد دوباره تلاش کنید');
    }
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'INVALID_CREDENTIALS')) await refund();
      throw err;
    }
    await Promise.all([limiter.refund(byAddress), limiter.reset(byPair)]);
    return result;
  }

  const route = routesOf(app, usersEndpoints);

  route('POST /User/Login', async (req, reply) => {
    const result = await guarded(req.ip, req.body.userName, () => svc.adminLogin(db, req.body.userName, req.body.password, config.SESSION_DAYS));
    reply.setCookie(ADMIN_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: result.expiresAt });
    reply.setCookie(STAFF_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure, expires: result.expiresAt });
    return ok({ token: result.token, user: result.user });
  });

  route('POST /User/Logout', async (req, reply) => {
    await svc.logout(db, req.auth!.sessionId);
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    reply.clearCookie(STAFF_HINT_COOKIE, { path: '/' });
    return ok(null);
  });

  route('GET /User/Me', async (req) => ok(await svc.getMe(db, req.auth!.userId)));

  route('PUT /User/UpdatePassword', async (req) => {
    await guarded(req.ip, req.body.username, () => svc.changePassword(db, req.body));
    return ok(null);
  });

  const shoppersOnly = (req: { auth: { staffRole: string | null } | null }) => req.auth?.staffRole !== 'owner';
  route('GET /User', async (req) =>
    ok(await svc.listUsers(db, req.query.pageNumber ?? 1, req.query.pageSize ?? 10, req.query.search, shoppersOnly(req))));

  route('GET /User/ById', async (req) => ok(await svc.getUser(db, req.query.id, shoppersOnly(req))));

  route('POST /User', async (req) => ok(await svc.createUser(db, req.auth?.userId, req.body)));

  route('PUT /User', async (req) => ok(await svc.updateUser(db, req.auth?.userId, req.body)));

  route('DELETE /User', async (req) => ok(await svc.deleteUser(db, req.auth?.userId, req.query.id)));

  route('PUT /User/ResetPassword', async (req) => {
    await svc.resetPassword(db, req.auth?.userId, req.body.userId, req.body.newPassword);
    return ok(null);
  });
};
