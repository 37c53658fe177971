import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope, IdQuerySchema, LoginResultSchema, LoginSchema, OkSchema, paged, ResetPasswordSchema, UpdatePasswordSchema,
  UserCreateSchema, UserListQuerySchema, UserSchema, UserUpdateSchema,
} from '@sorkhab/shared';
import { ADMIN_COOKIE } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { tooMany } from '../../lib/errors.js';
import * as svc from './users.service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter, config } = app.services;
  const db = app.services.database.db;
  const tags = ['users'];
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  /** Per IP and per username, so neither one address nor many addresses can guess a password. */
  async function throttle(ip: string, username: string) {
    if (!config.RATE_LIMIT) return;
    const byIp = await limiter.hit(`login-ip:${ip}`, 20, 60_000);
    const byUser = await limiter.hit(`login-user:${username.toLowerCase()}`, 10, 15 * 60_000);
    if (!byIp || !byUser) throw tooMany('تلاش‌های ورود بیش از حد مجاز است؛ چند دقیقه بعد دوباره تلاش کنید');
  }

  app.post('/User/Login', {
    config: { access: 'public' },
    schema: { tags, summary: 'Admin login → session token (also set as an httpOnly cookie)', body: LoginSchema, response: { 200: envelope(LoginResultSchema) } },
  }, async (req, reply) => {
    await throttle(req.ip, req.body.userName);
    const result = await svc.adminLogin(db, req.body.userName, req.body.password, config.SESSION_DAYS);
    // The username's counter is for guesses: a right password clears it, so an admin who logs in often is not locked out.
    if (config.RATE_LIMIT) await limiter.reset(`login-user:${req.body.userName.toLowerCase()}`);
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
    await throttle(req.ip, req.body.username);
    await svc.changePassword(db, req.body);
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
    schema: { tags, security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.deleteUser(db, req.auth?.userId, req.query.id);
    return ok({ id: req.query.id });
  });

  app.put('/User/ResetPassword', {
    schema: { tags, security: [{ bearer: [] }], body: ResetPasswordSchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.resetPassword(db, req.auth?.userId, req.body.userId, req.body.newPassword);
    return ok(null);
  });

  void z;
};
