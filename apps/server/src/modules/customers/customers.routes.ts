import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressFormSchema, AddressSchema, AddressUpdateSchema, CART_COOKIE, CustomerAuthResultSchema, SHOPPER_HINT_COOKIE, CustomerSchema, envelope,
  IdQuerySchema, IRAN_PROVINCES, OkSchema, ProfileUpdateSchema, ProvinceSchema, SendCodeResultSchema, SendCodeSchema, VerifyCodeSchema,
} from '@sorkhab/shared';
import { z } from 'zod';
import { CUSTOMER_COOKIE } from '../../lib/auth.js';
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
  const tags = ['customers'];
  const security = [{ bearer: [] }];
  const customer = { access: 'customer' as const };

  /** One mobile cannot be flooded (3 codes per 10 minutes), nor can one address send to many mobiles. */
  async function throttleSend(ip: string, mobile: string) {
    if (!config.RATE_LIMIT) return;
    const byMobile = await limiter.hit(`otp-mobile:${mobile}`, 3, 10 * 60_000);
    const byIp = await limiter.hit(`otp-ip:${ip}`, 10, 60 * 60_000);
    if (!byMobile) throw tooMany('برای این شماره چند کد پشت سر هم فرستاده شده است؛ ده دقیقه بعد دوباره تلاش کنید');
    if (!byIp) throw tooMany('درخواست‌های کد تأیید از این نشانی بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید');
  }

  app.post('/Auth/SendCode', {
    config: { access: 'public' },
    schema: { tags, summary: 'Send a one-time login code by SMS', body: SendCodeSchema, response: { 200: envelope(SendCodeResultSchema) } },
  }, async (req) => {
    await throttleSend(clientAddress(req.ip), req.body.mobile);
    return ok(await svc.sendCode(db, sms, req.body.mobile));
  });

  app.post('/Auth/VerifyCode', {
    config: { access: 'public' },
    schema: { tags, summary: 'Check the code → customer session (also an httpOnly cookie); merges the guest cart', body: VerifyCodeSchema, response: { 200: envelope(CustomerAuthResultSchema) } },
  }, async (req, reply) => {
    if (config.RATE_LIMIT && !(await limiter.hit(`otp-verify-ip:${clientAddress(req.ip)}`, 30, 10 * 60_000))) throw tooMany();
    const result = await svc.verifyCode(db, { ...req.body, guestCartToken: req.cookies[CART_COOKIE], sessionDays: config.SESSION_DAYS });
    reply.setCookie(CUSTOMER_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: result.expiresAt });
    reply.setCookie(SHOPPER_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure, expires: result.expiresAt });
    reply.clearCookie(CART_COOKIE, { path: '/' });
    return ok({ token: result.token, user: result.user });
  });

  app.post('/Auth/Logout', { config: customer, schema: { tags, security, response: { 200: OkSchema } } }, async (req, reply) => {
    await svc.logout(db, req.auth!.sessionId);
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    reply.clearCookie(SHOPPER_HINT_COOKIE, { path: '/' });
    return ok(null);
  });

  app.get('/Auth/Me', { config: customer, schema: { tags, security, response: { 200: envelope(CustomerSchema) } } },
    async (req) => ok(await svc.getCustomer(db, req.auth!.userId)));

  app.get('/Profile', { config: customer, schema: { tags, security, response: { 200: envelope(CustomerSchema) } } },
    async (req) => ok(await svc.getCustomer(db, req.auth!.userId)));
  app.put('/Profile', { config: customer, schema: { tags, security, body: ProfileUpdateSchema, response: { 200: envelope(CustomerSchema) } } },
    async (req) => ok(await svc.updateProfile(db, req.auth!.userId, req.body)));

  app.get('/Address', { config: customer, schema: { tags, security, response: { 200: envelope(z.array(AddressSchema)) } } },
    async (req) => ok(await svc.listAddresses(db, req.auth!.userId)));
  app.get('/Address/ById', { config: customer, schema: { tags, security, querystring: IdQuerySchema, response: { 200: envelope(AddressSchema) } } },
    async (req) => ok(await svc.getAddress(db, req.auth!.userId, req.query.id)));
  app.post('/Address', { config: customer, schema: { tags, security, body: AddressFormSchema, response: { 200: envelope(AddressSchema) } } },
    async (req) => ok(await svc.createAddress(db, req.auth!.userId, req.body)));
  app.put('/Address', { config: customer, schema: { tags, security, body: AddressUpdateSchema, response: { 200: envelope(AddressSchema) } } },
    async (req) => ok(await svc.updateAddress(db, req.auth!.userId, req.body)));
  app.delete('/Address', { config: customer, schema: { tags, security, querystring: IdQuerySchema, response: { 200: OkSchema } } },
    async (req) => {
      await svc.deleteAddress(db, req.auth!.userId, req.query.id);
      return ok({ id: req.query.id });
    });

  app.get('/Location/Provinces', {
    config: { access: 'public' },
    schema: { tags: ['locations'], summary: 'The 31 provinces of Iran with their cities', response: { 200: envelope(z.array(ProvinceSchema)) } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ok(IRAN_PROVINCES.map((p) => ({ id: p.id, name: p.name, cities: [...p.cities] })));
  });
};
