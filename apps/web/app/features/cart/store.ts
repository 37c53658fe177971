import { useSyncExternalStore } from 'react';
import type { Cart } from '@sorkhab/shared';
import { browserApi, type ApiClient, type ApiResult } from '../../lib/api';

/**
 * The shopper's server cart, shared by every component of the page (header count, popup,
 * add-to-cart, the /cart page). The server is the only truth: every change goes to the API and the
 * cart it answers replaces ours; `refresh()` reloads it (e.g. after login or in another tab).
 *
 * Requests run one at a time, in the order they were asked for: a tap on add-to-cart while the page's
 * first cart load is still on its way waits behind it instead of being refused, and an older answer
 * can never overwrite a newer one (the load that started first answers first). Two quick adds of a
 * guest's first items go one after the other, so the second one sees the cart cookie of the first.
 */
export interface CartState {
  cart: Cart | null;
  /** A change (add, quantity, remove, discount code) is queued or running; loading the cart does not count. */
  busy: boolean;
  /** The last failure, in Persian, until the next success. */
  error: string | null;
}

type Listener = () => void;
type Call = () => Promise<ApiResult<Cart>>;

export function createCartStore(api: Pick<ApiClient, 'call'>) {
  let state: CartState = { cart: null, busy: false, error: null };
  const listeners = new Set<Listener>();
  let loading: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let changes = 0; // changes queued or running
  const set = (patch: Partial<CartState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  /**
   * Runs `call` after every request asked for before it; the cart it answers becomes the state.
   * Resolves to null on success, else the server's Persian message, which becomes the state's
   * `error` unless the caller shows it itself (`ownError`: the discount form shows its own).
   */
  const run = (call: Call, change: boolean, ownError = false): Promise<string | null> => {
    if (change && changes++ === 0) set({ busy: true });
    const done = queue.then(async () => {
      let res: Awaited<ReturnType<Call>>;
      try {
        res = await call();
      } catch {
        res = { success: false, data: null, error: { code: 'NETWORK', message: 'ارتباط با سرور برقرار نشد؛ اتصال اینترنت را بررسی کنید' }, status: 0 } as never;
      }
      const busy = change ? --changes > 0 : state.busy;
      if (res.success) set({ cart: res.data as Cart, busy, error: null });
      else set(ownError ? { busy } : { busy, error: res.error.message });
      return res.success ? null : res.error.message;
    });
    queue = done;
    return done;
  };
  const succeeded = (message: string | null) => message === null;
  return {
    getState: () => state,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    /** Loads the cart once per page (concurrent callers share the request). */
    ensure(): Promise<void> {
      if (state.cart) return Promise.resolve();
      loading ??= this.refresh().finally(() => { loading = null; });
      return loading;
    },
    async refresh(): Promise<void> {
      await run(() => api.call('GET /Cart'), false);
    },
    /** Adds `quantity` of a product's variant (a product with options must name one; see CartAddSchema). */
    add(productId: number, quantity = 1, variantId?: number | null): Promise<boolean> {
      return run(() => api.call('POST /Cart/Add', { body: { productId, quantity, ...(variantId ? { variantId } : {}) } }), true).then(succeeded);
    },
    setQuantity(itemId: number, quantity: number): Promise<boolean> {
      return run(() => api.call('PUT /Cart/SetQuantity', { body: { itemId, quantity } }), true).then(succeeded);
    },
    remove(itemId: number): Promise<boolean> {
      return run(() => api.call('DELETE /Cart/Remove', { query: { itemId } }), true).then(succeeded);
    },
    /**
     * Applies a discount code; resolves to null once the cart carries it, or to the server's Persian
     * reason for refusing it (the cart is left as it was, the store's `error` untouched).
     */
    applyDiscount(code: string): Promise<string | null> {
      return run(() => api.call('POST /Cart/ApplyDiscount', { body: { code: code.trim() } }), true, true);
    },
    /** Takes the code off the cart; resolves like `applyDiscount`. */
    removeDiscount(): Promise<string | null> {
      return run(() => api.call('DELETE /Cart/RemoveDiscount'), true, true);
    },
    clearError() {
      set({ error: null });
    },
  };
}

export const cartStore = createCartStore(browserApi);
const serverState: CartState = { cart: null, busy: false, error: null };

/** The cart and its actions. The server render has no cart (pages stay cacheable); it loads after hydration. */
export function useCart() {
  const state = useSyncExternalStore(cartStore.subscribe, cartStore.getState, () => serverState);
  return {
    ...state,
    count: state.cart?.itemCount ?? 0,
    refresh: () => cartStore.refresh(),
    ensure: () => cartStore.ensure(),
    add: cartStore.add,
    setQuantity: cartStore.setQuantity,
    remove: cartStore.remove,
    applyDiscount: cartStore.applyDiscount,
    removeDiscount: cartStore.removeDiscount,
    clearError: cartStore.clearError,
  };
}
