import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/lib/web-build.js';
import { compressionsSettled, mountWeb, STYLESHEET_COOKIE } from '../src/web.js';
import { WEB_DIR } from '../src/paths.js';
import { compress, fixedPiece, GZIP_LEVEL, windowBitsFor } from '../src/lib/compression.js';
import { createCategory, createProduct } from './factories.js';
import { brotliWindowBits, buildTestApp, type TestApp } from './helpers.js';

/**
 * What a page weighs (issue 12): the stylesheet inline on a first visit and an @import of the cached file after,
 * the category menu fetched once instead of riding in every page's data, cached pages compressed at the dynamic
 * level first (gzip, on the serving thread) and at the best level when asked again, the build's static files compressed once. On the web build.
 */
let t: TestApp;
let productId: number;
let cssHref: string;
let categoryTitle: string;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await mountWeb(t.app)).toBe(true);
  const parent = await createCategory(t, { title: 'مراقبت مو' });
  categoryTitle = (await createCategory(t, { title: 'شامپوی بدون سولفات', parentId: parent.id })).title;
  productId = (await createProduct(t, { Title: 'شامپوی ملایم روزانه', Price: 98000, CategoryId: parent.id })).id;
  cssHref = `/assets/${fs.readdirSync(path.join(WEB_DIR, 'build/client/assets')).find((f) => /^app-[\w-]+\.css$/.test(f))!}`;
}, 240_000);
afterAll(async () => { await t?.close(); });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const styleElement = (html: string) => /<style id="sorkhab-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? null;
/** The page's hydration data: React Router's inline scripts. */
const hydrationData = (html: string) => [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((s) => s!.includes('__reactRouterContext')).join('\n');

describe('the stylesheet', () => {
  it('is inside a first visit\'s page, and its file is loaded at the end without blocking', async () => {
    const html = (await get(`/product/${productId}`)).body;
    expect(styleElement(html)!.length).toBeGreaterThan(20_000);
    expect(styleElement(html)).toContain('tailwindcss');
    expect(html).toMatch(new RegExp(`<link rel="stylesheet" href="${cssHref}" media="print"/>\\s*(<script|$)`));
  });

  it('its file sets the cookie that says the browser has it, in each encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(cssHref, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers['set-cookie'])).toBe(`${STYLESHEET_COOKIE}=${path.basename(cssHref)}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    // Other files set no cookie.
    const script = fs.readdirSync(path.join(WEB_DIR, 'build/client/assets')).find((f) => f.endsWith('.js'))!;
    expect((await get(`/assets/${script}`)).headers['set-cookie']).toBeUndefined();
  });

  it('a returning visitor\'s pages @import the file instead, cached and rendered pages alike; an old cookie gets the text', async () => {
    const cookie = `${STYLESHEET_COOKIE}=${path.basename(cssHref)}`;
    for (const url of [`/product/${productId}`, '/', '/cart', '/login']) {
      const returning = await get(url, { cookie });
      expect(returning.statusCode, url).toBe(200);
      expect(styleElement(returning.body), url).toBe(`@import url("${cssHref}");`);
      const first = await get(url); // the cache keeps both copies apart
      expect(styleElement(first.body)!.length, url).toBeGreaterThan(20_000);
      expect(returning.body.length, url).toBeLessThan(first.body.length - 20_000);
      // A cookie naming another (older) file: the browser does not have this one.
      expect(styleElement((await get(url, { cookie: `${STYLESHEET_COOKIE}=app-0ld.css` })).body)!.length, url).toBeGreaterThan(20_000);
    }
  });
});

describe('the category menu', () => {
  it('is drawn in the page but not in its data: the page names a version, /menu/<version>.json answers the tree for a year', async () => {
    const html = (await get(`/product/${productId}`)).body;
    expect(html).toContain('>مراقبت مو<'); // drawn (the menu's first level)
    const data = hydrationData(html);
    expect(data).toContain('شامپوی ملایم روزانه');
    expect(data).not.toContain(categoryTitle);
    const version = /\\"menu\\",\\"([\w-]{16})\\"/.exec(data)?.[1];
    expect(version).toBeTruthy();
    const res = await get(`/menu/${version}.json`, { 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const tree = res.json() as { title: string; children: { title: string; imageVariants: unknown[] }[] }[];
    const parent = tree.find((c) => c.title === 'مراقبت مو')!;
    expect(parent.children.map((c) => c.title)).toEqual([categoryTitle]);
  });

  it('a new category makes a new version; an old version gets the current tree, not cached; a bad name is a 404', async () => {
    const before = /\\"menu\\",\\"([\w-]{16})\\"/.exec(hydrationData((await get('/')).body))![1]!;
    const added = await createCategory(t, { title: 'کرم موی فر' });
    const after = /\\"menu\\",\\"([\w-]{16})\\"/.exec(hydrationData((await get('/')).body))![1]!;
    expect(after).not.toBe(before);
    const stale = await get('/menu/ZZZZZZZZZZZZZZZZ.json');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect((stale.json() as { title: string }[]).map((c) => c.title)).toContain(added.title);
    for (const bad of ['/menu/x.json', '/menu/AbCdEfGhIjKlMnOp.js', '/menu/..%2f..%2fetc.json']) expect((await get(bad)).statusCode, bad).toBe(404);
  });
});

describe('compression', () => {
  // Every render has its own nonce (and a kept copy none): pages are compared without them.
  const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
  it('a cached page: first gzipped on the serving thread, at the best level once asked again; every copy decodes to the page', async () => {
    const inline = fixedPiece(Buffer.from(`>${styleElement((await get('/')).body)!}</style>`));
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    // A URL no request has asked for yet: its first answer is made for that request alone, the second is kept.
    const url = `/product/${productId}?weight=1`;
    await get(url);
    const plain = (await get(url)).rawPayload;
    // The kept page's first copy is gzip at the dynamic level made on this thread, around the stylesheet's piece made
    // once (no wait for the thread pool), even for a browser that prefers brotli.
    const first = await get(url, browser);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.rawPayload.includes(inline.piece)).toBe(true);
    expect(zlib.gunzipSync(first.rawPayload).equals(plain)).toBe(true);
    await compressionsSettled(); // (its first answer from the cache started nothing in the background)
    const again = await get(url, browser); // asked again: brotli's best copy is made in the background
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true); // meanwhile the first copy answers
    await compressionsSettled();
    const best = await get(url, browser);
    expect(best.headers['content-encoding']).toBe('br');
    expect(best.rawPayload.equals(await compress(plain, 'br', 'best'))).toBe(true);
    expect(best.rawPayload.length).toBeLessThan(first.rawPayload.length);
    // A browser that takes brotli alone gets that copy; one that takes gzip alone the first copy, then gzip's best.
    expect((await get(url, { 'accept-encoding': 'br' })).rawPayload.equals(best.rawPayload)).toBe(true);
    expect((await get(url, { 'accept-encoding': 'gzip' })).rawPayload.equals(first.rawPayload)).toBe(true);
    await compressionsSettled();
    const gzipBest = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipBest.headers['content-encoding']).toBe('gzip');
    expect(gzipBest.rawPayload.equals(await compress(plain, 'gzip', 'best'))).toBe(true);
    // A returning visitor's kept page (no stylesheet inside) is gzipped whole on this thread first.
    const returning = { cookie: `${STYLESHEET_COOKIE}=${path.basename(cssHref)}` };
    await get(url, returning);
    const linked = (await get(url, returning)).rawPayload;
    const linkedFirst = await get(url, { ...returning, ...browser });
    expect(linkedFirst.headers['content-encoding']).toBe('gzip');
    expect(linkedFirst.rawPayload.equals(zlib.gzipSync(linked, { level: GZIP_LEVEL.dynamic, memLevel: 9 }))).toBe(true);
    // A kept page asked for by a browser that takes brotli alone, before any copy: brotli at the dynamic level.
    const other = `/product/${productId}?weight=3`;
    await get(other);
    const otherPlain = (await get(other)).rawPayload;
    const brFirst = await get(other, { 'accept-encoding': 'br' });
    expect(brFirst.headers['content-encoding']).toBe('br');
    expect(brFirst.rawPayload.equals(await compress(otherPlain, 'br', 'dynamic'))).toBe(true);
  });

  it('a page rendered for one request (a search) is compressed with a window no larger than the page, as cached pages are', async () => {
    const url = `/search?search=${encodeURIComponent('شامپو')}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('شامپوی ملایم روزانه');
    // A browser that takes only brotli.
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    const decoded = zlib.brotliDecompressSync(br.rawPayload);
    expect(withoutNonce(decoded.toString())).toBe(withoutNonce(plain.body));
    // @fastify/compress's encoder declared brotli's default window, 4 MB (22 bits), whatever the page.
    expect(brotliWindowBits(br.rawPayload)).toBeLessThanOrEqual(windowBitsFor(decoded.length));
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutNonce(zlib.gunzipSync(gzip.rawPayload).toString())).toBe(withoutNonce(plain.body));
  });

  it('a first visit\'s page made for one answer goes gzipped around the stylesheet compressed once, to any browser that takes gzip', async () => {
    // The style element in full, and its piece as the server makes it (deflate is deterministic).
    const inline = fixedPiece(Buffer.from(`>${styleElement((await get('/')).body)!}</style>`));
    // (Listings and searches are put together from a frame, whose gzip has the stylesheet in a larger piece compressed
    // once: frames.test.ts.)
    for (const url of ['/?weight=4', '/contact?weight=2', '/cart']) {
      // Its first request (a second one is kept by the page cache, and answered from its copies).
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      const plain = await get(url);
      expect(plain.body, url).toContain(inline.text.toString());
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers.vary).toBe('accept-encoding');
      // The stylesheet's piece, made once, is in the answer as it is; the whole decodes (CRC and length checked) to the page.
      expect(res.rawPayload.includes(inline.piece), url).toBe(true);
      expect(withoutNonce(zlib.gunzipSync(res.rawPayload).toString()), url).toBe(withoutNonce(plain.body));
    }
    // A returning visitor's page @imports the file: brotli as before.
    const returning = await get('/contact?weight=5', { 'accept-encoding': 'gzip, br', cookie: `${STYLESHEET_COOKIE}=${path.basename(cssHref)}` });
    expect(returning.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(returning.rawPayload).toString()).not.toContain(inline.text.toString());
  });

  it('the build\'s static files are sent as compressed at build time', async () => {
    const dir = path.join(WEB_DIR, 'build/client/assets');
    const script = fs.readdirSync(dir).filter((f) => f.endsWith('.js')).sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0]!;
    const br = await get(`/assets/${script}`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dir, `${script}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(fs.readFileSync(path.join(dir, script)))).toBe(true);
    const gz = await get(`/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(fs.readFileSync(path.join(dir, script)))).toBe(true);
  });

  it('precompress writes a .br and a .gz of each compressible file of 1 KB or more, and nothing else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-precompress-'));
    try {
      const text = 'body { color: red; }\n'.repeat(200);
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets/app.css'), text);
      fs.writeFileSync(path.join(dir, 'assets/small.js'), 'let a = 1;');
      fs.writeFileSync(path.join(dir, 'assets/font.woff2'), Buffer.alloc(4096, 7));
      expect(await precompress(dir)).toBe(1);
      expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app.css', 'app.css.br', 'app.css.gz', 'font.woff2', 'small.js']);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app.css.br'))).toString()).toBe(text);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/app.css.gz'))).toString()).toBe(text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
