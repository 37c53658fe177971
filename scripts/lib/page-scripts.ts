/**
 * The JavaScript a storefront page loads at start, and issue 3's budget for it: what `npm run bench:web` reports and
 * apps/server/test/server-bundle.test.ts holds the build to.
 */

/** The budget for the scripts `/` loads at start, as sent gzipped. */
export const START_JS_GZIP_BUDGET_BYTES = 150 * 1024;

/** Every script a page loads at start: module preloads (in the head or added after the first frame), script tags and the inline entry's imports. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\s+[^;]*?from\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]!);
  // The preloads the deferred start-up adds after the first frame (apps/web/app/lib/defer-scripts.ts).
  for (const list of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) for (const href of JSON.parse(list[1]!) as string[]) found.add(href);
  return [...found].filter((s) => s.endsWith('.js'));
}
