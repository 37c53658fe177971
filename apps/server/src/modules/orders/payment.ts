import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { localMobile, TEST_PAYMENT_PROVIDERS, tomanToRial } from '@sorkhab/shared';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

interface PaymentRequest {
  amount: number; // toman
  orderNumber: string;
  callbackUrl: string;
  mobile?: string;
}
interface VerifyResult {
  ok: boolean;
  refId?: string;
  message?: string;
}

/** A payment gateway: start a payment (→ where to send the shopper), then verify it from our server. */
export interface PaymentGateway {
  /** What its payments record as their provider: Zarinpal's sandbox apart from Zarinpal (its payments take no money). */
  name: 'fake' | 'zarinpal' | 'zarinpal_sandbox';
  request(p: PaymentRequest): Promise<{ authority: string; redirectUrl: string }>;
  verify(p: { authority: string; amount: number }): Promise<VerifyResult>;
}

export class GatewayError extends Error {}

/**
 * The built-in simulated gateway: its "bank" is the payment row itself (gatewayState, gatewayAmount),
 * set by the pay/cancel buttons of /payment/fake/:authority. Verify checks that record, like a bank would.
 */
function fakeGateway(db: () => DbOrTx): PaymentGateway {
  return {
    name: 'fake',
    async request() {
      const authority = `FAKE${crypto.randomBytes(12).toString('hex').toUpperCase()}`;
      return { authority, redirectUrl: `/payment/fake/${authority}` };
    },
    async verify({ authority, amount }) {
      const [p] = await db().select().from(payments).where(eq(payments.authority, authority));
      if (!p || p.gatewayState !== 'paid') return { ok: false, message: 'پرداخت در درگاه انجام نشده است' };
      if (p.gatewayAmount !== amount) return { ok: false, message: 'مبلغ پرداخت‌شده با مبلغ سفارش یکسان نیست' };
      return { ok: true, refId: `R${p.id}${authority.slice(-6)}` };
    },
  };
}

/** Zarinpal v4: request → StartPay → verify; amounts in rial. */
export function zarinpalGateway(opts: { merchantId: string; sandbox: boolean; fetch?: typeof fetch }): PaymentGateway {
  const doFetch = opts.fetch ?? fetch;
  const api = opts.sandbox ? 'https://sandbox.zarinpal.com/pg/v4/payment' : 'https://payment.zarinpal.com/pg/v4/payment';
  const startPay = opts.sandbox ? 'https://sandbox.zarinpal.com/pg/StartPay' : 'https://payment.zarinpal.com/pg/StartPay';
  async function call(path: string, body: object) {
    let res: Response;
    try {
      res = await doFetch(`${api}/${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body), signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new GatewayError(`zarinpal unreachable: ${(err as Error).message}`);
    }
    return (await res.json().catch(() => ({}))) as { data?: { code?: number; authority?: string; ref_id?: number | string; message?: string }; errors?: unknown };
  }
  return {
    name: opts.sandbox ? 'zarinpal_sandbox' : 'zarinpal',
    async request(p) {
      const json = await call('request.json', {
        merchant_id: opts.merchantId, amount: tomanToRial(p.amount), currency: 'IRR', callback_url: p.callbackUrl,
        description: `سفارش ${p.orderNumber}`, metadata: p.mobile ? { mobile: localMobile(p.mobile), order_id: p.orderNumber } : { order_id: p.orderNumber },
      });
      if (json.data?.code !== 100 || !json.data.authority) throw new GatewayError(`zarinpal request failed: ${JSON.stringify(json.errors ?? json.data ?? {})}`);
      return { authority: json.data.authority, redirectUrl: `${startPay}/${json.data.authority}` };
    },
    async verify({ authority, amount }) {
      const json = await call('verify.json', { merchant_id: opts.merchantId, amount: tomanToRial(amount), authority });
      const code = json.data?.code;
      // 100 = verified now, 101 = verified before: both mean the money is ours.
      if (code === 100 || code === 101) return { ok: true, refId: String(json.data?.ref_id ?? '') };
      return { ok: false, message: 'پرداخت توسط درگاه تأیید نشد' };
    },
  };
}

/**
 * The configured gateway, and whether its payments move no money: whether the name its payments record is one of the
 * shared TEST_PAYMENT_PROVIDERS (the fake gateway, Zarinpal's sandbox), the list the dashboard's sales and the desk read.
 */
export function paymentMode(config: Config): { provider: Config['PAYMENT_PROVIDER']; test: boolean } {
  // Built only to read its name: building a gateway does no I/O, and the fake one's database is never asked here.
  const { name } = gatewayFromConfig(config, () => { throw new Error('paymentMode reads the gateway\'s name only'); });
  return { provider: config.PAYMENT_PROVIDER, test: TEST_PAYMENT_PROVIDERS.includes(name) };
}

export function gatewayFromConfig(config: Config, db: () => DbOrTx): PaymentGateway {
  if (config.PAYMENT_PROVIDER === 'zarinpal') {
    return zarinpalGateway({ merchantId: config.ZARINPAL_MERCHANT_ID!, sandbox: config.ZARINPAL_SANDBOX });
  }
  return fakeGateway(db);
}
