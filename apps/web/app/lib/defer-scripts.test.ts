import { describe, expect, it } from 'vitest';
import { deferModuleScripts, deferModuleScriptsInBytes } from './defer-scripts';

// The shape React Router 7's <Scripts> writes (head preloads, then the inline module script at the end of the body).
const page = (script: string) => `<!DOCTYPE html><html><head><link rel="preload" href="/assets/font.woff2" as="font"/>`
  + `<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/react-B.js"/>`
  + `<link rel="modulepreload" href="/assets/root-C.js"/><style>body{}</style></head><body><main>سلام</main>`
  + `<script>window.__reactRouterContext = {};</script><script type="module" async="">${script}</script>`
  + `<script>window.__reactRouterContext.streamController.close();</script></body></html>`;

const routerScript = `;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/store/home":route1};

import("/assets/entry.client-A.js");`;

describe('deferModuleScripts', () => {
  const html = deferModuleScripts(page(routerScript));
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it('drops the module preloads from the head and keeps every other tag', () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2" as="font"/>');
    expect(html).toContain('<style>body{}</style>');
    expect(html).toContain('<main>سلام</main>');
    expect(html).toContain('<script>window.__reactRouterContext.streamController.close();</script>');
  });

  it('leaves no static import: the script waits for the first frame, then preloads and imports the same modules', () => {
    expect(script).not.toMatch(/^\s*import \* as/m);
    const wait = script.indexOf('requestAnimationFrame');
    const preloads = script.indexOf('["/assets/entry.client-A.js","/assets/react-B.js","/assets/root-C.js"]');
    const routes = script.indexOf('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
    const entry = script.indexOf('import("/assets/entry.client-A.js");');
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(preloads).toBeGreaterThan(wait);
    expect(routes).toBeGreaterThan(preloads);
    // The route modules are registered before the entry starts hydrating.
    expect(script.indexOf('window.__reactRouterRouteModules = {"root":route0')).toBeGreaterThan(routes);
    expect(entry).toBeGreaterThan(routes);
  });

  it('is valid module code once the router globals exist', async () => {
    const imported: string[] = [];
    const appended: string[] = [];
    const run = new Function('requestAnimationFrame', 'setTimeout', 'document', 'window', 'importModule',
      `return (async () => { ${script.replaceAll('import(', 'importModule(')} })();`);
    const window: Record<string, unknown> = {};
    await run((cb: () => void) => cb(), (cb: () => void) => cb(), { createElement: () => ({}), head: { append: (l: { href: string }) => appended.push(l.href) } },
      window, async (s: string) => { imported.push(s); return { id: s }; });
    expect(appended).toEqual(['/assets/entry.client-A.js', '/assets/react-B.js', '/assets/root-C.js']);
    expect(imported).toEqual(['/assets/root-C.js', '/assets/home-D.js', '/assets/entry.client-A.js']);
    expect(window.__reactRouterRouteModules).toEqual({ root: { id: '/assets/root-C.js' }, 'routes/store/home': { id: '/assets/home-D.js' } });
  });

  it('finds preloads wherever they are: in the body before the script, none at all, one after it (preloaded, kept)', () => {
    const inBody = page(routerScript).replace('<main>سلام</main>', '<main>سلام</main><link rel="modulepreload" href="/assets/late-F.js"/>');
    const out = deferModuleScripts(inBody);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('["/assets/entry.client-A.js","/assets/react-B.js","/assets/root-C.js","/assets/late-F.js"]');
    const none = deferModuleScripts(page(routerScript).replaceAll(/<link rel="modulepreload" href="[^"]+"\/>/g, ''));
    expect(none).toContain('for (const href of [])');
    const after = deferModuleScripts(page(routerScript).replaceAll(/<link rel="modulepreload" href="[^"]+"\/>/g, '').replace('</body>', '<link rel="modulepreload" href="/assets/z.js"/></body>'));
    expect(after).toContain('for (const href of ["/assets/z.js"])');
    expect(after).toContain('<link rel="modulepreload" href="/assets/z.js"/></body>');
  });

  it('leaves a page it does not recognise untouched', () => {
    const withManifestImport = page(`import "/assets/manifest-E.js";\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");`);
    expect(deferModuleScripts(withManifestImport)).toBe(withManifestImport);
    const noScript = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(deferModuleScripts(noScript)).toBe(noScript);
  });

  it('keeps the CSP nonce on the module script and drops nonce-carrying preloads too', () => {
    const nonced = page(routerScript)
      .replaceAll(/<link rel="modulepreload" href="([^"]+)"\/>/g, '<link rel="modulepreload" href="$1" nonce="n0nce+/="/>')
      .replaceAll('<script', '<script nonce="n0nce+/="');
    const out = deferModuleScripts(nonced);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<script nonce="n0nce+/=" type="module" async="">await new Promise');
    expect(out.match(/<script/g)).toHaveLength(3);
    expect(out.match(/<script nonce="n0nce\+\/="/g)).toHaveLength(3);
  });
});

describe('deferModuleScriptsInBytes', () => {
  const nonce = ' nonce="n0nce+/="';
  const nonced = page(routerScript)
    .replaceAll(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="modulepreload" href="$1"${nonce}/>`)
    .replaceAll('<script', `<script${nonce}`);
  const inBody = page(routerScript).replace('<main>سلام</main>', '<main>سلام 🙂</main><link rel="modulepreload" href="/assets/late-F.js"/>');
  const cases: Record<string, string> = {
    'the router page': page(routerScript),
    'with nonces': nonced,
    'a preload in the body and text of four bytes a character': inBody,
    'no preloads': page(routerScript).replaceAll(/<link rel="modulepreload" href="[^"]+"\/>/g, ''),
    'a preload after the script': page(routerScript).replace('</body>', '<link rel="modulepreload" href="/assets/z.js"/></body>'),
    'a module script with another attribute first, then the router\'s':
      page(routerScript).replace('<main>', '<main><script id="x" type="module" async="">import * as a from "/a.js";</script>'),
    'a preload that is not React Router\'s shape': page(routerScript).replace('<style>', '<link rel="modulepreload" href="/assets/x.js" crossorigin=""/><style>'),
    'a manifest import (left alone)': page(`import "/assets/manifest-E.js";\nimport * as route0 from "/assets/root-C.js";`),
    'no module script': '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>',
    'an unclosed module script': '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" async="">import * as a from "/a.js";',
  };

  it.each(Object.entries(cases))('writes the same bytes as the rewrite of the text: %s', (_name, html) => {
    const bytes = Buffer.from(html);
    const out = deferModuleScriptsInBytes(bytes);
    expect(out.toString('utf8')).toBe(deferModuleScripts(html));
    // A page left alone is the same buffer, not a copy.
    if (deferModuleScripts(html) === html) expect(out).toBe(bytes);
  });

  it('rewrites the router page (the cases above are not all left alone)', () => {
    expect(deferModuleScriptsInBytes(Buffer.from(nonced)).toString('utf8')).toContain('<script nonce="n0nce+/=" type="module" async="">await new Promise');
    expect(deferModuleScriptsInBytes(Buffer.from(inBody)).toString('utf8')).not.toContain('rel="modulepreload"');
  });
});
