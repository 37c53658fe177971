import { describe, expect, it } from 'vitest';
import { routeOf, urlOf, type Cart, type EndpointKey } from '@sorkhab/shared';
import { createCartStore } from './store';

/**
 * The API the store needs; the fakes below answer only what each test asks for, by HTTP method
 * (`get(path)`, `post(path, body)`, …) on the URL the typed client would request.
 */
type CartApi = Parameters<typeof createCartStore>[0];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each fake reads the body it expects
type Method = (path: string, body?: any) => unknown;
const fake = (methods: Record<string, Method>) => ({
  call: (key: EndpointKey, input?: { query?: object; params?: object; body?: unknown }) => {
    const method = methods[routeOf(key).method.toLowerCase()];
    if (!method) throw new Error(`no fake for ${key}`);
    return method(urlOf(key, input), input?.body);
  },
}) as unknown as CartApi;

const cart = (itemCount: number): Cart => ({
  items: [], itemCount, subtotal: 0, discount: 0, shippingFee: 0, total: 0, discountCode: null, saving: 0, freeShippingRemaining: 0,
});
const ok = (data: unknown) => ({ success: true as const, data, error: null, status: 200 });

function fakeApi(responses: Record<string, unknown>) {
  const calls: string[] = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
    const r = responses[`${method} ${path.split('?')[0]}`];
    return r ?? { success: false, data: null, error: { code: 'X', message: 'خطا' }, status: 500 };
  };
  return {
    calls,
    api: fake({
      get: (p) => answer('GET', p),
      post: (p, b) => answer('POST', p, b),
      put: (p, b) => answer('PUT', p, b),
      delete: (p) => answer('DELETE', p),
    }),
  };
}

describe('cart store', () => {
  it('takes the cart the server answers after adding, with the chosen variant', async () => {
    const { api, calls } = fakeApi({ 'POST Cart/Add': ok(cart(3)) });
    const store = createCartStore(api);
    let notified = 0;
    store.subscribe(() => notified++);
    expect(await store.add(7, 1, 31)).toBe(true);
    expect(calls).toEqual(['POST Cart/Add {"productId":7,"quantity":1,"variantId":31}']);
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

  it('never refuses an add while the cart loads: the add waits behind the load and its answer wins', async () => {
    const pending: { path: string; answer: (v: unknown) => void }[] = [];
    const slow = (method: string) => (path: string) => new Promise((answer) => { pending.push({ path: `${method} ${path}`, answer }); });
    const store = createCartStore(fake({ get: slow('GET'), post: slow('POST'), put: slow('PUT'), delete: slow('DELETE') }));
    const load = store.ensure();
    const added = store.add(7);
    expect(store.getState().busy).toBe(true); // the add is queued, the button that asked shows progress
    await Promise.resolve();
    expect(pending.map((p) => p.path)).toEqual(['GET Cart']); // one request at a time, in order
    pending[0]!.answer(ok(cart(0)));
    await load;
    await new Promise((r) => setTimeout(r, 0));
    expect(pending.map((p) => p.path)).toEqual(['GET Cart', 'POST Cart/Add']);
    expect(store.getState().cart?.itemCount).toBe(0);
    pending[1]!.answer(ok(cart(1)));
    expect(await added).toBe(true);
    expect(store.getState()).toMatchObject({ busy: false, error: null, cart: { itemCount: 1 } });
  });

  it('a load alone does not mark the cart busy', async () => {
    let answer!: (v: unknown) => void;
    const store = createCartStore(fake({ get: () => new Promise((r) => { answer = r; }) }));
    const load = store.refresh();
    expect(store.getState().busy).toBe(false);
    await new Promise((r) => setTimeout(r, 0)); // the request starts on the queue's next turn
    expect(store.getState().busy).toBe(false);
    answer(ok(cart(2)));
    await load;
    expect(store.getState().cart?.itemCount).toBe(2);
  });

  it('two quick adds go one after the other, each on the answer of the one before', async () => {
    const order: string[] = [];
    let n = 0;
    const store = createCartStore(fake({
      post: async (_p: string, body: { productId: number }) => {
        order.push(`start ${body.productId}`);
        await new Promise((r) => setTimeout(r, body.productId === 1 ? 20 : 0));
        order.push(`end ${body.productId}`);
        return ok(cart(++n));
      },
    }));
    expect(await Promise.all([store.add(1), store.add(2)])).toEqual([true, true]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(store.getState().cart?.itemCount).toBe(2);
  });

  it('keeps going after a request that threw', async () => {
    let calls = 0;
    const store = createCartStore(fake({
      get: async () => { if (++calls === 1) throw new Error('offline'); return ok(cart(1)); },
    }));
    await store.refresh();
    expect(store.getState().error).toMatch(/ارتباط/);
    await store.refresh();
    expect(store.getState()).toMatchObject({ error: null, cart: { itemCount: 1 } });
  });

  describe('discount codes', () => {
    const withCode = (code: string, discount: number): Cart => ({ ...cart(2), discountCode: code, discount });

    it('applies a code: the cart the server answers, with the code, becomes the state', async () => {
      const { api, calls } = fakeApi({ 'GET Cart': ok(cart(2)), 'POST Cart/ApplyDiscount': ok(withCode('SPRING20', 5000)) });
      const store = createCartStore(api);
      await store.refresh();
      expect(await store.applyDiscount(' SPRING20 ')).toBeNull();
      expect(calls).toEqual(['GET Cart', 'POST Cart/ApplyDiscount {"code":"SPRING20"}']);
      expect(store.getState()).toMatchObject({ busy: false, error: null, cart: { discountCode: 'SPRING20', discount: 5000 } });
    });

    it('removes a code: the cart without it becomes the state', async () => {
      const { api, calls } = fakeApi({ 'POST Cart/ApplyDiscount': ok(withCode('SPRING20', 5000)), 'DELETE Cart/RemoveDiscount': ok(cart(2)) });
      const store = createCartStore(api);
      await store.applyDiscount('SPRING20');
      expect(await store.removeDiscount()).toBeNull();
      expect(calls.at(-1)).toBe('DELETE Cart/RemoveDiscount');
      expect(store.getState()).toMatchObject({ busy: false, error: null, cart: { discountCode: null, discount: 0 } });
    });

    it('a refused code leaves the cart as it was and hands the message to the form, not to the page', async () => {
      const refused = { success: false, data: null, error: { code: 'DISCOUNT_INVALID', message: 'کد تخفیف معتبر نیست' }, status: 400 };
      const { api } = fakeApi({ 'GET Cart': ok(cart(2)), 'POST Cart/ApplyDiscount': refused });
      const store = createCartStore(api);
      await store.refresh();
      const before = store.getState().cart;
      expect(await store.applyDiscount('NOPE')).toBe('کد تخفیف معتبر نیست');
      expect(store.getState()).toMatchObject({ busy: false, error: null });
      expect(store.getState().cart).toBe(before);
    });

    it('a failed removal keeps the code on the cart and returns the message', async () => {
      const { api } = fakeApi({ 'POST Cart/ApplyDiscount': ok(withCode('SPRING20', 5000)) });
      const store = createCartStore(api);
      await store.applyDiscount('SPRING20');
      expect(await store.removeDiscount()).toBe('خطا');
      expect(store.getState()).toMatchObject({ error: null, cart: { discountCode: 'SPRING20' } });
    });

    it('an apply asked for while an add is in flight waits for it and answers on the cart with the added line', async () => {
      const pending: { path: string; answer: (v: unknown) => void }[] = [];
      const slow = (method: string) => (path: string) => new Promise((answer) => { pending.push({ path: `${method} ${path}`, answer }); });
      const store = createCartStore(fake({ get: slow('GET'), post: slow('POST'), put: slow('PUT'), delete: slow('DELETE') }));
      const added = store.add(7);
      const applied = store.applyDiscount('SPRING20');
      await new Promise((r) => setTimeout(r, 0));
      expect(pending.map((p) => p.path)).toEqual(['POST Cart/Add']); // the apply waits its turn
      expect(store.getState().busy).toBe(true);
      pending[0]!.answer(ok(cart(1)));
      expect(await added).toBe(true);
      await new Promise((r) => setTimeout(r, 0));
      expect(pending.map((p) => p.path)).toEqual(['POST Cart/Add', 'POST Cart/ApplyDiscount']);
      pending[1]!.answer(ok({ ...withCode('SPRING20', 5000), itemCount: 1 }));
      expect(await applied).toBeNull();
      // the add's answer did not overwrite the later apply's, and nothing is left queued
      expect(store.getState()).toMatchObject({ busy: false, error: null, cart: { itemCount: 1, discountCode: 'SPRING20' } });
    });

    it('against a server that answers from its own state, an apply fired with a slow add prices the added line', async () => {
      for (let round = 0; round < 20; round++) {
        let lines = 0; // the server's cart
        const store = createCartStore(fake({
          post: async (path: string) => {
            if (path === 'Cart/Add') {
              await new Promise((r) => setTimeout(r, round % 3)); // slow, differently each round
              lines++;
              return ok(cart(lines));
            }
            return lines > 0 ? ok({ ...withCode('SPRING20', 1000 * lines), itemCount: lines }) : { success: false, data: null, error: { code: 'X', message: 'سبد خالی است' }, status: 400 };
          },
        }));
        const [added, refused] = await Promise.all([store.add(7), store.applyDiscount('SPRING20')]);
        expect(added).toBe(true);
        expect(refused).toBeNull();
        expect(store.getState()).toMatchObject({ busy: false, error: null, cart: { itemCount: 1, discountCode: 'SPRING20', discount: 1000 } });
      }
    });
  });
});
