import { createHash, randomFillSync } from 'node:crypto';

/**
 * Inline scripts under the Content-Security-Policy (docs/decisions/009-script-csp.md). The shop's policy (helmet, in
 * app.ts) has no `'unsafe-inline'` in `script-src`: an inline script runs only when the page's own header names it,
 * by this render's nonce or, for a page the server caches, by the hash of its text.
 */

const NONCE_BYTES = 16;
/** Random bytes for the next nonces, filled 256 nonces at a time (one call to the generator per page was 0.7% of a page). */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;

/** A fresh nonce for one render: 128 random bits, each byte used once. */
export function newNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  const nonce = noncePool.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

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

/** Whether `c` (a byte of the page) is a word character (`\w`): `<script` followed by one is another tag. */
const continuesName = (c: number | undefined) => c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95);

/**
 * Turns the nonce of one render into hashes, for a page that is cached and sent to many: every script written with
 * this render's `nonce` loses the attribute and is named by the SHA-256 of its text instead; any other inline script
 * (one the render did not write itself) stays unnamed, so it still does not run. The nonce never leaves the server.
 * React writes attribute values escaped (no `>` inside), and a script's text ends at the first `</script>`; the page
 * is walked with indexOf, not a regular expression (a lazy `[\s\S]*?` over the hydration data's scripts was 6% of a
 * cold page's cost). The page is read and written as its UTF-8 bytes, which is what the hashes are of (the policy's
 * hash of a script is of its UTF-8 text): it is never decoded to text and encoded again (≈ 0.6 ms a 100 KB page).
 */
export function nonceToHashes(html: Buffer, nonce: string): { html: Buffer; sources: string[] } {
  const attribute = Buffer.from(` nonce="${nonce}"`);
  const sources = new Set<string>();
  for (let at = html.indexOf('<script'); at >= 0; at = html.indexOf('<script', at + 1)) {
    if (continuesName(html[at + 7])) continue;
    const open = html.indexOf('>', at);
    if (open < 0) break;
    const close = html.indexOf('</script>', open);
    if (close < 0) break;
    if (html.subarray(at + 7, open).includes(attribute)) {
      sources.add(`'sha256-${createHash('sha256').update(html.subarray(open + 1, close)).digest('base64')}'`);
    }
    at = close;
  }
  // Then the attribute goes from the page in one pass: from those scripts, and from the head's <link>s, where React
  // Router also writes it (the cached copy keeps it nowhere). The parts between are copied once, into one buffer.
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(attribute); at >= 0; at = html.indexOf(attribute, from)) {
    parts.push(html.subarray(from, at));
    from = at + attribute.length;
  }
  if (!parts.length) return { html, sources: [...sources] };
  parts.push(html.subarray(from));
  return { html: Buffer.concat(parts), sources: [...sources] };
}
