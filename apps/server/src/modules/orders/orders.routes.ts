import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutResultSchema, CheckoutSchema, envelope, IdQuerySchema, OrderAdminQuerySchema, OrderSchema, paged,
  PagingQuerySchema, PaymentCallbackQuerySchema, PayOrderSchema, SetOrderStatusSchema, TrackQuerySchema,
} from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { getSettings } from '../content/content.service.js';
import { startOrderExpiry } from './expiry.js';
import * as svc from './orders.service.js';
import { gatewayFromConfig, type PaymentGateway } from './payment.js';

export const orderRoutes: FastifyPluginAsyncZod<{ gateway?: PaymentGateway }> = async (app, opts) => {
  const { config, cache, limiter } = app.services;
  const db = app.services.database.db;
  const gateway = opts.gateway ?? gatewayFromConfig(config, () => db);
  const ctx: svc.OrdersCtx = { db, cache, gateway, settings: () => cache.getOrLoad('commerce:settings', () => getSettings(db)) };
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const customer = { access: 'customer' as const };

  if (config.NODE_ENV === 'production' && gateway.name === 'fake') {
    app.log.warn('PAYMENT_PROVIDER=fake: orders are "paid" on the built-in test gateway; set PAYMENT_PROVIDER=zarinpal for a real shop');
  }
  const expiry = startOrderExpiry(db, cache, app.log);
  app.addHook('onClose', () => expiry.stop());

  const originOf = (req: FastifyRequest) => config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
  const callbackUrl = (req: FastifyRequest) => `${originOf(req)}/api/Payment/Callback`;

  app.post('/Order/Checkout', {
    config: customer,
    schema: { tags, security, summary: 'Cart → order awaiting payment (stock reserved for 30 minutes) → payment URL', body: CheckoutSchema, response: { 200: envelope(CheckoutResultSchema) } },
  }, async (req) => ok(await svc.checkout(ctx, req.auth!.userId, req.body, callbackUrl(req))));

  app.post('/Order/Pay', {
    config: customer,
    schema: { tags, security, summary: 'Another payment attempt for an order still awaiting payment', body: PayOrderSchema, response: { 200: envelope(z.object({ paymentUrl: z.string() })) } },
  }, async (req) => ok(await svc.payAgain(ctx, req.auth!.userId, req.body.id, callbackUrl(req))));

  app.get('/Order/Mine', { config: customer, schema: { tags, security, querystring: PagingQuerySchema, response: { 200: envelope(paged(OrderSchema)) } } },
    async (req) => ok(await svc.listMine(ctx, req.auth!.userId, req.query.pageNumber ?? 1, req.query.pageSize ?? 10)));
  app.get('/Order/MineById', { config: customer, schema: { tags, security, querystring: IdQuerySchema, response: { 200: envelope(OrderSchema) } } },
    async (req) => ok(await svc.getMine(ctx, req.auth!.userId, req.query.id)));

  app.get('/Order/Track', {
    config: { access: 'public' },
    schema: { tags, summary: 'Track an order by its number and the recipient\'s or buyer\'s mobile, without login', querystring: TrackQuerySchema, response: { 200: envelope(OrderSchema) } },
  }, async (req) => {
    if (config.RATE_LIMIT && !(await limiter.hit(`track-ip:${clientAddress(req.ip)}`, 30, 10 * 60_000))) throw tooMany();
    return ok(await svc.track(ctx, req.query.number, req.query.mobile));
  });

  app.get('/Order/Admin', { schema: { tags, security, querystring: OrderAdminQuerySchema, response: { 200: envelope(paged(OrderSchema)) } } },
    async (req) => ok(await svc.listAdmin(ctx, { ...req.query, page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? 10 })));
  app.get('/Order/AdminById', { schema: { tags, security, querystring: IdQuerySchema, response: { 200: envelope(OrderSchema) } } },
    async (req) => ok(await svc.getAdmin(db, req.query.id)));
  app.put('/Order/SetStatus', { schema: { tags, security, summary: 'Move an order along its workflow (allowed transitions only; `from`: the status the admin saw; audit-logged with the note)', body: SetOrderStatusSchema, response: { 200: envelope(OrderSchema) } } },
    async (req) => ok(await svc.setStatus(db, cache, req.auth?.userId, req.body.id, req.body.status, { expected: req.body.from, note: req.body.note })));

  /** Where the gateway sends the shopper back; answers with a redirect to the result page. */
  app.get('/Payment/Callback', {
    config: { access: 'public' },
    schema: { tags, summary: 'Gateway callback (Authority, Status); verifies on the server and redirects to /payment/result', querystring: PaymentCallbackQuerySchema },
  }, async (req, reply) => {
    const caller = await req.resolveAuth('customer');
    const out = await svc.handleCallback(ctx, { authority: req.query.authority, status: req.query.status, callerUserId: caller?.userId });
    const qs = new URLSearchParams({ result: out.result, ...(out.number ? { number: out.number } : {}), ...(out.refId ? { ref: out.refId } : {}) });
    return reply.redirect(`/payment/result?${qs}`, 303);
  });
};
