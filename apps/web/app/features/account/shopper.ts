import { useEffect, useSyncExternalStore } from 'react';
import { localMobile, SHOPPER_HINT_COOKIE, type Customer } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';

/**
 * Who is logged in, for the header's account entry. Like the cart it loads after hydration, so
 * the server-rendered pages stay the same for everyone (and cacheable); login and logout refresh it.
 */
type State = { shopper: Customer | null; known: boolean };
let state: State = { shopper: null, known: false };
let loading: Promise<void> | null = null;
/** The refresh asked for last: an older one's answer (asked before a login, a logout or a saved name) is dropped. */
let latest = 0;
const listeners = new Set<() => void>();
const serverState: State = { shopper: null, known: false };

export const shopperStore = {
  async refresh(): Promise<void> {
    const mine = ++latest;
    // A guest has no hint cookie: no request (and no 401 in the console) on their every page.
    const hinted = document.cookie.split('; ').some((c) => c.startsWith(`${SHOPPER_HINT_COOKIE}=`));
    const res = hinted ? await browserApi.call('GET /Auth/Me') : null;
    if (mine !== latest) return;
    if (res && !res.success && res.status === 401) document.cookie = `${SHOPPER_HINT_COOKIE}=; path=/; max-age=0`;
    state = { shopper: res?.success ? res.data : null, known: true };
    listeners.forEach((l) => l());
  },
  ensure(): Promise<void> {
    if (state.known) return Promise.resolve();
    loading ??= this.refresh().finally(() => { loading = null; });
    return loading;
  },
  /** What the header shows now. */
  current: (): State => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
};

export function useShopper(): State {
  const s = useSyncExternalStore(shopperStore.subscribe, shopperStore.current, () => serverState);
  useEffect(() => { void shopperStore.ensure(); }, []);
  return s;
}

/** What the header calls a shopper: the first name, else the mobile number as they type it. */
export function shopperLabel(c: Customer): string {
  return c.firstname.trim() || localMobile(c.mobile);
}
