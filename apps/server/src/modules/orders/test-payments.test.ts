import { afterAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../../../test/helpers.js';
import { buildShopApp, paidOrder, type ShopApp } from '../cart/commerce.test-helpers.js';

/**
 * An order paid on a gateway that moves no money (the built-in fake one, Zarinpal's sandbox) says so to the admin: its
 * payment records the provider it came through, Zarinpal's sandbox apart from Zarinpal, and the desk filters by it.
 */

const apps: ShopApp[] = [];
afterAll(async () => {
  vi.unstubAllGlobals();
  await Promise.all(apps.map((a) => a.close()));
});

/** Zarinpal's two calls as its API answers them; which host was asked is kept. */
function zarinpalAnswers() {
  const hosts: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    hosts.push(new URL(url).host);
    const data = url.endsWith('/request.json') ? { code: 100, authority: `A${Date.now()}${Math.random().toString().slice(2, 12)}` } : { code: 100, ref_id: 987654321 };
    return new Response(JSON.stringify({ data, errors: [] }), { headers: { 'content-type': 'application/json' } });
  });
  return hosts;
}

async function adminView(t: ShopApp, orderId: number) {
  const admin = bearer(await t.adminToken());
  const detail = (await t.app.inject({ method: 'GET', url: `/api/Order/AdminById?id=${orderId}`, headers: admin })).json().data;
  const desk = async (payment: string) => ((await t.app.inject({ method: 'GET', url: `/api/Order/Desk?payment=${payment}&pageSize=100`, headers: admin }))
    .json().data.data as { id: number; paymentProvider: string | null }[]);
  return { detail, desk };
}

describe('the provider an order was paid through', () => {
  it('the built-in fake gateway: «fake», in the order and on the desk', async () => {
    const t = await buildShopApp();
    apps.push(t);
    const order = await paidOrder(t);
    const { detail, desk } = await adminView(t, order.orderId);
    expect(detail).toMatchObject({ status: 'paid', paymentProvider: 'fake' });
    expect((await desk('fake')).find((o) => o.id === order.orderId)?.paymentProvider).toBe('fake');
    expect((await desk('zarinpal')).some((o) => o.id === order.orderId)).toBe(false);
    // A shopper's own view does not carry it.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${order.orderId}`, headers: order.s.headers })).json().data;
    expect(mine.status).toBe('paid');
    expect(mine).not.toHaveProperty('paymentProvider');
  });

  for (const [sandbox, provider, host] of [[true, 'zarinpal_sandbox', 'sandbox.zarinpal.com'], [false, 'zarinpal', 'payment.zarinpal.com']] as const) {
    it(`Zarinpal with ZARINPAL_SANDBOX=${sandbox}: «${provider}», the sandbox's orders apart from live ones`, async () => {
      const hosts = zarinpalAnswers();
      const t = await buildShopApp({ PAYMENT_PROVIDER: 'zarinpal', ZARINPAL_MERCHANT_ID: '00000000-0000-0000-0000-000000000000', ZARINPAL_SANDBOX: sandbox });
      apps.push(t);
      const order = await paidOrder(t);
      expect(new Set(hosts)).toEqual(new Set([host]));
      const { detail, desk } = await adminView(t, order.orderId);
      expect(detail).toMatchObject({ status: 'paid', paymentProvider: provider, paymentRefId: '987654321' });
      expect((await desk(provider)).some((o) => o.id === order.orderId)).toBe(true);
      expect((await desk(sandbox ? 'zarinpal' : 'zarinpal_sandbox')).some((o) => o.id === order.orderId)).toBe(false);
      vi.unstubAllGlobals();
    });
  }
});
