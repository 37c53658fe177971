import { describe, expect, it } from 'vitest';
import type { Cart } from '@sorkhab/shared';
import { createCartStore } from './store';

const cart = (itemCount: number): Cart => ({
  items: [], itemCount, subtotal: 0, discount: 0, shippingFee: 0, total: 0, discountCode: null, freeShippingRemaining: 0,
});
const ok = (data: unknown) => ({ success: true as const, data, error: null, status: 200 });

function fakeApi(responses: Record<string, unknown>) {
  const calls: string[] = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
    const r = responses[`${method} ${path.split('?')[0]}`];
    return (r ?? { success: false, data: null, error: { code: 'X', message: 'خطا' }, status: 500 }) as any;
  };
  return {
    calls,
    api: {
      get: (p: string) => answer('GET', p),
      post: (p: string, b?: unknown) => answer('POST', p, b),
      put: (p: string, b?: unknown) => answer('PUT', p, b),
      delete: (p: string) => answer('DELETE', p),
    } as any,
  };
}

describe('cart store', () => {
  it('takes the cart the server answers after adding, with the chosen option', async () => {
    const { api, calls } = fakeApi({ 'POST Cart/Add': ok(cart(3)) });
    const store = createCartStore(api);
    let notified = 0;
    store.subscribe(() => notified++);
    expect(await store.add(7, 1, 'قرمز')).toBe(true);
    expect(calls).toEqual(['POST Cart/Add {"productId":7,"quantity":1,"option":"قرمز"}']);
    expect(store.getState().cart?.itemCount).toBe(3);
    expect(notified).toBeGreaterThan(0);
  });

  it('keeps the old cart and reports the message when the server refuses', async () => {
    const { api } = fakeApi({ 'GET Cart': ok(cart(1)) });
    const store = createCartStore(api);
    await store.refresh();
    expect(await store.setQuantity(5, 2)).toBe(false);
    expect(store.getState().cart?.itemCount).toBe(1);
    expect(store.getState().error).toBe('خطا');
  });

  it('loads the cart once for concurrent callers', async () => {
    const { api, calls } = fakeApi({ 'GET Cart': ok(cart(0)) });
    const store = createCartStore(api);
    await Promise.all([store.ensure(), store.ensure()]);
    await store.ensure();
    expect(calls).toEqual(['GET Cart']);
  });

  it('removes by item id', async () => {
    const { api, calls } = fakeApi({ 'DELETE Cart/Remove': ok(cart(0)) });
    const store = createCartStore(api);
    await store.remove(9);
    expect(calls).toEqual(['DELETE Cart/Remove?itemId=9']);
  });
});
