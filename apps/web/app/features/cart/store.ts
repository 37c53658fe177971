import { useSyncExternalStore } from 'react';
import type { Cart } from '@sorkhab/shared';
import { browserApi, type ApiClient } from '../../lib/api';

/**
 * The shopper's server cart, shared by every component of the page (header count, popup,
 * add-to-cart, the /cart page). The server is the only truth: every change goes to the API and the
 * cart it answers replaces ours; `refresh()` reloads it (e.g. after login or in another tab).
 */
export interface CartState {
  cart: Cart | null;
  /** A request is running. */
  busy: boolean;
  /** The last failure, in Persian, until the next success. */
  error: string | null;
}

type Listener = () => void;

export function createCartStore(api: Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>) {
  let state: CartState = { cart: null, busy: false, error: null };
  const listeners = new Set<Listener>();
  let loading: Promise<void> | null = null;
  const set = (patch: Partial<CartState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const run = async (call: () => ReturnType<ApiClient['get']>): Promise<boolean> => {
    set({ busy: true });
    const res = await call();
    if (res.success) {
      set({ cart: res.data as Cart, busy: false, error: null });
      return true;
    }
    set({ busy: false, error: res.error.message });
    return false;
  };
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
      await run(() => api.get<Cart>('Cart'));
    },
    add(productId: number, quantity = 1, option?: string | null) {
      return run(() => api.post<Cart>('Cart/Add', { productId, quantity, ...(option ? { option } : {}) }));
    },
    setQuantity(itemId: number, quantity: number) {
      return run(() => api.put<Cart>('Cart/SetQuantity', { itemId, quantity }));
    },
    remove(itemId: number) {
      return run(() => api.delete<Cart>(`Cart/Remove?itemId=${itemId}`));
    },
    clearError() {
      set({ error: null });
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

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
    clearError: cartStore.clearError,
  };
}
