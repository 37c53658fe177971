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

// React writes attribute values escaped (no `>` inside), and a script's text ends at the first `</script>`.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Turns the nonce of one render into hashes, for a page that is cached and sent to many: every script written with
 * this render's `nonce` loses the attribute and is named by the SHA-256 of its text instead; any other inline script
 * (one the render did not write itself) stays unnamed, so it still does not run. The nonce never leaves the server.
 */
export function nonceToHashes(html: string, nonce: string): { html: string; sources: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const sources = new Set<string>();
  const out = html.replace(SCRIPT, (whole, attrs: string, body: string) => {
    if (!attrs.includes(attribute)) return whole;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    return `<script${attrs.replace(attribute, '')}>${body}</script>`;
  });
  // React Router also puts the nonce on the head's <link>s: the cached copy keeps it nowhere.
  return { html: out.replaceAll(attribute, ''), sources: [...sources] };
}
