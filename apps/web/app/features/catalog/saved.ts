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
/** The load running, for whom (logged in or not); a newer one (a login or logout since) makes an older one's answer moot. */
let loading: { signedIn: boolean; done: Promise<void> } | null = null;
let latest = 0;
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => { state = { ...state, ...next }; listeners.forEach((l) => l()); };
/**
 * The shopper's changes (a heart, a wait) made while the list is loading: the answer was read before them, so they
 * are applied again over it — a heart clicked before the list came back must not empty itself when it does.
 */
let whileLoading: ((s: State) => Partial<State>)[] | null = null;
const change = (f: (s: State) => Partial<State>) => { whileLoading?.push(f); set(f(state)); };
const flip = (productId: number, on: boolean) => (s: State) => {
  const ids = new Set(s.ids);
  if (on) ids.add(productId); else ids.delete(productId);
  return { ids };
};

const hinted = () => document.cookie.split('; ').some((c) => c.startsWith(`${SHOPPER_HINT_COOKIE}=`));
/** Where a guest goes to log in, coming back to this page. */
export const loginHref = () => `/login?next=${encodeURIComponent(location.pathname + location.search)}`;

async function load(signedIn: boolean, mine: number) {
  whileLoading = [];
  const res = signedIn ? await browserApi.call('GET /Wishlist/Ids') : null;
  if (mine !== latest) return; // asked for before a login or logout: the newer load answers
  let next: State = res?.success ? { ids: new Set(res.data.productIds), alerts: res.data.alerts, known: true, hinted: signedIn } : { ...empty, known: true, hinted: signedIn };
  for (const f of whileLoading) next = { ...next, ...f(next) };
  whileLoading = null;
  set(next);
  const wished = pendingWish();
  // The wish leaves sessionStorage only once the server has answered it: a shopper who leaves the page while it is on
  // its way (leaving cancels the request) or is offline has it saved by a later page. Saving twice is harmless.
  if (res?.success && wished && !['login', 'unanswered'].includes(await savedStore.toggle(wished, true))) sessionStorage.removeItem(INTENT);
}

/** A guest's heart click not saved yet, or null. */
const pendingWish = () => Number(sessionStorage.getItem(INTENT)) || null;

export const savedStore = {
  ensure(): Promise<void> {
    // Logging in or out (the hint cookie) since the last load loads again.
    const signedIn = hinted();
    if (state.known && state.hinted === signedIn) return Promise.resolve();
    if (loading?.signedIn !== signedIn) {
      const mine = ++latest;
      loading = { signedIn, done: load(signedIn, mine).finally(() => { if (mine === latest) loading = null; }) };
    }
    return loading.done;
  },
  /**
   * Saves or removes a product at once (put back if the server refuses or never answers: 'failed', 'unanswered'); a
   * guest's wish is kept for after login: 'login'.
   */
  async toggle(productId: number, on = !state.ids.has(productId)): Promise<'login' | 'ok' | 'failed' | 'unanswered'> {
    if (!hinted()) {
      sessionStorage.setItem(INTENT, String(productId));
      return 'login';
    }
    change(flip(productId, on));
    const res = on ? await browserApi.call('POST /Wishlist/Add', { body: { productId } })
      : await browserApi.call('DELETE /Wishlist/Remove', { query: { productId } });
    if (res.success) return 'ok';
    change(flip(productId, !on));
    if (res.status === 401) {
      sessionStorage.setItem(INTENT, String(productId));
      return 'login';
    }
    return res.status === 0 ? 'unanswered' : 'failed';
  },
  /** «موجود شد خبرم کن»: waits for the product (variantId null) or a variant; a guest is sent to log in first. */
  async wait(productId: number, variantId: number | null): Promise<'login' | 'ok' | string> {
    if (!hinted()) return 'login';
    const res = await browserApi.call('POST /StockAlert/Subscribe', { body: { productId, ...(variantId ? { variantId } : {}) } });
    if (!res.success) return res.status === 401 ? 'login' : res.error.message;
    const alert = { id: res.data.id, productId, variantId };
    change((s) => ({ alerts: [...s.alerts.filter((a) => a.id !== alert.id), alert] }));
    return 'ok';
  },
  /** Stops a wait; answers the refusal's message, or null. */
  async unwait(id: number): Promise<string | null> {
    const res = await browserApi.call('DELETE /StockAlert/Cancel', { query: { id } });
    if (!res.success && res.status !== 404) return res.error.message;
    change((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) }));
    return null;
  },
  pendingWish,
  /** What the hearts and buttons show now. */
  current: (): State => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
};

export function useSaved(): State {
  const s = useSyncExternalStore(savedStore.subscribe, savedStore.current, () => empty);
  useEffect(() => { void savedStore.ensure(); }, []);
  return s;
}
