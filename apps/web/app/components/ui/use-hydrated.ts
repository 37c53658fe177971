import { useEffect, useState } from 'react';

/** false during the server render and until hydration: what needs a handler waits until it exists. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
