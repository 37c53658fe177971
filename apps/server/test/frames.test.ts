import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNSAFE_decodeViaTurboStream } from 'react-router';
import { SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { mountWeb, type WebOptions } from '../src/web.js';
import { serverBuildOptions } from '../../../scripts/lib/server-build.js';
import { inProcessReadsOf } from '../src/lib/in-process.js';
import { encodeTurboStream } from '../src/lib/turbo-stream.js';
import { compressFrame, cutFrame, fillFrame } from '../src/frames.js';
import zlib from 'node:zlib';
import { asAdmin, dataOf } from './api.js';
import { createBrand, createCategory, createProduct, pngImage } from './factories.js';
import { ADMIN, bearer, buildTestApp, DB_KIND, login, stylesheetCookieOf, twoCopies, type TestApp } from './helpers.js';

/**
 * Listing and search pages put together from their route's frame (src/frames.ts, decision 032): byte for byte what
 * React Router renders for the same URL — for guests and signed-in shoppers, with and without the stylesheet inline,
 * for every state a listing has (filters, sorts, pages, empty, not found, a search that finds nothing, hostile
 * queries) — and a write is on the very next page.
 */
const ORIGIN = 'http://shop.example';
const frames = new Set<object>();
let framed = 0;
/** Of those, made on the render thread (render-thread.ts). */
let threaded = 0;
const options: WebOptions & { frames: boolean; thread: boolean } = {
  frames: true, thread: true, onFramed: (_url, frame, onThread) => { framed++; if (onThread) threaded++; frames.add(frame); },
};
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let t: TestApp;
let parentId: number;
let childId: number;
let brandId: number;
let productId: number;
let stylesheetCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN, RATE_LIMIT: false }); // a few hundred pages from one address
  // The render thread as the production build makes it (its bundle, built here), putting the framed pages together.
  const threadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-render-thread-'));
  await build({ ...serverBuildOptions(ROOT), entryPoints: { 'render-worker': path.join(ROOT, 'apps/server/src/render-worker.ts') }, outdir: threadDir, logLevel: 'silent' });
  options.threadFile = path.join(threadDir, 'render-worker.js');
  expect(await mountWeb(t.app, undefined, undefined, options)).toBe(true);
  parentId = (await createCategory(t, { title: 'مراقبت پوست' })).id;
  childId = (await createCategory(t, { title: 'کرم صورت', parentId })).id;
  brandId = (await createBrand(t, 'لافارر')).id;
  const image = await pngImage(40, 40);
  for (let i = 0; i < 14; i++) {
    const product = await createProduct(t, {
      Title: `کرم آبرسان شماره ${i}`, Price: 100_000 + i * 10_000, CategoryId: i % 2 ? childId : parentId, Stock: i % 5 ? 5 : 0,
      ...(i % 3 ? {} : { HasOff: true, OffPersent: 20 }), ...(i % 4 ? {} : { brandId }),
    }, i < 3 ? image : undefined);
    productId ??= product.id;
  }
  stylesheetCookie = await stylesheetCookieOf(t.app);
}, 240_000);
afterAll(async () => { await t?.close(); });

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'text/html', ...headers } });

/** The page as sent, its nonce (from the CSP) written as NONCE: two renders then compare byte for byte. */
async function page(url: string, headers: Record<string, string>, frames: boolean, method: 'GET' | 'HEAD' = 'GET') {
  // No page kept (decision 010): each request is a first one, rendered (or put together) for itself.
  await t.app.services.cache.invalidate();
  options.frames = frames;
  try {
    const res = await get(url, headers, method);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const body = nonce ? res.body.split(nonce).join('NONCE') : res.body;
    const { date: _date, 'content-length': _length, 'content-security-policy': csp, ...rest } = res.headers;
    return { status: res.statusCode, body, headers: { ...rest, csp: nonce ? String(csp).split(nonce).join('NONCE') : csp } };
  } finally {
    options.frames = true;
  }
}

/** Each URL, for each visitor, put together from its frame and rendered whole: the same page; and how many were framed. */
async function expectAsRendered(urls: string[], visitors: Record<string, string>[]) {
  const before = framed;
  for (const url of urls) {
    for (const headers of visitors) {
      const whole = await page(url, headers, false);
      const fromFrame = await page(url, headers, true);
      const what = `${url} ${JSON.stringify(headers)}`;
      expect(fromFrame.status, what).toBe(whole.status);
      expect(fromFrame.headers, what).toEqual(whole.headers);
      if (fromFrame.body !== whole.body) {
        // The first difference, legibly (from the page's start when it is in its first 200 characters).
        let i = 0;
        while (fromFrame.body[i] === whole.body[i]) i++;
        const from = Math.max(0, i - 200);
        expect(fromFrame.body.slice(from, i + 200), what).toBe(whole.body.slice(from, i + 200));
      }
    }
  }
  return framed - before;
}

/** The loader data of a page, as the browser decodes it from React Router's hydration script. */
async function loaderDataOf(html: string): Promise<Record<string, unknown>> {
  const literal = /streamController\.enqueue\((.*?)\);<\/script>/s.exec(html)![1]!;
  const decoded = await UNSAFE_decodeViaTurboStream(new Response(JSON.parse(literal) as string).body!, globalThis);
  await decoded.done;
  return (decoded.value as { loaderData: Record<string, unknown> }).loaderData;
}

const GUEST = {};
const SHOPPER = { cookie: `${SHOPPER_HINT_COOKIE}=1` };

describe('pages put together from a frame', () => {
  it('are the listing pages React Router renders (a category, the newest, the best sellers), in every state, for every kind of visitor', async () => {
    const urls = [
      '/product-list',
      `/product-list?categoryId=${parentId}`,
      `/product-list?category=${encodeURIComponent('کرم صورت')}&categoryId=${childId}`,
      `/product-list?categoryId=${parentId}&sort=cheapest&page=2`,
      `/product-list?categoryId=${parentId}&pageSize=24&inStock=true`,
      `/product-list?brands=${brandId}&hasOff=true`,
      '/product-list?minPrice=150000&maxPrice=200000&sort=dearest',
      '/product-list?sort=cheapest', // the cheapest first: a picture above the fold
      '/product-list?minPrice=900000000', // nothing within the filters
      '/product-list?page=9', // past the last page
      '/product-list?categoryId=999999', // no such category: 404
      '/product-list?sort=%00&page=-1&pageSize=abc',
      '/product-list?index&_routes=root&sort=cheapest&brands=1&brands=2', // React Router's own parameters, repeated ones
      '/last-products',
      `/last-products?page=2&brands=${brandId}`,
      '/suggest-products?sort=cheapest&inStock=true',
    ];
    const visitors = [GUEST, SHOPPER, { cookie: stylesheetCookie }, { cookie: `${stylesheetCookie}; ${SHOPPER_HINT_COOKIE}=1` }];
    const before = threaded;
    const framedPages = await expectAsRendered(urls, visitors);
    // Every page but the missing category's was put together from its frame (none fell back unseen), on the thread.
    expect(framedPages).toBe((urls.length - 1) * visitors.length);
    expect(threaded - before).toBe(framedPages);
  });

  it('are the search pages React Router renders: found, not found, empty, hostile queries in the header and the page', async () => {
    const urls = [
      '/search?search=کرم',
      `/search?search=${encodeURIComponent('کرم آبرسان')}&sort=cheapest&page=2&pageSize=12`,
      '/search?search=zzzqqq', // nothing found: did-you-mean and the best sellers
      '/search?search=کرمم', // a typo
      '/search?search=',
      '/search',
      `/search?search=${encodeURIComponent('"><script>alert(1)</script>&\'')}`,
      '/search?search=%ED%A0%80%E2%80%A8x', // a lone surrogate's bytes and U+2028
      `/search?search=${'کرم '.repeat(40)}`,
      `/product-list?search=${encodeURIComponent('کرم')}&categoryId=${parentId}`,
    ];
    const before = threaded;
    const framedPages = await expectAsRendered(urls, [GUEST, SHOPPER, { cookie: stylesheetCookie }]);
    expect(framedPages).toBe(urls.length * 3);
    expect(threaded - before).toBe(framedPages);
    // A query the API refuses (control characters) is React Router's error page, as it was.
    const refused = '/search?search=%00%01%02%03%04';
    expect(await expectAsRendered([refused], [GUEST])).toBe(0);
    expect((await get(refused)).statusCode).toBe(400);
    // HEAD: the same status and headers, no body.
    const head = await page('/search?search=کرم', {}, true, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('are sent gzipped from the frame\'s pieces compressed once, to any browser that takes gzip; brotli else', async () => {
    for (const url of ['/product-list?sort=cheapest', '/search?search=کرم']) {
      for (const cookie of ['', stylesheetCookie]) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        const plain = await page(url, headers, true);
        await t.app.services.cache.invalidate();
        const before = framed;
        const res = await get(url, { ...headers, 'accept-encoding': 'br, gzip' });
        expect(framed).toBe(before + 1);
        expect(res.headers['content-encoding']).toBe('gzip');
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
        expect(zlib.gunzipSync(res.rawPayload).toString().split(nonce).join('NONCE')).toBe(plain.body);
        await t.app.services.cache.invalidate();
        const br = await get(url, { ...headers, 'accept-encoding': 'br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.rawPayload).length).toBe(Buffer.byteLength(plain.body.split('NONCE').join(nonce)));
      }
    }
  });

  it('show a write on the very next page: a price, a product, the shop settings', async () => {
    const url = `/product-list?categoryId=${parentId}&sort=dearest`;
    await get(url);
    await get(url); // kept from its second request (decision 010)
    const before = framed;
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'فروشگاه قاب‌دار' }));
    const fresh = await createProduct(t, { Title: 'کرم گران‌ترین تازه', Price: 9_900_000, CategoryId: parentId });
    const next = (await get(url)).body;
    expect(framed).toBe(before + 1);
    expect(next).toContain('فروشگاه قاب‌دار'); // the frame's header and footer
    expect(next).toContain(`/product/${fresh.id}`); // the page's own part
    expect(next.indexOf('کرم گران‌ترین تازه')).toBeLessThan(next.indexOf('کرم آبرسان شماره 13'));
    // And in the hydration data the browser reads.
    expect(/streamController\.enqueue\((.*?)\);<\/script>/s.exec(next)![1]).toContain('فروشگاه قاب‌دار');
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'سرخاب' }));
    expect(await expectAsRendered([url], [GUEST])).toBe(1);
  });

  it('show a listing\'s price ceiling whatever its filters, the next page after a write', async () => {
    // A listing filtered by brand, newest first: the price slider's ceiling is the category's dearest product's price
    // whatever the filters (the listing's facets bring it, kept with them until a write).
    const url = `/product-list?brand=${childId}&brands=${brandId}&sort=newest`;
    const ceiling = async () => {
      const data = await loaderDataOf((await get(url)).body);
      return (Object.values(data).find((d) => typeof d === 'object' && d !== null && 'priceCeiling' in d) as { priceCeiling: number }).priceCeiling;
    };
    await t.app.services.cache.invalidate();
    expect(await ceiling()).toBe(230_000); // product 13 of the category, no discount
    const dearer = await createProduct(t, { Title: 'کرم گران‌تر', Price: 5_000_000, CategoryId: childId, HasOff: true, OffPersent: 10 });
    expect(await ceiling()).toBe(4_500_000); // its price after the discount
    // A search's ceiling is that of its words.
    const search = await loaderDataOf((await get(`/search?search=${encodeURIComponent('آبرسان')}`)).body);
    expect(Object.values(search).some((d) => typeof d === 'object' && d !== null && (d as { priceCeiling?: number }).priceCeiling === 230_000)).toBe(true);
    dataOf(await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${dearer.id}`));
    expect(await ceiling()).toBe(230_000);
  });

  it('keep the best sellers a search that finds nothing shows for every visitor until a write', async () => {
    const best = async (q: string) => {
      const data = await loaderDataOf((await get(`/search?search=${encodeURIComponent(q)}`)).body);
      const search = Object.values(data).find((d) => typeof d === 'object' && d !== null && 'noResult' in d) as { noResult: { best: { id: number; offPersent: number }[] } };
      return search.noResult.best;
    };
    await t.app.services.cache.invalidate();
    const first = await best('ناپیدا یک');
    expect(first.length).toBeGreaterThan(0);
    // Kept as the page's cards, and the next search that finds nothing shows that very copy.
    expect(await t.app.services.cache.getOrLoad('web best-sellers 8', async () => [])).toEqual(first);
    expect(await best('ناپیدا دو')).toEqual(first);
    // A discount on the first of them is on the very next page.
    const top = first[0]!;
    const offPersent = top.offPersent === 35 ? 36 : 35;
    dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductOff?id=${top.id}&offPersent=${offPersent}`));
    expect((await best('ناپیدا سه'))[0]).toMatchObject({ id: top.id, offPersent });
    dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductOff?id=${top.id}&offPersent=${top.offPersent}`));
    // Their row's markup is rendered once and written into every such page (lib/parts.tsx): what is kept is what the
    // page carries, framed or rendered whole.
    for (const frames of [true, false]) {
      await t.app.services.cache.invalidate();
      await t.app.services.cache.getOrLoad('web best-sellers-html 8', async () => '<p data-kept="row">کنار گذاشته</p>');
      options.frames = frames;
      try {
        expect((await get(`/search?search=${encodeURIComponent('ناپیدا پنج')}`)).body).toContain('<div class="contents"><p data-kept="row">کنار گذاشته</p></div>');
      } finally {
        options.frames = true;
      }
    }
    await t.app.services.cache.invalidate();
    const page = (await get(`/search?search=${encodeURIComponent('ناپیدا شش')}`)).body;
    const kept = await t.app.services.cache.getOrLoad('web best-sellers-html 8', async () => '');
    expect(kept).toContain('پرفروش‌ترین محصولات');
    expect(page).toContain(`<div class="contents">${kept}</div>`);
  });

  it('ask nothing more of words searched alone that find nothing: no facets, no ceiling', async () => {
    // The API calls the page's loaders make (web.ts's serverApi: a read in process, or the app's inject), by path.
    const asked: string[] = [];
    const original = t.app.inject.bind(t.app);
    const inject = vi.spyOn(t.app, 'inject').mockImplementation(((opts: { url?: string }) => {
      if (opts.url?.startsWith('/api/')) asked.push(opts.url.split('?')[0]!);
      return original(opts as never);
    }) as never);
    const reads = inProcessReadsOf(t.app);
    const kept = new Map(reads);
    for (const [path, entry] of kept) reads.set(path, { ...entry, read: (query, caller) => { asked.push(path); return entry.read(query, caller); } });
    try {
      await t.app.services.cache.invalidate();
      const listingOf = async (url: string) => {
        asked.length = 0;
        const data = await loaderDataOf((await get(url)).body);
        return Object.values(data).find((d) => typeof d === 'object' && d !== null && 'priceCeiling' in d) as { brands: unknown[]; categories: unknown[]; priceCeiling: number; products: { totalCount: number } };
      };
      const nothing = await listingOf(`/search?search=${encodeURIComponent('ناپیدا چهار')}`);
      expect(nothing).toMatchObject({ brands: [], categories: [], priceCeiling: 0, products: { totalCount: 0 } });
      expect(asked).not.toContain('/api/Product/Facets');
      expect(asked.filter((a) => a === '/api/Product/All')).toHaveLength(1);
      // What the API answers for those words: the same.
      expect(dataOf(await t.app.inject({ url: `/api/Product/Facets?title=${encodeURIComponent('ناپیدا چهار')}&withCategories=true` }))).toMatchObject({ totalCount: 0, brands: [], categories: [] });
      // Words found, or nothing found under a filter (its brands are counted without it): asked as before.
      const found = await listingOf(`/search?search=${encodeURIComponent('آبرسان')}`);
      expect(found.products.totalCount).toBeGreaterThan(0);
      expect(found.brands.length).toBeGreaterThan(0);
      expect(asked).toContain('/api/Product/Facets');
      const empty = await createBrand(t, 'برند بی‌کالا');
      const filtered = await listingOf(`/search?search=${encodeURIComponent('آبرسان')}&brands=${empty.id}`);
      expect(filtered.products.totalCount).toBe(0);
      expect(asked).toContain('/api/Product/Facets');
      expect(filtered.brands).toEqual(expect.arrayContaining([expect.objectContaining({ id: brandId }), expect.objectContaining({ id: empty.id, count: 0 })]));
      expect(filtered.priceCeiling).toBeGreaterThan(0);
    } finally {
      for (const [path, entry] of kept) reads.set(path, entry);
      inject.mockRestore();
    }
  });

  it('reuse their frame until a write: one render of the document for many pages', async () => {
    await t.app.services.cache.invalidate();
    frames.clear();
    for (let i = 0; i < 5; i++) expect((await get(`/search?search=${encodeURIComponent(`کرم ${i}`)}`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(`/product-list?page=${i + 1}`)).statusCode).toBe(200);
    expect(frames.size).toBe(2); // one per route
    await t.app.services.cache.invalidate();
    expect((await get('/search?search=x')).statusCode).toBe(200);
    expect(frames.size).toBe(3);
  });

  it('are the same put together on the serving thread (a machine of one core, RENDER_THREAD=false, the thread down)', async () => {
    const urls = [`/product-list?categoryId=${parentId}&sort=cheapest&page=2`, '/product-list?minPrice=900000000', '/search?search=کرم',
      '/search?search=zzzqqq', `/search?search=${encodeURIComponent('"><script>alert(1)</script>&\'')}`];
    const before = { framed, threaded };
    options.thread = false;
    try {
      expect(await expectAsRendered(urls, [GUEST, SHOPPER, { cookie: stylesheetCookie }])).toBe(urls.length * 3);
    } finally {
      options.thread = true;
    }
    expect(framed - before.framed).toBe(urls.length * 3);
    expect(threaded).toBe(before.threaded);
  });
});

describe.runIf(DB_KIND === 'postgres')('frames on two copies of the server on one PostgreSQL', () => {
  it('a write answered by one copy is on the other copy\'s very next framed page', async () => {
    const { copies, close } = await twoCopies({ PUBLIC_URL: ORIGIN, RATE_LIMIT: false });
    try {
      for (const copy of copies) expect(await mountWeb(copy)).toBe(true);
      const token = await login(copies[0], ADMIN.username, ADMIN.password);
      const listing = async () => (await copies[1].inject({ url: '/product-list?sort=dearest', headers: { accept: 'text/html' } })).body;
      expect(await listing()).toContain('سرخاب'); // copy 1's frame, kept
      const settings = await copies[0].inject({ method: 'PUT', url: '/api/Settings', payload: { storeName: 'فروشگاه دو نسخه' }, headers: bearer(token) });
      expect(settings.statusCode).toBe(200);
      const page = await listing();
      expect(page).toContain('فروشگاه دو نسخه'); // the frame (header, footer) rendered again
      expect(/streamController\.enqueue\((.*?)\);<\/script>/s.exec(page)![1]).toContain('فروشگاه دو نسخه');
    } finally {
      await close();
    }
  });
});

describe('turbo-stream, as React Router writes and reads it', () => {
  it('decodes to the value, references and codes included', async () => {
    const shared = { id: 7, title: 'مشترک' };
    const value = {
      loaderData: { a: { list: [shared, shared, 'x', 'x', 1, 1, true, false], nested: { deep: [[], {}, [null, undefined]] } } },
      numbers: [-0, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -7, 1e21],
      text: ['', '\u2028', '</script>', '"\\', 'سرخاب', '\u0000'],
      absent: undefined, none: null,
      // eslint-disable-next-line no-sparse-arrays
      sparse: [1, , 3],
    };
    const line = encodeTurboStream(value);
    const decoded = await UNSAFE_decodeViaTurboStream(new Response(`${line}\n`).body!, globalThis);
    await decoded.done;
    expect(decoded.value).toEqual(value);
    expect(Object.is((decoded.value as typeof value).numbers[0], -0)).toBe(true);
    const list = (decoded.value as typeof value).loaderData.a.list;
    expect(list[0]).toBe(list[1]); // one object, referred to twice
    // Each string, number and boolean written as JSON writes it (most strings are only quoted: checked on hostile ones).
    let seed = 5;
    const pick = (chars: string[]) => chars[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % chars.length]!;
    const chars = ['a', 'س', ' ', '"', '\\', '\u0000', '\t', '\n', '\u001f', '\u007f', '\u2028', '\u2029', '\uD800', '\uDC00', '😀', '<', '&', '/', '\uFFFF'];
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: i % 9 }, () => pick(chars)).join('');
      expect(encodeTurboStream([text])).toBe(`[[1],${JSON.stringify(text)}]`);
    }
    for (const n of [0, 1, -7, 1.5, 1e21, 5e-324, Number.MAX_VALUE, -1e-7]) expect(encodeTurboStream([n])).toBe(`[[1],${JSON.stringify(n)}]`);
    expect(encodeTurboStream([true, false])).toBe('[[1,2],true,false]');
    expect(() => encodeTurboStream({ when: new Date() })).toThrow();
    expect(() => encodeTurboStream({ map: new Map() })).toThrow();
  });
});

describe('a frame cut at its holes', () => {
  const marks = { main: '\u0001', meta: '\u0002', search: '\u0003', preloads: '\u0004' };
  const frame = (main = '\u0001', search = '') =>
    `<html><head><link rel="preload" as="image" href="\u0004" fetchPriority="high"/><title>\u0002</title><link nonce="N0N" rel="preload"/></head>`
    + `<body><header>${'سرخاب '.repeat(1000)}</header><input value="${search}"/><div id="main">${main}</div><script nonce="N0N">c.streamController.enqueue("[1]\\n");</script></body></html>`;

  it('is filled with a page\'s parts: its data escaped as React Router writes it, its query as React writes an attribute', async () => {
    const pieces = cutFrame(frame(undefined, '\u0003'), 'N0N', marks, true)!;
    const compressed = compressFrame(pieces);
    expect(compressed.size).toBe(1); // the header, before the route's markup
    const filled = fillFrame({ pieces, status: 200, headers: [], state: { loaderData: {}, actionData: null, errors: null }, compressed }, {
      nonce: 'n1', search: '"<q>&\'', preloads: '<link rel="preload" as="image" imageSrcSet="a.webp 1w"/>', meta: '<title>T</title>',
      main: '<main>سرخاب \uD800 😀</main>', data: '["</script>\u2028"]',
    });
    const page = filled.html().toString();
    expect(filled.size).toBe(filled.html().length);
    // Its gzip, put together around the piece compressed once, is the page.
    expect(zlib.gunzipSync(await filled.gzip()).equals(filled.html())).toBe(true);
    expect(page).toBe('<html><head><link rel="preload" as="image" imageSrcSet="a.webp 1w"/><title>T</title><link nonce="n1" rel="preload"/></head>'
      + `<body><header>${'سرخاب '.repeat(1000)}</header><input value="&quot;&lt;q&gt;&amp;&#x27;"/><div id="main"><main>سرخاب \uFFFD 😀</main></div>`
      + '<script nonce="n1">c.streamController.enqueue("[\\"\\u003c/script\\u003e\\u2028\\"]\\n");</script></body></html>');
  });

  it('is no frame when a hole is missing, found twice, or not wanted', () => {
    expect(cutFrame(frame(), 'N0N', marks, false)).toBeDefined();
    expect(cutFrame(frame('\u0001\u0001'), 'N0N', marks, false)).toBeUndefined(); // the route's mark twice
    expect(cutFrame(frame(''), 'N0N', marks, false)).toBeUndefined(); // no route's mark
    expect(cutFrame(frame(undefined, '\u0003'), 'N0N', marks, false)).toBeUndefined(); // a query mark in a frame without one
    expect(cutFrame(frame(), 'N0N', marks, true)).toBeUndefined(); // no query mark where one is wanted
    expect(cutFrame(frame().replace('<title>\u0002</title>', ''), 'N0N', marks, false)).toBeUndefined();
    expect(cutFrame(frame().replace('enqueue(', 'push('), 'N0N', marks, false)).toBeUndefined();
  });
});
