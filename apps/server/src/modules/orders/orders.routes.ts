import type { FastifyRequest } from 'fastify';
import { shopOrigin } from '../../lib/origin.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersEndpoints, PaymentCallbackQuerySchema } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { getSettings } from '../content/content.service.js';
import { startOrderExpiry } from './expiry.js';
import * as svc from './orders.service.js';
import { gatewayFromConfig, paymentMode, type PaymentGateway } from './payment.js';

export const orderRoutes: FastifyPluginAsyncZod<{ gateway?: PaymentGateway }> = async (app, opts) => {
  const { config, cache, limiter } = app.services;
  const db = app.services.database.db;
  const gateway = opts.gateway ?? gatewayFromConfig(config, () => db);
  const ctx: svc.OrdersCtx = { db, cache, gateway, settings: () => cache.getOrLoad('commerce:settings', () => getSettings(db)) };

  // A production start on a gateway that moves no money says so (the admin's dashboard shows it too: paymentMode).
  const payments = paymentMode(config);
  if (config.NODE_ENV === 'production' && payments.test) {
    app.log.warn(payments.provider === 'fake'
      ? 'PAYMENT_PROVIDER=fake: orders are "paid" on the built-in test gateway; set PAYMENT_PROVIDER=zarinpal for a real shop'
      : 'ZARINPAL_SANDBOX=true: orders are "paid" on Zarinpal\'s sandbox, which moves no money; set ZARINPAL_SANDBOX=false for a real shop');
  }
  const expiry = startOrderExpiry(db, cache, app.log);
  app.addHook('onClose', () => expiry.stop());

  const originOf = (req: FastifyRequest) => shopOrigin(config.PUBLIC_URL, req);
  const callbackUrl = (req: FastifyRequest) => `${originOf(req)}/api/Payment/Callback`;

  const route = routesOf(app, ordersEndpoints);

  route('POST /Order/Checkout', async (req) => ok(await svc.checkout(ctx, req.auth!.userId, req.body, callbackUrl(req))));
  route('POST /Order/Pay', async (req) => ok(await svc.payAgain(ctx, req.auth!.userId, req.body.id, callbackUrl(req))));

  route('GET /Order/Mine', async (req) => ok(await svc.listMine(ctx, req.auth!.userId, req.query.pageNumber ?? 1, req.query.pageSize ?? 10)));
  route('GET /Order/MineById', async (req) => ok(await svc.getMine(ctx, req.auth!.userId, req.query.id)));

  route('GET /Order/Track', async (req) => {
    if (config.RATE_LIMIT && !(await limiter.hit(`track-ip:${clientAddress(req.ip)}`, 30, 10 * 60_000))) throw tooMany();
    return ok(await svc.track(ctx, req.query.number, req.query.mobile));
  });

  route('GET /Order/Admin', async (req) =>
    ok(await svc.listAdmin(ctx, { ...req.query, page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? 10 })));
  route('GET /Order/AdminById', async (req) => ok(await svc.getAdmin(db, req.query.id)));
  route('PUT /Order/SetStatus', async (req) =>
    ok(await svc.setStatus(db, cache, req.auth?.userId, req.body.id, req.body.status, { expected: req.body.from, note: req.body.note })));

  /**
   * Where the gateway sends the shopper back; answers with a redirect to the result page.
   * Registered the old way, outside ordersEndpoints: it answers a 303 redirect, never a `{ success, data }`
   * envelope, and routesOf always declares a 200 envelope response.
   */
  app.get('/Payment/Callback', {
    config: { access: 'public' },
    schema: { tags: ['orders'], summary: 'Gateway callback (Authority, Status); verifies on the server and redirects to /payment/result', querystring: PaymentCallbackQuerySchema },
  }, async (req, reply) => {
    const caller = await req.resolveAuth('customer');
    const out = await svc.handleCallback(ctx, { authority: req.query.authority, status: req.query.status, callerUserId: caller?.userId });
    const qs = new URLSearchParams({ result: out.result, ...(out.number ? { number: out.number } : {}), ...(out.refId ? { ref: out.refId } : {}) });
    return reply.redirect(`/payment/result?${qs}`, 303);
  });
};
