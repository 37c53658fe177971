import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatToman, toPersianDigits } from '@sorkhab/shared';
import { escapeHtml, plainPage } from '../../lib/plain-page.js';
import * as svc from './orders.service.js';

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
      <dl><dt>شماره سفارش</dt><dd>${esc(toPersianDigits(row.number))}</dd><dt>مبلغ قابل پرداخت</dt><dd class="amount">${esc(formatToman(row.payment.amount))}</dd></dl>
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
.muted{color:#595959;font-size:.85rem}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0}
dt{color:#666}dd{margin:0;font-weight:700}.amount{color:#c2185b}form{margin:8px 0}
button{width:100%;padding:12px;border-radius:10px;border:0;font:inherit;font-weight:700;cursor:pointer}
.pay{background:#15803d;color:#fff}.cancel{background:#eee;color:#333}`);
