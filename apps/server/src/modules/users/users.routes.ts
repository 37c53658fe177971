import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope, IdQuerySchema, LoginResultSchema, LoginSchema, OkSchema, paged, ResetPasswordSchema, UpdatePasswordSchema,
  UserCreateSchema, UserDeleteResultSchema, UserListQuerySchema, UserSchema, UserUpdateSchema,
} from '@sorkhab/shared';
import { ADMIN_COOKIE } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import * as svc from './users.service.js';

const LOGIN_WINDOW = 15 * 60_000;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter, config } = app.services;
  const db = app.services.database.db;
  const tags = ['users'];
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

  app.post('/User/Login', {
    config: { access: 'public' },
    schema: { tags, summary: 'Admin login → session token (also set as an httpOnly cookie)', body: LoginSchema, response: { 200: envelope(LoginResultSchema) } },
  }, async (req, reply) => {
    const result = await guarded(req.ip, req.body.userName, () => svc.adminLogin(db, req.body.userName, req.body.password, config.SESSION_DAYS));
    reply.setCookie(ADMIN_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: result.expiresAt });
    return ok({ token: result.token, user: result.user });
  });

  app.post('/User/Logout', {
    schema: { tags, summary: 'End the admin session', security: [{ bearer: [] }], response: { 200: OkSchema } },
  }, async (req, reply) => {
    await svc.logout(db, req.auth!.sessionId);
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return ok(null);
  });

  app.get('/User/Me', {
    schema: { tags, summary: 'The logged-in admin', security: [{ bearer: [] }], response: { 200: envelope(UserSchema) } },
  }, async (req) => ok(await svc.getUser(db, req.auth!.userId)));

  app.put('/User/UpdatePassword', {
    config: { access: 'public' },
    schema: { tags, summary: 'Change one\'s own password with the current one', body: UpdatePasswordSchema, response: { 200: OkSchema } },
  }, async (req) => {
    await guarded(req.ip, req.body.username, () => svc.changePassword(db, req.body));
    return ok(null);
  });

  app.get('/User', {
    schema: { tags, security: [{ bearer: [] }], querystring: UserListQuerySchema, response: { 200: envelope(paged(UserSchema)) } },
  }, async (req) => ok(await svc.listUsers(db, req.query.pageNumber ?? 1, req.query.pageSize ?? 10, req.query.search)));

  app.get('/User/ById', {
    schema: { tags, security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: envelope(UserSchema) } },
  }, async (req) => ok(await svc.getUser(db, req.query.id)));

  app.post('/User', {
    schema: { tags, summary: 'Create a user (admin or staff)', security: [{ bearer: [] }], body: UserCreateSchema, response: { 200: envelope(UserSchema) } },
  }, async (req) => ok(await svc.createUser(db, req.auth?.userId, req.body)));

  app.put('/User', {
    schema: { tags, security: [{ bearer: [] }], body: UserUpdateSchema, response: { 200: envelope(UserSchema) } },
  }, async (req) => ok(await svc.updateUser(db, req.auth?.userId, req.body)));

  app.delete('/User', {
    schema: {
      tags, security: [{ bearer: [] }], querystring: IdQuerySchema,
      summary: 'Delete a user; a customer with orders is deactivated instead (deactivated: true)',
      response: { 200: envelope(UserDeleteResultSchema) },
    },
  }, async (req) => ok(await svc.deleteUser(db, req.auth?.userId, req.query.id)));

  app.put('/User/ResetPassword', {
    schema: { tags, security: [{ bearer: [] }], body: ResetPasswordSchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.resetPassword(db, req.auth?.userId, req.body.userId, req.body.newPassword);
    return ok(null);
  });

  void z;
};
