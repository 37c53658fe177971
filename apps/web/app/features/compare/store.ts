import { useCallback, useSyncExternalStore } from 'react';
import { parseCompareList, type CompareList } from './compare';

const KEY = 'sorkhab:compare';
const listeners = new Set<() => void>();
let cached: { raw: string | null; list: CompareList | null } = { raw: null, list: null };

function read(): CompareList | null {
  let raw: string | null = null;
  try { raw = localStorage.getItem(KEY); } catch { /* storage blocked: no comparison */ }
  if (raw !== cached.raw) cached = { raw, list: parseCompareList(raw) };
  return cached.list;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab changed it.
  const onStorage = (e: StorageEvent) => { if (e.key === KEY || e.key === null) onChange(); };
  window.addEventListener('storage', onStorage);
  return () => { listeners.delete(onChange); window.removeEventListener('storage', onStorage); };
}

/**
 * The shopper's comparison, in localStorage (no server state): null on the server and until hydration, so a cached
 * page never carries one shopper's list.
 */
export function useCompareList(): [CompareList | null, (list: CompareList | null) => void] {
  const list = useSyncExternalStore(subscribe, read, () => null);
  const save = useCallback((next: CompareList | null) => {
    try {
      if (next) localStorage.setItem(KEY, JSON.stringify(next));
      else localStorage.removeItem(KEY);
    } catch { /* storage full or blocked: the comparison lives until the page closes */ }
    for (const l of listeners) l();
  }, []);
  return [list, save];
}
