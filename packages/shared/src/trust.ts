/**
 * Checks on what an admin enters that ends up in every page: slide and banner links, and the eNamad seal.
 * No zod here: the storefront bundle imports these, and stays free of the schema library.
 */

/**
 * A link an admin may put on a slide or banner: a path on this shop (`/product/1`, not `//host` or `/\host`, which
 * browsers read as another host) or an absolute http(s) URL. Never `javascript:`, `data:` or any other scheme, and no
 * spaces or control characters (browsers drop tabs and newlines from URLs, which would turn `/\t/host` into `//host`).
 * The storefront checks again before it prints a link (defence in depth).
 */
export function isSafeLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!link || /[\s\u0000-\u001f\u007f\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The eNamad trust seal is stored as its id and code only, never as HTML (issue 9): the storefront prints the official
 * link and image itself (enamadSealUrls). Both empty = no seal.
 */
export const ENAMAD_ID_MAX = 12;
export const ENAMAD_CODE_MAX = 64;
const ENAMAD_ID = new RegExp(`^[0-9]{1,${ENAMAD_ID_MAX}}$`);
const ENAMAD_CODE = new RegExp(`^[A-Za-z0-9]{1,${ENAMAD_CODE_MAX}}$`);
export type EnamadSeal = { enamadId: string; enamadCode: string };

/** The official seal's link and image addresses, or null unless both parts are well formed. */
export function enamadSealUrls(seal: Partial<EnamadSeal>): { href: string; img: string } | null {
  const { enamadId: id = '', enamadCode: code = '' } = seal;
  if (!ENAMAD_ID.test(id) || !ENAMAD_CODE.test(code)) return null;
  const query = `id=${id}&Code=${code}`;
  return { href: `https://trustseal.enamad.ir/?${query}`, img: `https://trustseal.enamad.ir/logo.aspx?${query}` };
}

/**
 * The id and code from the HTML eNamad hands out (`<a href="https://trustseal.enamad.ir/?id=…&amp;Code=…">…`), for
 * admins who paste that snippet; null when it holds no well-formed seal link. Only the two values are kept.
 */
export function parseEnamadSeal(html: string): EnamadSeal | null {
  const text = html.slice(0, 20_000).replace(/&amp;/gi, '&');
  for (const m of text.matchAll(/trustseal\.enamad\.ir\/?(?:logo\.aspx)?\?([^"'\s<>]*)/gi)) {
    let id = '';
    let code = '';
    for (const [name, value] of new URLSearchParams(m[1])) {
      if (name.toLowerCase() === 'id') id ||= value;
      else if (name.toLowerCase() === 'code') code ||= value;
    }
    if (ENAMAD_ID.test(id) && ENAMAD_CODE.test(code)) return { enamadId: id, enamadCode: code };
  }
  return null;
}
