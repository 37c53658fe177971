import { useEffect, useSyncExternalStore } from 'react';
import { SHOPPER_HINT_COOKIE, type WishlistIds } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';

/**
 * The shopper's saved products and «خبرم کن» waits, for the hearts and buttons of cached pages (decision 026): loaded
 * after hydration with one small request, and only when the hint cookie says a shopper is logged in, so the cached HTML
 * is the same for everyone and a guest sends nothing. A guest's heart click is remembered here (sessionStorage) and
 * saved once they come back logged in.
 */
type Alert = WishlistIds['alerts'][number];
type State = { ids: ReadonlySet<number>; alerts: readonly Alert[]; known: boolean; hinted: boolean };
const INTENT = 'sorkhab_wish';
const empty: State = { ids: new Set(), alerts: [], known: false, hinted: false };
let state = empty;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => { state = { ...state, ...next }; listeners.forEach((l) => l()); };

const hinted = () => document.cookie.split('; ').some((c) => c.startsWith(`${SHOPPER_HINT_COOKIE}=`));
/** Where a guest goes to log in, coming back to this page. */
export const loginHref = () => `/login?next=${encodeURIComponent(location.pathname + location.search)}`;

async function load() {
  const signedIn = hinted();
  const res = signedIn ? await browserApi.call('GET /Wishlist/Ids') : null;
  set(res?.success ? { ids: new Set(res.data.productIds), alerts: res.data.alerts, known: true, hinted: signedIn } : { ...empty, known: true, hinted: signedIn });
  const wished = Number(sessionStorage.getItem(INTENT));
  if (res?.success && wished) {
    sessionStorage.removeItem(INTENT);
    await savedStore.toggle(wished, true);
  }
}

export const savedStore = {
  ensure(): Promise<void> {
    // Logging in or out (the hint cookie) since the last load loads again.
    if (state.known && state.hinted === hinted()) return Promise.resolve();
    loading ??= load().finally(() => { loading = null; });
    return loading;
  },
  /** Saves or removes a product at once (put back if the server refuses); a guest's wish is kept for after login: 'login'. */
  async toggle(productId: number, on = !state.ids.has(productId)): Promise<'login' | 'ok' | 'failed'> {
    if (!hinted()) {
      sessionStorage.setItem(INTENT, String(productId));
      return 'login';
    }
    const before = state.ids;
    const ids = new Set(before);
    if (on) ids.add(productId); else ids.delete(productId);
    set({ ids });
    const res = on ? await browserApi.call('POST /Wishlist/Add', { body: { productId } })
      : await browserApi.call('DELETE /Wishlist/Remove', { query: { productId } });
    if (res.success) return 'ok';
    set({ ids: before });
    if (res.status === 401) {
      sessionStorage.setItem(INTENT, String(productId));
      return 'login';
    }
    return 'failed';
  },
  /** «موجود شد خبرم کن»: waits for the product (variantId null) or a variant; a guest is sent to log in first. */
  async wait(productId: number, variantId: number | null): Promise<'login' | 'ok' | string> {
    if (!hinted()) return 'login';
    const res = await browserApi.call('POST /StockAlert/Subscribe', { body: { productId, ...(variantId ? { variantId } : {}) } });
    if (!res.success) return res.status === 401 ? 'login' : res.error.message;
    set({ alerts: [...state.alerts.filter((a) => a.id !== res.data.id), { id: res.data.id, productId, variantId }] });
    return 'ok';
  },
  /** Stops a wait; answers the refusal's message, or null. */
  async unwait(id: number): Promise<string | null> {
    const res = await browserApi.call('DELETE /StockAlert/Cancel', { query: { id } });
    if (!res.success && res.status !== 404) return res.error.message;
    set({ alerts: state.alerts.filter((a) => a.id !== id) });
    return null;
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
};

export function useSaved(): State {
  const s = useSyncExternalStore(savedStore.subscribe, () => state, () => empty);
  useEffect(() => { void savedStore.ensure(); }, []);
  return s;
}
