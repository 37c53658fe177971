import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutResultSchema, CheckoutSchema, envelope, formatToman, IdQuerySchema, OrderAdminQuerySchema, OrderSchema, paged,
  PagingQuerySchema, PaymentCallbackQuerySchema, PayOrderSchema, SetOrderStatusSchema, TrackQuerySchema,
} from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { escapeHtml, plainPage } from '../../lib/plain-page.js';
import { tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { setOrderedCheck } from '../catalog/product.service.js';
import { getSettings } from '../content/content.service.js';
import * as svc from './orders.service.js';
import { gatewayFromConfig, type PaymentGateway } from './payment.js';

const EXPIRY_SWEEP_MS = 60_000;

export const orderRoutes: FastifyPluginAsyncZod<{ gateway?: PaymentGateway }> = async (app, opts) => {
  const { config, cache, limiter } = app.services;
  const db = app.services.database.db;
  const gateway = opts.gateway ?? gatewayFromConfig(config, () => db);
  const ctx: svc.OrdersCtx = { db, cache, gateway, settings: () => cache.getOrLoad('commerce:settings', () => getSettings(db)) };
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const customer = { access: 'customer' as const };

  setOrderedCheck(svc.wasOrdered);
  if (config.NODE_ENV === 'production' && gateway.name === 'fake') {
    app.log.warn('PAYMENT_PROVIDER=fake: orders are "paid" on the built-in test gateway; set PAYMENT_PROVIDER=zarinpal for a real shop');
  }
  const sweep = setInterval(() => { svc.expireDueOrders(db, cache).catch((err) => app.log.warn({ err }, 'order expiry sweep failed')); }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

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

const esc = escapeHtml;

/** The built-in simulated gateway (PAYMENT_PROVIDER=fake): a plain page with pay and cancel buttons. Register without the /api prefix. */
export const fakeGatewayPages: FastifyPluginAsyncZod = async (app) => {
  if (app.services.config.PAYMENT_PROVIDER !== 'fake') return;
  const db = app.services.database.db;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
  const params = z.object({ authority: z.string().max(100) });

  app.get('/payment/fake/:authority', { config: { access: 'public' }, schema: { hide: true, params } }, async (req, reply) => {
    const row = await svc.fakeGatewayPayment(db, req.params.authority);
    // The shop's default no-referrer makes browsers send `Origin: null` with the form, which the origin check refuses.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    if (!row) return reply.code(404).send(page('تراکنش پیدا نشد', '<p>این شناسه پرداخت معتبر نیست.</p><a href="/">بازگشت به فروشگاه</a>'));
    const a = esc(req.params.authority);
    const done = row.payment.gatewayState !== null;
    return reply.send(page('درگاه پرداخت آزمایشی', `
      <p class="muted">این درگاه شبیه‌سازی‌شده است و پولی جابه‌جا نمی‌شود.</p>
      <dl><dt>شماره سفارش</dt><dd>${esc(row.number)}</dd><dt>مبلغ قابل پرداخت</dt><dd class="amount">${esc(formatToman(row.payment.amount))}</dd></dl>
      ${done ? '<p>این تراکنش قبلاً انجام شده است.</p>' : `
      <form method="post" action="/payment/fake/${a}/pay"><button class="pay" type="submit">پرداخت</button></form>
      <form method="post" action="/payment/fake/${a}/cancel"><button class="cancel" type="submit">انصراف از پرداخت</button></form>`}`));
  });

  for (const [action, decision, status] of [['pay', 'paid', 'OK'], ['cancel', 'cancelled', 'NOK']] as const) {
    app.post(`/payment/fake/:authority/${action}`, { config: { access: 'public' }, schema: { hide: true, params } }, async (req, reply) => {
      await svc.fakeGatewayDecide(db, req.params.authority, decision);
      return reply.redirect(`/api/Payment/Callback?Authority=${encodeURIComponent(req.params.authority)}&Status=${status}`, 303);
    });
  }
};

const page = (title: string, body: string) => plainPage(title, body, `
.muted{color:#777;font-size:.85rem}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0}
dt{color:#666}dd{margin:0;font-weight:700}.amount{color:#c2185b}form{margin:8px 0}
button{width:100%;padding:12px;border-radius:10px;border:0;font:inherit;font-weight:700;cursor:pointer}
.pay{background:#16a34a;color:#fff}.cancel{background:#eee;color:#333}`);
