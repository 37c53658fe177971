import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scriptsOf, START_JS_GZIP_BUDGET_BYTES } from '../../../scripts/lib/page-scripts.js';
import { serverBuildOptions } from '../../../scripts/lib/server-build.js';
import { mountWeb } from '../src/web.js';
import { buildTestApp } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the server bundle (npm run build)', () => {
  it('holds the packages a start needs, and loads the S3 client and the number-words library only when they are used', async () => {
    // The bundle as `npm run build` makes it, kept in memory, with esbuild's account of each output's imports.
    const result = await build({ ...serverBuildOptions(ROOT), write: false, metafile: true, logLevel: 'silent' });
    const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external));
    const kinds = (name: string) => [...new Set(imports.filter((i) => i.path === name).map((i) => i.kind))];
    // A static import of a package runs at start in every process; a dynamic one when its code first needs it.
    expect(kinds('@aws-sdk/client-s3')).toEqual(['dynamic-import']); // only with STORAGE_URL=s3://…
    expect(kinds('@persian-tools/persian-tools')).toEqual(['dynamic-import']); // the first printed invoice
    // React Router and zod stay plain imports: the web app's server build imports them too, and both share one copy.
    expect(kinds('react-router')).toEqual(['import-statement']);
    expect(kinds('zod')).toEqual(['import-statement']);
    // The other packages every start needs are inside the bundle, not imports of node_modules (thirty-seventh session).
    const bundled = new Set(Object.keys(result.metafile.inputs).map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]));
    for (const name of ['fastify', 'drizzle-orm', 'sanitize-html', '@fastify/compress', '@fastify/swagger-ui']) {
      expect(bundled.has(name), name).toBe(true);
      expect(kinds(name), name).toEqual([]);
    }
  }, 60_000);
});

describe("the web app's server build (npm run build)", () => {
  it('holds none of the admin dashboard: Mantine, TipTap and the screens load only in the browser', async () => {
    // Every module of React Router's server build and the chunks it splits off, as the global setup / npm test built it.
    const dir = path.join(ROOT, 'apps/web/build/server');
    const files = [path.join(dir, 'index.js'), ...fs.readdirSync(path.join(dir, 'assets')).map((f) => path.join(dir, 'assets', f))];
    const specifiers = new Set(files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!)));
    expect(specifiers).toContain('react-dom/server'); // the scan reads imports at all
    expect([...specifiers].filter((s) => /^@(mantine|tiptap)\//.test(s))).toEqual([]);
    // The admin's routes are still there with what the server renders of them: the title and the layout's fallback.
    const build = (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as ServerBuild;
    const products = build.routes['routes/admin/products']!.module as { meta: () => { title?: string }[]; default?: unknown };
    expect(products.meta()).toEqual([{ title: 'محصولات | پنل مدیریت سرخاب' }]);
    expect(products.default).toBeTypeOf('function'); // a page, not a resource route (the screen inside it is a stub here)
    expect(build.routes['routes/admin/layout']!.module.HydrateFallback).toBeTypeOf('function');
  });
});

describe("the storefront's start-up JavaScript (npm run build)", () => {
  it('is within issue 3\'s budget for / (≤ 150 KB gzip), and holds no zod on the pages shoppers land on', async () => {
    const t = await buildTestApp();
    try {
      expect(await mountWeb(t.app)).toBe(true);
      /** A page's start-up scripts as the server sends them gzipped: their bytes, and whether zod is among them. */
      const startUp = async (url: string) => {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        const scripts = scriptsOf(page.body);
        expect(scripts.length, url).toBeGreaterThanOrEqual(3); // the entry, React, the root's and the route's modules
        let gzipped = 0;
        const withZod: string[] = [];
        for (const src of scripts) {
          const res = await t.app.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'gzip' } });
          expect(res.statusCode, src).toBe(200);
          expect(res.headers['content-encoding'], src).toBe('gzip');
          gzipped += res.rawPayload.length;
          // zod's own error text. A module that builds schemas at its top level, imported for one helper beside them,
          // brings all of zod (≈ 37 KB gzip): the header's shopper name once did (a stored mobile's local form).
          if (zlib.gunzipSync(res.rawPayload).includes('Invalid input: expected')) withZod.push(src);
        }
        return { gzipped, withZod };
      };
      const home = await startUp('/');
      expect(home.gzipped).toBeLessThanOrEqual(START_JS_GZIP_BUDGET_BYTES);
      expect(home.gzipped).toBeGreaterThan(50 * 1024); // React itself is in it: the scan found the scripts
      expect(home.withZod).toEqual([]);
      for (const url of ['/product-list', '/search?search=x', '/cart']) expect((await startUp(url)).withZod, url).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
