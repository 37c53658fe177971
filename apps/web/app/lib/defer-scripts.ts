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

export function deferModuleScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const nonceAttr = script[1]!;
  const body = script[2]!;
  const imports = [...body.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1]!, specifier: m[2]! }));
  const rest = body.replace(STATIC_IMPORT, '');
  // Another kind of static import (a manifest or HMR import) would still load at once: leave the page alone.
  if (!imports.length || /^\s*;?\s*import\s*["'{*]/m.test(rest)) return html;

  // Every preload begins with these characters: the page is read from the first of them on (React Router writes them
  // near the end), not from its start.
  const first = html.indexOf('<link rel="modulepreload"');
  const from = first < 0 ? script.index : Math.min(first, script.index);
  const preloads = [...html.slice(from).matchAll(PRELOAD_LINK)].map((m) => m[1]!);
  const start = [
    // The first frame, then a task after it: the page is on screen before any module is requested.
    'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve)); setTimeout(resolve, 1000); });',
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${i.specifier})`).join(', ')}]);`,
  ].join('\n');
  const deferred = `<script${nonceAttr} type="module" async="">${start}\n${rest}</script>`;
  const before = html.slice(0, from) + html.slice(from, script.index).replace(PRELOAD_LINK, '');
  return before + deferred + html.slice(script.index + script[0].length);
}
