/**
 * Lets a page paint before its JavaScript competes for the network (docs/decisions/008-first-paint.md).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for every module of the matched routes and an
 * inline module script whose static imports load them at once, all at the priority of render-blocking scripts.
 * On a slow phone network those ~135 KB go out beside the HTML's fonts and the largest image, so the first paint
 * waits for bandwidth it does not need. This rewrite of the server-rendered HTML keeps the same modules and the same
 * start-up, only later: the preloads are dropped from the head, and the module script first waits for the first
 * frame, then adds the same preloads (no request waterfall) and imports the same modules before `entry.client`.
 *
 * The script keeps its CSP nonce (docs/decisions/009-script-csp.md); the preloads it adds need none ('self').
 * Anything it does not recognise is left exactly as React Router wrote it.
 */
const MODULE_SCRIPT = /<script((?: nonce="[^"<>]*")?) type="module" async="">([\s\S]*?)<\/script>/;
const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"<>]*")?\/>/g;
const STATIC_IMPORT = /^\s*import \* as ([A-Za-z_$][\w$]*) from ("[^"]+");\s*$/gm;

/** The module script `script` (its match of MODULE_SCRIPT) rewritten to start after the first frame, or undefined. */
function deferredScript(script: RegExpExecArray, preloads: string[]): string | undefined {
  const nonceAttr = script[1]!;
  const body = script[2]!;
  const imports = [...body.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1]!, specifier: m[2]! }));
  const rest = body.replace(STATIC_IMPORT, '');
  // Another kind of static import (a manifest or HMR import) would still load at once: leave the page alone.
  if (!imports.length || /^\s*;?\s*import\s*["'{*]/m.test(rest)) return undefined;
  const start = [
    // The first frame, then a task after it: the page is on screen before any module is requested.
    'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve)); setTimeout(resolve, 1000); });',
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${i.specifier})`).join(', ')}]);`,
  ].join('\n');
  return `<script${nonceAttr} type="module" async="">${start}\n${rest}</script>`;
}

export function deferModuleScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  // Every preload begins with these characters: the page is read from the first of them on (React Router writes them
  // near the end), not from its start.
  const first = html.indexOf(PRELOAD_START);
  const from = first < 0 ? script.index : Math.min(first, script.index);
  const preloads = [...html.slice(from).matchAll(PRELOAD_LINK)].map((m) => m[1]!);
  const deferred = deferredScript(script, preloads);
  if (deferred === undefined) return html;
  const before = html.slice(0, from) + html.slice(from, script.index).replace(PRELOAD_LINK, '');
  return before + deferred + html.slice(script.index + script[0].length);
}

const PRELOAD_START = '<link rel="modulepreload"';
const MODULE_TYPE = ' type="module" async="">';
/** MODULE_SCRIPT's element start and PRELOAD_LINK, each over the whole of a piece read alone. */
const MODULE_SCRIPT_START = /^<script((?: nonce="[^"<>]*")?) type="module" async="">$/;
const ONE_PRELOAD_LINK = /^<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"<>]*")?\/>$/;

/**
 * `deferModuleScripts` over a page's UTF-8 bytes, as React wrote them, with the same result: only the module script
 * and each module preload are read as text, and the rest of the page is copied around them as bytes (decoding a whole
 * page to text and encoding it back cost 0.3–1 ms a page, decision 017). React escapes `"`, `<` and `>` in attribute
 * values, so a preload's element ends at its first `>`, and a module script's start at the first `>` after `<script`.
 */
export function deferModuleScriptsInBytes(page: Buffer): Buffer {
  // The first element MODULE_SCRIPT matches: each ` type="module" async="">` in turn, from the `<script` before it.
  let script: RegExpExecArray | null = null;
  let start = -1;
  let close = -1;
  for (let at = page.indexOf(MODULE_TYPE); at >= 0 && !script; at = page.indexOf(MODULE_TYPE, at + 1)) {
    start = page.lastIndexOf('<script', at);
    if (start < 0) continue;
    const open = MODULE_SCRIPT_START.exec(page.subarray(start, at + MODULE_TYPE.length).toString('utf8'));
    close = page.indexOf('</script>', at + MODULE_TYPE.length);
    if (!open || close < 0) continue;
    script = MODULE_SCRIPT.exec(page.subarray(start, close + '</script>'.length).toString('utf8'));
  }
  if (!script) return page;
  const end = close + '</script>'.length;
  // Every preload of the page (the text version reads them from the first one on), and where those before the script are.
  const preloads: string[] = [];
  const removed: [number, number][] = [];
  for (let at = page.indexOf(PRELOAD_START); at >= 0; at = page.indexOf(PRELOAD_START, at + 1)) {
    const gt = page.indexOf('>', at);
    if (gt < 0) break;
    const link = ONE_PRELOAD_LINK.exec(page.subarray(at, gt + 1).toString('utf8'));
    if (!link) continue;
    preloads.push(link[1]!);
    if (gt < start) removed.push([at, gt + 1]);
    at = gt;
  }
  const deferred = deferredScript(script, preloads);
  if (deferred === undefined) return page;
  const parts: Uint8Array[] = [];
  let copied = 0;
  for (const [a, b] of removed) {
    parts.push(page.subarray(copied, a));
    copied = b;
  }
  parts.push(page.subarray(copied, start), Buffer.from(deferred), page.subarray(end));
  return Buffer.concat(parts);
}
