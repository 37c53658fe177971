import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import { categories, products } from '../src/db/schema/index.js';
import { compressionsSettled, mountWeb, pagesAheadOf } from '../src/web.js';
import type { PagesAhead } from '../src/pages-ahead.js';
import { asAdmin, dataOf } from './api.js';
import { createCategory, createProduct } from './factories.js';
import { buildTestApp, DB_KIND, stylesheetCookieOf, type TestApp } from './helpers.js';

/**
 * Product pages built ahead for guests (src/pages-ahead.ts, decision 017): what a guest is sent from the built pages is
 * byte for byte what a render sends, with the same headers; a product, category or settings write is on the very next
 * page; signed-in shoppers, other addresses and other origins are rendered as before.
 */
const ORIGIN = 'http://shop.example';
let t: TestApp;
let ahead: PagesAhead;
let ids: number[];
let categoryId: number;
let stylesheetCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN });
  expect(await mountWeb(t.app)).toBe(true);
  ahead = pagesAheadOf(t.app)!;
  categoryId = (await createCategory(t, { title: 'مراقبت پوست' })).id;
  ids = [];
  for (const [i, title] of ['کرم آبرسان پیش‌ساخته', 'سرم ویتامین سی پیش‌ساخته', 'ضدآفتاب بی‌رنگ پیش‌ساخته'].entries()) {
    ids.push((await createProduct(t, { Title: title, Price: 100_000 * (i + 1), CategoryId: categoryId })).id);
  }
  stylesheetCookie = await stylesheetCookieOf(t.app, `/product/${ids[0]}`);
}, 240_000);
afterAll(async () => { await t?.close(); });

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'text/html', ...headers } });

/** Builds every page not built (one pass, no pauses); answers how many it built. */
const pass = async () => (await ahead.pass(() => false, async () => {})).built;

/** Counts the product JSON the in-process API is asked for (a render asks once; a built page not at all). */
function countRenders(app = t.app) {
  const inject = app.inject.bind(app);
  let calls = 0;
  const spy = vi.spyOn(app, 'inject').mockImplementation(((opts: { url?: string }) => {
    if (typeof opts?.url === 'string' && opts.url.startsWith('/api/Product/ById')) calls++;
    return inject(opts as never);
  }) as never);
  return { get calls() { return calls; }, restore: () => spy.mockRestore() };
}

/** What a visitor is sent, less the Date header: its bytes, and the page they decode to. */
const sent = (res: Awaited<ReturnType<typeof get>>) => {
  const encoding = res.headers['content-encoding'];
  return {
    status: res.statusCode, body: res.rawPayload, encoding,
    page: encoding === 'gzip' ? zlib.gunzipSync(res.rawPayload) : encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload,
    headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => k !== 'date')),
  };
};
/** Headers that differ when a built page is sent gzipped where a render is compressed for the request. */
const withoutEncoding = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-encoding' && k !== 'content-length'));

/**
 * Each page as a fresh render sends it, then as the built pages send it, with no render: the same page with the same
 * headers; gzipped (from the pieces compressed when it was built) whenever the browser takes gzip, even if it prefers
 * brotli; else the same bytes (brotli compressed for the request, or none).
 */
async function expectBuiltAsRendered(headers: Record<string, string>[]) {
  const cases = ids.flatMap((id) => headers.map((h) => ({ url: `/product/${id}`, h })));
  await t.app.services.cache.invalidate(); // no kept page (decision 010) answers either
  const rendered = [];
  const rendering = vi.spyOn(ahead, 'page').mockResolvedValue(undefined);
  try {
    for (const c of cases) {
      await t.app.services.cache.invalidate(); // one key, several encodings: each case starts afresh
      // Its second request: the page as it is kept for everyone (the first is made for that request alone, under a
      // nonce of its own).
      await get(c.url, c.h);
      rendered.push(sent(await get(c.url, c.h)));
    }
  } finally {
    rendering.mockRestore();
  }
  await t.app.services.cache.invalidate();
  const renders = countRenders();
  try {
    for (const [i, c] of cases.entries()) {
      await t.app.services.cache.invalidate();
      const built = sent(await get(c.url, c.h));
      const what = `${c.url} ${JSON.stringify(c.h)}`;
      expect(built.status).toBe(200);
      expect(built.page.equals(rendered[i]!.page), what).toBe(true);
      if (/gzip/.test(c.h['accept-encoding'] ?? '')) {
        expect(built.encoding, what).toBe('gzip');
        expect(withoutEncoding(built.headers)).toEqual(withoutEncoding(rendered[i]!.headers));
      } else {
        expect(built.body.equals(rendered[i]!.body), what).toBe(true);
        expect(built.headers).toEqual(rendered[i]!.headers);
      }
    }
    expect(renders.calls).toBe(0);
  } finally {
    renders.restore();
  }
}

describe('product pages built ahead', () => {
  it('are sent to guests as rendered, with and without the stylesheet cookie, in each encoding, HEAD too', async () => {
    expect(await pass()).toBe(3);
    expect(await pass()).toBe(0); // nothing left to build
    await expectBuiltAsRendered([
      {}, { cookie: stylesheetCookie }, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip', cookie: stylesheetCookie },
      { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip, deflate, br', cookie: stylesheetCookie },
    ]);
    // Asked for again, a built page is kept as any page is (decision 010), its built gzip as its first copy; asked for
    // once more, brotli's best copy is made in the background and answers once made: the same page.
    await t.app.services.cache.invalidate();
    const browser = { 'accept-encoding': 'br, gzip' };
    const first = sent(await get(`/product/${ids[2]}`, browser));
    const again = sent(await get(`/product/${ids[2]}`, browser));
    await compressionsSettled();
    const third = sent(await get(`/product/${ids[2]}`, browser));
    await compressionsSettled();
    const kept = sent(await get(`/product/${ids[2]}`, browser));
    expect([first.encoding, again.encoding, third.encoding, kept.encoding]).toEqual(['gzip', 'gzip', 'gzip', 'br']);
    expect([again, third, kept].every((s) => s.page.equals(first.page))).toBe(true);
    await t.app.services.cache.invalidate();
    const head = await get(`/product/${ids[1]}`, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toContain("'sha256-");
    expect(head.body).toBe('');
  });

  it('are not what a signed-in shopper, another address of the page or another origin gets: those are rendered', async () => {
    await pass();
    for (const [url, headers] of [
      [`/product/${ids[0]}`, { cookie: `${SHOPPER_HINT_COOKIE}=1` }],
      [`/product/${ids[0]}?utm_source=torob`, {}],
      [`/product/${ids[0]}/`, {}],
      [`/product/0${ids[0]}`, {}],
    ] as const) {
      await t.app.services.cache.invalidate();
      const renders = countRenders();
      try {
        expect((await get(url, headers)).statusCode, url).toBe(200);
        expect(renders.calls, url).toBe(1);
      } finally {
        renders.restore();
      }
    }
  });

  it("show a product's change on the very next page, and are built again after it", async () => {
    await pass();
    await t.db.update(products).set({ title: 'کرم آبرسان با نام تازه' }).where(eq(products.id, ids[0]!));
    await t.app.services.cache.invalidate(); // what every write does after it commits
    expect((await get(`/product/${ids[0]}`)).body).toContain('کرم آبرسان با نام تازه');
    expect(await pass()).toBe(1); // that page only
    await expectBuiltAsRendered([{}]);
    expect((await get(`/product/${ids[0]}`)).body).toContain('کرم آبرسان با نام تازه');
  });

  it('show a change of the product made while its page was being built (the page is not kept, or dropped)', async () => {
    await pass();
    await t.db.update(products).set({ title: 'سرم پیش از تغییر' }).where(eq(products.id, ids[1]!));
    await t.app.services.cache.invalidate();
    // The page's product changes between the render's read of it and the page being kept.
    const inject = t.app.inject.bind(t.app);
    const spy = vi.spyOn(t.app, 'inject').mockImplementation((async (opts: { url?: string }) => {
      const res = await inject(opts as never);
      if (opts?.url === `/api/Product/ById?id=${ids[1]}`) {
        await t.db.update(products).set({ title: 'سرم پس از تغییر' }).where(eq(products.id, ids[1]!));
        await t.app.services.cache.invalidate();
      }
      return res;
    }) as never);
    try {
      await pass();
    } finally {
      spy.mockRestore();
    }
    const body = (await get(`/product/${ids[1]}`)).body;
    expect(body).toContain('سرم پس از تغییر');
    expect(body).not.toContain('سرم پیش از تغییر');
  });

  it("show a change of the shop's settings or of a category on the very next page, all of them built again after it", async () => {
    await pass();
    try {
      dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'فروشگاه پیش‌ساخته' }));
      for (const id of ids) expect((await get(`/product/${id}`)).body).toContain('فروشگاه پیش‌ساخته');
      expect(await pass()).toBe(3);
      await expectBuiltAsRendered([{}]);
    } finally {
      dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'سرخاب' }));
    }
    await pass();
    await t.db.update(categories).set({ title: 'مراقبت از پوست' }).where(eq(categories.id, categoryId));
    await t.app.services.cache.invalidate();
    for (const id of ids) expect((await get(`/product/${id}`)).body).toContain('مراقبت از پوست');
    expect(await pass()).toBe(3);
    await expectBuiltAsRendered([{}]);
  });

  it.runIf(DB_KIND === 'postgres')('are each rendered as one request: its reads share one cache-generation query', async () => {
    /** The pages a pass builds, the generation queries it sends and the cached values it reads. */
    const countedPass = async () => {
      const execute = t.db.execute.bind(t.db);
      let reads = 0;
      t.db.execute = ((q: Parameters<typeof execute>[0]) => {
        if (JSON.stringify(q).includes('cache_generation')) reads++;
        return execute(q);
      }) as typeof t.db.execute;
      const loads = vi.spyOn(t.app.services.cache, 'getOrLoad');
      try {
        return { built: await pass(), reads, loads: loads.mock.calls.length };
      } finally {
        t.db.execute = execute;
        loads.mockRestore();
      }
    };
    await pass();
    // A write that leaves the pages as they are: the pass works out the pages' stamp again and builds nothing.
    await t.app.services.cache.invalidate();
    const none = await countedPass();
    expect(none.built).toBe(0);
    // A category renamed: the three pages are built again.
    await t.db.update(categories).set({ title: 'مراقبت روزانه پوست' }).where(eq(categories.id, categoryId));
    await t.app.services.cache.invalidate();
    const three = await countedPass();
    expect(three.built).toBe(3);
    // Each page's render reads many cached values (its loaders, their API calls) and waits for one query for them all;
    // the stamp checked after it and the pass's step keep a query each. Outside a request every read was a query.
    const loads = three.loads - none.loads;
    expect(loads).toBeGreaterThanOrEqual(3 * 8);
    expect(three.reads - none.reads).toBeLessThanOrEqual(loads / 2);
  });

  it('stop at the disk budget', async () => {
    const small = await buildTestApp({ PUBLIC_URL: ORIGIN, PAGES_AHEAD_MB: 0 });
    try {
      expect(await mountWeb(small.app)).toBe(true);
      await createProduct(small, { Title: 'کرم بی‌بودجه' });
      expect(await pagesAheadOf(small.app)!.pass(() => false, async () => {})).toEqual({ built: 0, ended: 'full' });
    } finally {
      await small.close();
    }
  });
});

describe('product pages built ahead, without PUBLIC_URL', () => {
  it('are built for the origin the first page was asked at, and sent only there', async () => {
    const other = await buildTestApp();
    try {
      expect(await mountWeb(other.app)).toBe(true);
      const id = (await createProduct(other, { Title: 'کرم میزبان' })).id;
      const builder = pagesAheadOf(other.app)!;
      expect(await builder.pass(() => false, async () => {})).toEqual({ built: 0, ended: 'waiting' }); // no origin yet
      const at = (host: string) => other.app.inject({ url: `/product/${id}`, headers: { host } });
      await at('a.example'); // its first answer is made for that request alone; the second is the page kept for everyone
      const first = (await at('a.example')).rawPayload;
      expect((await builder.pass(() => false, async () => {})).built).toBe(1);
      await other.app.services.cache.invalidate();
      const renders = countRenders(other.app);
      try {
        expect((await at('a.example')).rawPayload.equals(first)).toBe(true);
        expect(renders.calls).toBe(0);
        const elsewhere = (await at('b.example')).body;
        expect(renders.calls).toBe(1);
        expect(elsewhere).toContain('http://b.example/product/');
        expect(elsewhere).not.toContain('http://a.example/');
      } finally {
        renders.restore();
      }
    } finally {
      await other.close();
    }
  });
});
