const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal (aria-modal) keeps Tab and Shift+Tab going round its own controls, never to the page behind it. */
export function trapTab(e: KeyboardEvent, modal: HTMLElement) {
  const stops = [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (!stops.length) return;
  // From a title (focused on opening, not a stop) or an end, the next stop is taken here, round the modal.
  const i = stops.indexOf(document.activeElement as HTMLElement);
  if (e.shiftKey ? i <= 0 : i === -1 || i === stops.length - 1) {
    e.preventDefault();
    stops[e.shiftKey ? stops.length - 1 : 0]!.focus();
  }
}
