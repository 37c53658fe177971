import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_COOKIE, customersEndpoints, IRAN_PROVINCES, SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import { CUSTOMER_COOKIE } from '../../lib/auth.js';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import * as svc from './customers.service.js';
import { smsFromConfig, type SmsProvider } from './sms.js';

export const customerRoutes: FastifyPluginAsyncZod<{ sms?: SmsProvider }> = async (app, opts) => {
  const { limiter, config } = app.services;
  const db = app.services.database.db;
  const sms = opts.sms ?? smsFromConfig(config);
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  /** One mobile cannot be flooded (3 codes per 10 minutes), nor can one address send to many mobiles. */
  async function throttleSend(ip: string, mobile: string) {
    if (!config.RATE_LIMIT) return;
    const byMobile = await limiter.hit(`otp-mobile:${mobile}`, 3, 10 * 60_000);
    const byIp = await limiter.hit(`otp-ip:${ip}`, 10, 60 * 60_000);
    if (!byMobile) throw tooMany('برای این شماره چند کد پشت سر هم فرستاده شده است؛ ده دقیقه بعد دوباره تلاش کنید');
    if (!byIp) throw tooMany('درخواست‌های کد تأیید از این نشانی بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید');
  }

  const route = routesOf(app, customersEndpoints);

  route('POST /Auth/SendCode', async (req) => {
    await throttleSend(clientAddress(req.ip), req.body.mobile);
    return ok(await svc.sendCode(db, sms, req.body.mobile));
  });

  route('POST /Auth/VerifyCode', async (req, reply) => {
    if (config.RATE_LIMIT && !(await limiter.hit(`otp-verify-ip:${clientAddress(req.ip)}`, 30, 10 * 60_000))) throw tooMany();
    const result = await svc.verifyCode(db, { ...req.body, guestCartToken: req.cookies[CART_COOKIE], sessionDays: config.SESSION_DAYS });
    reply.setCookie(CUSTOMER_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: result.expiresAt });
    reply.setCookie(SHOPPER_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure, expires: result.expiresAt });
    reply.clearCookie(CART_COOKIE, { path: '/' });
    return ok({ token: result.token, user: result.user });
  });

  route('POST /Auth/Logout', async (req, reply) => {
    await svc.logout(db, req.auth!.sessionId);
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    reply.clearCookie(SHOPPER_HINT_COOKIE, { path: '/' });
    return ok(null);
  });

  route('GET /Auth/Me', async (req) => ok(await svc.getCustomer(db, req.auth!.userId)));

  route('GET /Profile', async (req) => ok(await svc.getCustomer(db, req.auth!.userId)));
  route('PUT /Profile', async (req) => ok(await svc.updateProfile(db, req.auth!.userId, req.body)));

  route('GET /Address', async (req) => ok(await svc.listAddresses(db, req.auth!.userId)));
  route('GET /Address/ById', async (req) => ok(await svc.getAddress(db, req.auth!.userId, req.query.id)));
  route('POST /Address', async (req) => ok(await svc.createAddress(db, req.auth!.userId, req.body)));
  route('PUT /Address', async (req) => ok(await svc.updateAddress(db, req.auth!.userId, req.body)));
  route('DELETE /Address', async (req) => {
    await svc.deleteAddress(db, req.auth!.userId, req.query.id);
    return ok({ id: req.query.id });
  });

  route('GET /Location/Provinces', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ok(IRAN_PROVINCES.map((p) => ({ id: p.id, name: p.name, cities: [...p.cities] })));
  });
};
