import { describe, expect, it } from 'vitest';
import { GatewayError, zarinpalGateway } from './payment.js';

function fakeFetch(answers: Record<string, unknown>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const key = Object.keys(answers).find((k) => url.endsWith(k))!;
    return new Response(JSON.stringify(answers[key]), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('zarinpal gateway', () => {
  it('requests in rial and sends the shopper to StartPay (sandbox)', async () => {
    const f = fakeFetch({ 'request.json': { data: { code: 100, message: 'Success', authority: 'A000000000000000000000000000000012345', fee: 0 }, errors: [] } });
    const gw = zarinpalGateway({ merchantId: 'MID', sandbox: true, fetch: f.fn });
    const out = await gw.request({ amount: 645000, orderNumber: '12345678', callbackUrl: 'https://shop.example/api/Payment/Callback', mobile: '989121234567' });
    expect(out).toEqual({ authority: 'A000000000000000000000000000000012345', redirectUrl: 'https://sandbox.zarinpal.com/pg/StartPay/A000000000000000000000000000000012345' });
    expect(f.calls[0]!.url).toBe('https://sandbox.zarinpal.com/pg/v4/payment/request.json');
    expect(f.calls[0]!.body).toMatchObject({ merchant_id: 'MID', amount: 6_450_000, callback_url: 'https://shop.example/api/Payment/Callback' });
  });

  it('uses the production host when not in sandbox', async () => {
    const f = fakeFetch({ 'request.json': { data: { code: 100, authority: 'A1' }, errors: [] } });
    const out = await zarinpalGateway({ merchantId: 'MID', sandbox: false, fetch: f.fn }).request({ amount: 1, orderNumber: '1', callbackUrl: 'x' });
    expect(f.calls[0]!.url).toBe('https://payment.zarinpal.com/pg/v4/payment/request.json');
    expect(out.redirectUrl).toBe('https://payment.zarinpal.com/pg/StartPay/A1');
  });

  it('throws when the request is refused', async () => {
    const f = fakeFetch({ 'request.json': { data: [], errors: { code: -9, message: 'The input params invalid' } } });
    await expect(zarinpalGateway({ merchantId: 'MID', sandbox: true, fetch: f.fn }).request({ amount: 1, orderNumber: '1', callbackUrl: 'x' })).rejects.toBeInstanceOf(GatewayError);
  });

  it('verifies with the amount in rial: 100 and 101 succeed, others fail', async () => {
    for (const [code, ok] of [[100, true], [101, true], [-51, false], [-54, false]] as const) {
      const f = fakeFetch({ 'verify.json': { data: { code, ref_id: 201, card_pan: '502229******5995' }, errors: [] } });
      const res = await zarinpalGateway({ merchantId: 'MID', sandbox: true, fetch: f.fn }).verify({ authority: 'A1', amount: 645000 });
      expect(res.ok).toBe(ok);
      if (ok) expect(res.refId).toBe('201');
      expect(f.calls[0]!.body).toEqual({ merchant_id: 'MID', amount: 6_450_000, authority: 'A1' });
    }
  });
});
