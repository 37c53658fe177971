import { createHash, randomBytes } from 'node:crypto';

/**
 * Inline scripts under the Content-Security-Policy (docs/decisions/009-script-csp.md). The shop's policy (helmet, in
 * app.ts) has no `'unsafe-inline'` in `script-src`: an inline script runs only when the page's own header names it,
 * by this render's nonce or, for a page the server caches, by the hash of its text.
 */

/** A fresh nonce for one render: 128 random bits. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** The policy `csp` with `sources` added to its `script-src` (which must be there). */
export function withScriptSources(csp: string, sources: readonly string[]): string {
  if (!sources.length) return csp;
  let found = false;
  const directives = csp.split(';').map((directive) => {
    const d = directive.trim();
    if (!/^script-src(?:\s|$)/i.test(d)) return d;
    found = true;
    return `${d} ${sources.join(' ')}`;
  }).filter(Boolean);
  if (!found) throw new Error('The policy has no script-src to extend');
  return directives.join(';');
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** Whether `c` (a UTF-16 unit) is a word character (`\w`): `<script` followed by one is another tag. */
const continuesName = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Turns the nonce of one render into hashes, for a page that is cached and sent to many: every script written with
 * this render's `nonce` loses the attribute and is named by the SHA-256 of its text instead; any other inline script
 * (one the render did not write itself) stays unnamed, so it still does not run. The nonce never leaves the server.
 * React writes attribute values escaped (no `>` inside), and a script's text ends at the first `</script>`; the page
 * is walked with indexOf, not a regular expression (a lazy `[\s\S]*?` over the hydration data's scripts was 6% of a
 * cold page's cost).
 */
export function nonceToHashes(html: string, nonce: string): { html: string; sources: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const sources = new Set<string>();
  for (let at = html.indexOf('<script'); at >= 0; at = html.indexOf('<script', at + 1)) {
    if (continuesName(html.charCodeAt(at + 7))) continue;
    const open = html.indexOf('>', at);
    if (open < 0) break;
    const close = html.indexOf('</script>', open);
    if (close < 0) break;
    if (html.slice(at + 7, open).includes(attribute)) {
      sources.add(`'sha256-${createHash('sha256').update(html.slice(open + 1, close), 'utf8').digest('base64')}'`);
    }
    at = close;
  }
  // Then the attribute goes from the page in one pass: from those scripts, and from the head's <link>s, where React
  // Router also writes it (the cached copy keeps it nowhere). One new string of the page, not two.
  return { html: html.replaceAll(attribute, ''), sources: [...sources] };
}
