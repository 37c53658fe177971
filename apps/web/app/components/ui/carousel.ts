import { CAROUSEL_BREAKPOINTS } from '@sorkhab/shared';

/** Cards per view at a viewport width (spec section 9: 5 at ≥1024 px, 3 at ≥768 px, otherwise 2). */
export function perViewFor(width: number): number {
  for (const bp of CAROUSEL_BREAKPOINTS) if (width >= bp.minWidth) return bp.perView;
  return CAROUSEL_BREAKPOINTS[CAROUSEL_BREAKPOINTS.length - 1]!.perView;
}

/**
 * The Tailwind width classes that give the same counts without JavaScript (md = 768 px,
 * lg = 1024 px), so the server-rendered page already shows the right number of cards.
 */
export const CARD_BASIS = 'basis-1/2 md:basis-1/3 lg:basis-1/5';

/** Index of the page of slides a scroll position shows (a slide per page for the hero). */
export function pageAt(scrollOffset: number, pageWidth: number, pages: number): number {
  if (pageWidth <= 0 || pages <= 0) return 0;
  return Math.min(pages - 1, Math.max(0, Math.round(Math.abs(scrollOffset) / pageWidth)));
}
