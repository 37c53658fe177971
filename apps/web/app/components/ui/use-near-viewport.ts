import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true). What lies below the fold
 * (a product's reviews and questions) loads and renders when the shopper scrolls towards it, not while the page
 * becomes interactive: their fetches and re-renders were a third of a product page's blocking time on a phone.
 * A browser without IntersectionObserver, and a page opened at the element (`#reviews`), load at once.
 */
export function useNearViewport<T extends Element>(margin = '800px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') { setNear(true); return; }
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    watch.observe(el);
    return () => watch.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
