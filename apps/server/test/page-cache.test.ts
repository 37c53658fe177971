import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products, users } from '../src/db/schema/index.js';
import { createSession, CUSTOMER_COOKIE } from '../src/lib/auth.js';
import { FREE_SHIPPING_THRESHOLD, SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import { mountWeb, pageRoutes } from '../src/web.js';
import { WEB_DIR } from '../src/paths.js';
import { asAdmin, dataOf } from './api.js';
import { createProduct } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The HTML page cache (docs/decisions/010-html-page-cache.md): a page is kept for everyone only when every route
 * it matches declares `handle = { sharedPage: true }`; everything else is rendered per request. On the web build
 * (the global setup builds it when missing).
 */
let t: TestApp;
let productId: number;
let build: ServerBuild;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await mountWeb(t.app)).toBe(true);
  build = (await import(pathToFileURL(path.join(WEB_DIR, 'build/server/index.js')).href)) as ServerBuild;
  productId = (await createProduct(t, { Title: 'کرم آبرسان اولیه', Price: 120000 })).id;
}, 240_000);
afterAll(async () => { await t?.close(); });

/** A shopper with a session cookie and a first name to look for in the page. */
async function shopper(firstname: string) {
  const [user] = await t.db.insert(users).values({ mobile: `98912${Math.floor(1e6 + Math.random() * 8e6)}`, firstname }).returning({ id: users.id });
  const { token } = await createSession(t.db, user!.id, 'customer', 1);
  return { cookie: `${CUSTOMER_COOKIE}=${token}` };
}

/**
 * Counts the in-process API calls whose URL `api` accepts, and (`shared`) the values kept for every visitor that the
 * loaders ask for (the shop layout's loader asks for its own on every render, kept or not).
 */
function countCalls({ api, shared = false }: { api: (url: string) => boolean; shared?: boolean }) {
  const inject = t.app.inject.bind(t.app);
  const getOrLoad = t.app.services.cache.getOrLoad.bind(t.app.services.cache);
  let calls = 0;
  const spies = [
    vi.spyOn(t.app, 'inject').mockImplementation(((opts: { url?: string }) => {
      if (typeof opts?.url === 'string' && api(opts.url)) calls++;
      return inject(opts as never);
    }) as never),
    vi.spyOn(t.app.services.cache, 'getOrLoad').mockImplementation(((key: string, load: () => Promise<unknown>) => {
      if (shared && key.startsWith('web ')) calls++;
      return getOrLoad(key, load);
    }) as never),
  ];
  return { get calls() { return calls; }, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

/** Counts what renders ask for: API calls and shared values, so a page rendered again always counts. */
const countLoads = () => countCalls({ api: (url) => url.startsWith('/api/'), shared: true });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The path React Router renders for a raw request path (dot segments resolved), as web.ts hands it to the check. */
const pathOf = (raw: string) => new URL(`http://localhost${raw}`).pathname;

/** Whether a path's page is kept for everyone, by pageRoutes (remembering at most `remember` shapes). */
const sharedPages = (remember?: number) => {
  const routeOf = pageRoutes(build, remember);
  return (pathname: string) => routeOf(pathname).shared;
};

describe('which pages are shared', () => {
  it('exactly the routes that declare it, root and shop layout included', () => {
    const declared = Object.values(build.routes)
      .filter((r) => (r?.module.handle as { sharedPage?: boolean } | undefined)?.sharedPage === true)
      .map((r) => r!.id).sort();
    expect(declared).toEqual([
      'root', 'routes/store/contact', 'routes/store/faq', 'routes/store/home', 'routes/store/last-products', 'routes/store/layout',
      'routes/store/menu', 'routes/store/product', 'routes/store/product-list', 'routes/store/robots', 'routes/store/sitemap', 'routes/store/sitemap-part',
      'routes/store/suggest-products',
    ]);
  });

  it('keeps the catalogue pages and their .data twins; every account, admin or unknown page is rendered per request', () => {
    const isShared = sharedPages();
    const shared = ['/', '/_root.data', '/product-list', '/product-list/', '/product-list.data', '/product/12', '/product/12.data',
      '/last-products', '/suggest-products', '/contact', '/contact.data', '/faq', '/sitemap.xml', '/sitemap/products-2.xml', '/robots.txt',
      '/menu/AbCdEfGhIjKlMnOp.json'];
    const perRequest = ['/cart', '/cart.data', '/login', '/key', '/shiping', '/track', '/payment/result', '/payment/result.data',
      '/profile', '/profile/dashboard', '/profile/order/5', '/profile/anything', '/profile.data', '/search', '/shipping',
      '/admin', '/admin/orders', '/admin/settings.data', '/no-such-page', '/product/12/more', '/product-listing', '/contactus'];
    for (const p of shared) expect(isShared(pathOf(p)), p).toBe(true);
    for (const p of perRequest) expect(isShared(pathOf(p)), p).toBe(false);
  });

  it('a personalised page behind a prefix the old URL pattern matched is not shared', () => {
    const isShared = sharedPages();
    // The old check (a regex on the raw URL) said yes to all of these; React Router renders the page after the dots.
    const SHARED_PAGE_BEFORE = /^\/(?:\?|$|_root\.data|product-list|product\/|last-products|suggest-products|contact|sitemap\.xml|robots\.txt)/;
    for (const raw of ['/product/1/../../cart', '/contact/../profile/dashboard', '/product-list/%2e%2e/login', '/_root.data/../admin',
      '/last-products/../payment/result?result=paid', '/product/..%2F..%2Fcart/../../profile', '/contact/..', '/product-list/../PROFILE']) {
      expect(SHARED_PAGE_BEFORE.test(raw), raw).toBe(true);
      const page = pathOf(raw.split('?')[0]!);
      expect(isShared(page), `${raw} → ${page}`).toBe(page === '/');
    }
  });

  it('answers a path by its shape: any id, any spelling React Router reads as the same segments', () => {
    const isShared = sharedPages(2);
    // Percent-encoded and upper-case spellings of a route's own segments are that segment (React Router decodes and
    // ignores case); an id of any kind is a parameter's value; a segment that does not decode stays as written.
    for (const p of ['/product/1', '/product/99999', '/%70roduct/12', '/PRODUCT/12', '/product/%E2%82%AC', '/product/%ZZ', '/product/cart',
      '/Product-List', '/sitemap/products-9.xml', '/menu/x.json']) expect(isShared(p), p).toBe(true);
    for (const p of ['/%63art', '/CART', '/product/12/more', '/product/%ZZ/x', '/admin/%6Frders', '/profile/order/77', '/cart/12', '/12',
      '/%2e%2e', '/product%2F12']) expect(isShared(p), p).toBe(false);
  });

  it('remembers a bounded number of answers and still answers right after forgetting', () => {
    const isShared = sharedPages(3);
    for (let round = 0; round < 3; round++) {
      for (const p of ['/cart', '/product/1', '/product/2', '/admin', '/']) {
        expect(isShared(p), p).toBe(p.startsWith('/product/') || p === '/');
      }
    }
  });
});

/** A load context as web.ts gives a render: the in-process API with the request's cookies, a fixed nonce. */
const loadContext = ({ cookie, parts }: { cookie?: string; parts?: Map<string, string> }) => ({
  origin: 'http://localhost', nonce: 'fixed-nonce', parts,
  transport: async (method: string, apiPath: string) => {
    const res = await t.app.inject({ method: method as 'GET', url: `/api/${apiPath.replace(/^\/+/, '')}`, headers: cookie ? { cookie } : {} });
    return { status: res.statusCode, json: res.json(), setCookies: [] };
  },
}) as never;

describe('the part of the build a page is rendered with', () => {
  it("the page's routes and those its parent paths match (lazy route discovery's partial manifest)", () => {
    const routeOf = pageRoutes(build);
    const shop = ['root', 'routes/store/home', 'routes/store/layout'];
    const routes: Record<string, string[] | null> = {
      '/': shop,
      '/product/12': [...shop, 'routes/store/not-found', 'routes/store/product'],
      '/product/12.data': [...shop, 'routes/store/not-found', 'routes/store/product'],
      '/product-list': [...shop, 'routes/store/product-list'],
      '/search': [...shop, 'routes/store/search'],
      '/no-such-page': [...shop, 'routes/store/not-found'],
      '/profile/order/5': [...shop, 'routes/account/profile/layout', 'routes/account/profile/order-detail', 'routes/account/profile/orders',
        'routes/account/profile/index'].sort(),
      '/admin/orders/7': [...shop, 'routes/admin/layout', 'routes/admin/order-detail', 'routes/admin/orders', 'routes/admin/dashboard'].sort(),
      '/payment/result': [...shop, 'routes/account/payment-result', 'routes/store/not-found'].sort(),
    };
    for (const [p, ids] of Object.entries(routes)) expect(routeOf(p).routes, p).toEqual(ids);
  });

  it('renders a page byte for byte as the whole build does', async () => {
    const { createRequestHandler } = await import('react-router');
    const { partOfBuild } = await import('../src/web.js');
    const whole = createRequestHandler(build, 'production');
    const routeOf = pageRoutes(build);
    const { cookie } = await shopper('ساره');
    for (const p of ['/', `/product/${productId}`, '/product/99999999', '/product-list?sort=cheapest', `/product-list?search=${encodeURIComponent('کرم')}`,
      `/search?search=${encodeURIComponent('کرم آبرسان')}`, '/no-such-page', '/cart', '/profile/dashboard', '/profile/order/999',
      `/product/${productId}.data`, '/admin/orders', '/payment/result?result=paid']) {
      const ids = routeOf(pathOf(p.split('?')[0]!)).routes;
      expect(ids, p).not.toBeNull();
      const part = createRequestHandler(partOfBuild(build, ids!), 'production');
      const [a, b] = await Promise.all([whole, part].map(async (handle) => {
        const res = await handle(new Request(`http://localhost${p}`, { headers: { cookie } }), loadContext({ cookie }));
        return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
      }));
      expect(a!.body.length, p).toBeGreaterThan(100);
      expect(b, p).toEqual(a);
    }
    // The cut-down build holds the routes named and their ancestors, in its routes and in its manifest.
    const part = partOfBuild(build, ['routes/account/profile/order-detail']);
    expect(Object.keys(part.routes).sort()).toEqual(['root', 'routes/account/profile/layout', 'routes/account/profile/order-detail', 'routes/store/layout']);
    expect(Object.keys(part.assets.routes).sort()).toEqual(Object.keys(part.routes).sort());
    expect(part.assets.version).toBe(build.assets.version);
  });

  it('writes the footer kept from one render as the page would render it itself', async () => {
    const { createRequestHandler } = await import('react-router');
    const handle = createRequestHandler(build, 'production');
    const render = async (p: string, parts?: Map<string, string>) => (await handle(new Request(`http://localhost${p}`), loadContext({ parts }))).text();
    for (const p of ['/', `/product/${productId}`, '/product-list', '/no-such-page', '/cart']) {
      const parts = new Map<string, string>();
      const [own, reused] = [await render(p), await render(p, parts)];
      expect(parts.get('footer'), p).toMatch(/^<footer [^>]*>[\s\S]*«?سرخاب[\s\S]*<\/footer>$/);
      expect(reused, p).toBe(own);
      expect(reused, p).toContain(`<div class="contents">${parts.get('footer')}</div>`);
      // No eNamad seal set (the test shop's settings): no trust-seal column, not an empty «place for the seal» box.
      expect(parts.get('footer'), p).not.toContain('نمادهای اعتماد');
      expect(parts.get('footer'), p).not.toContain('جایگاه نماد');
    }
    // The promises beside a product's price, kept the same way.
    const parts = new Map<string, string>();
    const [own, reused] = [await render(`/product/${productId}`), await render(`/product/${productId}`, parts)];
    expect(parts.get('promises')).toMatch(/^<ul [^>]*>[\s\S]*ضمانت اصالت کالا[\s\S]*<\/ul>$/);
    expect(reused).toBe(own);
    expect(reused).toContain(`<div class="contents">${parts.get('promises')}</div>`);
  });

  it('writes the header kept from one render where it is plain, as the page would render it itself', async () => {
    const { createRequestHandler } = await import('react-router');
    const handle = createRequestHandler(build, 'production');
    const render = async (p: string, parts?: Map<string, string>, cookie?: string) =>
      (await handle(new Request(`http://localhost${p}`, { headers: cookie ? { cookie } : {} }), loadContext({ parts }))).text();
    const kept = new Map<string, string>();
    for (const cookie of [undefined, `${SHOPPER_HINT_COOKIE}=1`]) {
      // Plain: none of the header's links is current and the search box is empty.
      for (const p of [`/product/${productId}`, '/product-list?sort=cheapest', '/no-such-page', '/cart', '/LAST-productsX', '/contacts']) {
        const parts = new Map<string, string>();
        const [own, reused] = [await render(p, undefined, cookie), await render(p, parts, cookie)];
        const header = parts.get('header');
        expect(header, p).toMatch(/^<header [^>]*>[\s\S]*<\/header>$/);
        expect(header, p).toContain('id="search-suggestions"');
        expect(reused, p).toBe(own);
        expect(reused, p).toContain(`<div class="contents">${header}</div>`);
        kept.set(String(cookie), header!);
      }
      // Not plain: a link of the header is current (whatever the case or a trailing slash), or the box holds words.
      for (const p of ['/', '/last-products', '/LAST-products/', '/suggest-products?page=2', '/contact', `/search?search=${encodeURIComponent('کرم')}`,
        `/product-list?search=${encodeURIComponent('کرم')}`]) {
        const parts = new Map<string, string>();
        const [own, reused] = [await render(p, undefined, cookie), await render(p, parts, cookie)];
        expect(parts.has('header'), p).toBe(false);
        expect(parts.has('footer'), p).toBe(true);
        expect(reused, p).toBe(own);
      }
    }
    // A signed-in visitor's header says «حساب من» from the first paint; a guest's offers to log in.
    expect(kept.get('undefined')).toContain('ورود | ثبت‌نام');
    expect(kept.get(`${SHOPPER_HINT_COOKIE}=1`)).toContain('حساب من');
  });

  it('lazy route discovery still hears of every route: the manifest is answered by the whole build', async () => {
    const res = await get(`/__manifest?paths=${encodeURIComponent('/admin/orders,/profile/dashboard,/product/1')}&version=${build.assets.version}`);
    expect(res.statusCode).toBe(200);
    const ids = Object.keys(res.json() as Record<string, unknown>);
    expect(ids).toEqual(expect.arrayContaining(['routes/admin/orders', 'routes/account/profile/dashboard', 'routes/store/product']));
  });
});

describe('the page cache', () => {
  it('answers a shared page from the cache (no loader runs) until the cache generation moves', async () => {
    const url = `/product/${productId}`;
    await get(url); // asked for once: rendered and remembered; kept from its second request on
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('کرم آبرسان اولیه');
    // Change the product behind the cache's back: the page does not change, and no loader asks the API.
    await t.db.update(products).set({ title: 'کرم آبرسان تازه', price: 99000 }).where(eq(products.id, productId));
    const api = countLoads();
    try {
      for (const headers of [{}, await shopper('سارا')] as Record<string, string>[]) {
        const again = await get(url, headers);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
        expect(again.headers['set-cookie']).toBeUndefined();
      }
      expect(api.calls).toBe(0);
      // A write's invalidation (the cache generation) drops the page with the JSON it was built from.
      await t.app.services.cache.invalidate();
      const fresh = await get(url);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toContain('کرم آبرسان تازه');
      expect(fresh.body).not.toContain('کرم آبرسان اولیه');
      expect(api.calls).toBeGreaterThan(0);
    } finally {
      api.restore();
    }
  });

  it("reads the shop layout's menu and settings once for every visitor, until a write: the next page shows it", async () => {
    await t.app.services.cache.invalidate();
    const count = countCalls({ api: (url) => url === '/api/Category/GetCategories' || url === '/api/Settings' });
    try {
      // Pages rendered for each request (the cart, a guest's and a shopper's) and a catalogue page: one read of each.
      for (const [url, headers] of [['/cart', {}], ['/cart', await shopper('مینا')], [`/product/${productId}?layout=1`, {}]] as const) {
        expect((await get(url, headers)).statusCode).toBe(200);
      }
      expect(count.calls).toBe(2);
    } finally {
      count.restore();
    }
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', { storeName: 'فروشگاه تازه' }));
    const after = await get('/cart');
    expect(after.body).toContain('فروشگاه تازه');
  });

  it("promises free shipping from the shop's own threshold, on the product page and in the footer", async () => {
    const promise = (body: string, text: string) => body.split(text).length - 1;
    try {
      dataOf(await asAdmin(t, 'PUT', '/api/Settings', { freeShippingThreshold: 750_000 }));
      const page = (await get(`/product/${productId}?promise=750`)).body;
      expect(promise(page, 'برای خریدهای بالای ۷۵۰٬۰۰۰ تومان')).toBe(2);
      expect(page).not.toContain('برای خریدهای بالای ۲٬۰۰۰٬۰۰۰ تومان');
      // 0: the cart ships every order free, and the promise says so.
      dataOf(await asAdmin(t, 'PUT', '/api/Settings', { freeShippingThreshold: 0 }));
      const free = (await get(`/product/${productId}?promise=0`)).body;
      expect(promise(free, 'برای همه سفارش‌ها')).toBe(2);
      expect(free).not.toMatch(/برای خریدهای بالای [۰-۹٬]+ تومان/); // (the FAQ's own words are the owner's)
    } finally {
      dataOf(await asAdmin(t, 'PUT', '/api/Settings', { freeShippingThreshold: FREE_SHIPPING_THRESHOLD }));
    }
  });

  it('keeps a page from its second request on: a crawl of pages asked for once keeps nothing', async () => {
    await t.app.services.cache.invalidate();
    const url = `/product/${productId}?from=once`;
    const api = countLoads();
    try {
      expect((await get(url)).statusCode).toBe(200);
      const firstCalls = api.calls;
      expect(firstCalls).toBeGreaterThan(0);
      await get(url); // the second: rendered again (the layout's shared values now kept), and kept
      const secondCalls = api.calls;
      expect(secondCalls).toBeGreaterThan(firstCalls);
      await get(url); // the third: from the cache
      expect(api.calls).toBe(secondCalls);
    } finally {
      api.restore();
    }
  });

  it('keeps at most 12 MB of pages: a crawl of distinct URLs pushes the oldest out, the newest stay', async () => {
    await t.app.services.cache.invalidate();
    const url = (n: number) => `/product/${productId}?from=crawl-${n}`; // distinct URLs, each a kept copy
    await get(url(0));
    const size = (await get(url(0))).body.length; // a first visit's page, the stylesheet inline; kept
    expect(size).toBeGreaterThan(30_000);
    const fits = Math.floor((12 * 1024 * 1024) / Math.round(size * 1.5));
    expect(fits).toBeLessThan(300); // the bytes bind before the count of pages does
    for (let n = 1; n < fits + 20; n++) {
      expect((await get(url(n))).statusCode).toBe(200);
      expect((await get(url(n))).statusCode).toBe(200); // kept from the second request on
    }
    const api = countLoads();
    try {
      await get(url(fits + 10));
      expect(api.calls).toBe(0); // among the newest: still kept
      await get(url(0));
      expect(api.calls).toBeGreaterThan(0); // the oldest: rendered again
    } finally {
      api.restore();
    }
  });

  it('a logged-in shopper\'s browser gets «حساب من» in the header from the server, a guest «ورود»: two kept copies, no name in either', async () => {
    await t.app.services.cache.invalidate();
    const url = '/contact';
    const hint = async (name: string) => ({ cookie: `${(await shopper(name)).cookie}; ${SHOPPER_HINT_COOKIE}=1` });
    await get(url); // each copy is kept from its second request on
    const guest = await get(url);
    await get(url, await hint('سارا'));
    const sara = await get(url, await hint('سارا'));
    expect(guest.body).toContain('ورود | ثبت‌نام');
    expect(guest.body).not.toContain('data-testid="account-hint"');
    expect(sara.body).toMatch(/data-testid="account-hint"[^>]*>حساب من</);
    expect(sara.body).not.toContain('ورود | ثبت‌نام');
    expect(sara.body).not.toContain('سارا'); // the name comes after hydration, from the API
    const api = countLoads();
    try {
      // Another logged-in shopper and another guest: the kept copies, no loader.
      expect((await get(url, await hint('مینا'))).body).toBe(sara.body);
      expect((await get(url)).body).toBe(guest.body);
      expect(api.calls).toBe(0);
    } finally {
      api.restore();
    }
  });

  it('renders /cart, /login, /payment/result and the profile for each request, each shopper seeing their own', async () => {
    const a = await shopper('آرمان');
    const b = await shopper('بهاره');
    for (const url of ['/cart', '/login', '/payment/result?result=paid&number=12345678', '/profile/dashboard', '/track', '/cart.data']) {
      for (const headers of [{}, a, b, a]) {
        const api = countLoads();
        try {
          const res = await get(url, headers);
          expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBeLessThan(500);
          expect(api.calls, `${url} rendered afresh`).toBeGreaterThan(0);
        } finally {
          api.restore();
        }
      }
    }
    const mine = (await get('/profile/dashboard', a)).body;
    const theirs = (await get('/profile/dashboard', b)).body;
    expect(mine).toContain('آرمان');
    expect(mine).not.toContain('بهاره');
    expect(theirs).toContain('بهاره');
    expect(theirs).not.toContain('آرمان');
    expect((await get('/profile/dashboard')).statusCode).toBe(302);
  });

  it('a profile fetched as /product/…/../../profile/… (raw, over HTTP) is never kept for the next visitor', async () => {
    const a = await shopper('آناهیتا');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // Raw paths, as a browser or proxy may send them: inject would resolve the dots before the server saw them.
    const raw = (rawPath: string, headers: Record<string, string> = {}) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => { body += c; }).on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject).end();
    });
    for (const rawPath of [`/product/${productId}/../../profile/dashboard`, '/contact/../profile/dashboard', '/product-list/%2e%2e/profile/dashboard']) {
      const victim = await raw(rawPath, a);
      expect(victim.status, rawPath).toBe(200);
      expect(victim.body, rawPath).toContain('آناهیتا');
      const next = await raw(rawPath);
      expect(next.body, rawPath).not.toContain('آناهیتا');
      expect(next.status, rawPath).toBe(302);
    }
  });
});
