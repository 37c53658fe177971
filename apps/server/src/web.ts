import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { hasShopperHint, SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import type { App } from './app.js';
import { declarePublic } from './lib/auth.js';
import { SeenKeys } from './lib/cache.js';
import { usePlainPageFonts } from './lib/plain-page.js';
import { WEB_DIR } from './paths.js';
import { accepts, compress, COMPRESS_FROM_BYTES, fixedPiece, gzipAround, gzipHere, preferredEncoding, sendEncoded, sendKept, type Encoding, type FixedPiece, type KeptBytes } from './lib/compression.js';
import { newNonce, nonceSource, nonceToHashes, withScriptSources } from './lib/csp.js';
import { failure } from './lib/envelope.js';
import { readInProcess } from './lib/in-process.js';
import { NO_FRAME, RenderThread, renderWorkerFile } from './render-thread.js';
import { PagesAhead, type AheadPage } from './pages-ahead.js';
import { compressFrame, cutFrame, fillFrame, frameEntryOf, framedBranches, pageState, type Frame, type FramedPage } from './frames.js';

export { compressionsSettled } from './lib/compression.js';

/**
 * A page kept in the page cache, with its compressed copies: the first made on the thread that serves (gzip at the
 * dynamic level), then, once the page is asked for again, the highest level's copies made in the background, which
 * answer from then on (lib/compression.ts, `sendKept`).
 */
type CachedPage = KeptBytes & { status: number; headers: [string, string][] };

/** Pages kept per cache generation, and their bytes (a body with its compressed copies counted as 1.5 bodies). */
const PAGES_KEPT = 300;
const PAGE_BYTES_KEPT = 12 * 1024 * 1024;
const pageCache = () => ({
  pages: new LRUCache<string, CachedPage>({
    max: PAGES_KEPT, maxSize: PAGE_BYTES_KEPT, sizeCalculation: (page) => Math.max(1, Math.round(page.body.length * 1.5)),
  }),
  /** Pages asked for once, remembered (by their key's hash only) so that the second request keeps them. */
  seen: new SeenKeys(),
});

/** The cookie the stylesheet's own answer sets: its visitor has the file in their cache. */
export const STYLESHEET_COOKIE = 'sorkhab_css';

/**
 * Where the web build's root route says its stylesheet file is (root.tsx), and the style element's text in the @import
 * form and in full (the server's bundle only).
 */
interface Stylesheet { href: string; fileName: string; text?: { linked: string; inline: string } }
function stylesheetOf(build: ServerBuild): Stylesheet | undefined {
  const declared = (build.routes.root?.module.handle as { stylesheet?: { href?: unknown; linked?: unknown; inline?: unknown } } | undefined)?.stylesheet;
  if (typeof declared?.href !== 'string') return undefined;
  const { linked, inline } = declared;
  return {
    href: declared.href, fileName: path.posix.basename(declared.href),
    ...(typeof linked === 'string' && typeof inline === 'string' ? { text: { linked, inline } } : {}),
  };
}

/** React Router handlers of a cut-down build (`partOfBuild`) kept, one per route set. */
const PART_HANDLERS_KEPT = 256;

/** Page frames kept per cache generation (frames.ts): every kind of visitor for a few origins. */
const FRAMES_KEPT = 64;

/**
 * A page's bytes for what the browser accepts: compressed by `compressed` (lib/compression.ts: brotli's window no larger
 * than the page, the encoder told the page's size), or as they are when small or not asked for. Pages rendered for one
 * request were left to @fastify/compress, whose encoder then took brotli's default 4 MB window: under the cold search
 * mix the server ran 7 full garbage collections a second instead of 2, and sent 80–100 pages a second instead of
 * 170–200 (docs/decisions/017-page-weight-and-compression.md).
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, body: Buffer, compressed: (encoding: Encoding) => Promise<Buffer>) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || body.length < COMPRESS_FROM_BYTES) return reply.send(body);
  return sendEncoded(reply, encoding, await compressed(encoding));
}

/**
 * A page kept gzipped (a product page built ahead) sent as it is to a browser that takes gzip, even one that prefers
 * brotli (≈ 10% more bytes than brotli's dynamic level, and no compression on the request's path); else its text, as
 * `sendPage` sends it.
 */
async function sendGzipped(request: FastifyRequest, reply: FastifyReply, gzipped: Buffer) {
  if (accepts(request.headers['accept-encoding'], 'gzip')) return sendEncoded(reply, 'gzip', gzipped);
  const body = zlib.gunzipSync(gzipped);
  return sendPage(request, reply, body, (encoding) => compress(body, encoding, 'dynamic'));
}

/**
 * A page made for this answer alone (the page cache does not keep it): one with the stylesheet inline (a first visit)
 * goes gzipped around the style element's piece, compressed once (`gzipAround`), to any browser that takes gzip, even
 * one preferring brotli (≈ 13% more bytes, a third of the work); else as `sendPage` sends it.
 */
async function sendMade(request: FastifyRequest, reply: FastifyReply, page: Buffer | FramedPage, inline: FixedPiece | undefined) {
  const takesGzip = accepts(request.headers['accept-encoding'], 'gzip');
  if (!Buffer.isBuffer(page)) {
    // A page put together from a frame has its gzip put together around the frame's pieces (frames.ts).
    if (page.size >= COMPRESS_FROM_BYTES && takesGzip) return sendEncoded(reply, 'gzip', await page.gzip());
  } else if (page.length >= COMPRESS_FROM_BYTES && takesGzip) {
    const gzip = inline && await gzipAround(page, inline);
    if (gzip) return sendEncoded(reply, 'gzip', gzip);
  }
  const body = Buffer.isBuffer(page) ? page : page.html();
  return sendPage(request, reply, body, (encoding) => compress(body, encoding, 'dynamic'));
}

/** Each app's product pages built ahead (serve.ts builds them at quiet moments). */
const builtAhead = new WeakMap<App, PagesAhead>();

/** The product pages built ahead by the web mounted on `app` (undefined: no web build). */
export const pagesAheadOf = (app: App): PagesAhead | undefined => builtAhead.get(app);

/**
 * A page's request, made when something asks for it, from its init made then too: a framed page's loader gets a
 * request of its own, of its URL alone (`loaderRequest`), and the page's — the visitor's headers copied, a signal that
 * follows their connection — is made only when React Router renders the page after all. A `Request` costs ≈ 20 µs (its
 * headers copied, its signal made to follow the one given): a cold search made two, ≈ 3% of its serving thread; the
 * headers and the signal made for it another ≈ 1%.
 */
interface PageRequest { url: string; method: string; request: () => Request }

function pageRequest(url: string, method: string, init: () => RequestInit): PageRequest {
  let made: Request | undefined;
  return { url, method, request: () => (made ??= new Request(url, init())) };
}

/** The product id of a product page's path as the server spells it (`/product/12`), else undefined. */
function productIdOf(pathname: string): number | undefined {
  const m = /^\/product\/([1-9][0-9]{0,8})$/.exec(pathname);
  return m ? Number(m[1]) : undefined;
}

/** A kept page's headers with the CSP naming its scripts. */
const withPolicy = (headers: [string, string][], policy: string, scripts: string[]): [string, string][] =>
  (policy ? [...headers, ['content-security-policy', withScriptSources(policy, scripts)]] : headers);

/** Who a page is rendered for, as the in-process API sees them. */
interface Caller { ip: string; cookie: string | undefined; host: string }

/**
 * The API client the web app's loaders use on the server: the in-process API, with the shopper's cookies. A public
 * catalogue read is answered by its route's handler in process (lib/in-process.ts); anything else through `inject`.
 */
function serverApi(app: App, caller: Caller) {
  return async (method: string, apiPath: string, body?: unknown) => {
    const url = `/api/${apiPath.replace(/^\/+/, '')}`;
    if (method === 'GET' && body === undefined) {
      const read = await readInProcess(app, url, { ip: caller.ip });
      if (read) return { status: read.status, json: JSON.parse(read.body.toString()) as unknown, setCookies: [] };
    }
    const isJson = body !== undefined && !(body instanceof Buffer);
    const res = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress: caller.ip,
      headers: {
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        host: caller.host,
      },
      payload: isJson ? JSON.stringify(body) : (body as Buffer | undefined),
    });
    let json: unknown;
    try { json = res.json(); } catch { json = undefined; }
    const setCookie = res.headers['set-cookie'];
    return { status: res.statusCode, json, setCookies: setCookie ? ([] as string[]).concat(setCookie) : [] };
  };
}

/** How a path's page is rendered: kept for everyone or not, and with which of the build's routes (`pageRoutes`). */
export interface PageRoute {
  /** The same page for every visitor: kept in the page cache (docs/decisions/010-html-page-cache.md). */
  shared: boolean;
  /** The ids of the routes that render the page the same as the whole build does (null: the whole build). */
  routes: string[] | null;
}

/**
 * What a path's page is, matched once per path *shape* (below) and kept in a bounded map, so the lookup on a
 * cached page stays one Map.get. Paths are matched the way React Router will match them (its own matchRoutes over
 * the build's routes, on the URL it parses, `.data` stripped).
 *
 * - `shared`: every matched route module, from the root down to the page, says the page is the same for every
 *   visitor with `export const handle = { sharedPage: true }`. A route that does not say it (cart, login, profile,
 *   checkout, payment result, admin, a new route) is rendered for each request.
 * - `routes`: the routes the page matches and those that the paths React Router's lazy route discovery matches for
 *   the page's head match (`/` and the parent paths: `/product` for `/product/12`). A build of these alone
 *   (`partOfBuild`) renders the page byte for byte as the whole build does, and React Router then builds, ranks and
 *   matches 5 routes per request instead of ≈ 60 — a sixth of a cold product page's work and of its allocations
 *   (decision 017). Null when the page matches no route, or when route discovery is not lazy (every page then
 *   carries the whole manifest).
 */
export function pageRoutes(build: ServerBuild, remember = 2000): (pathname: string) => PageRoute {
  const children = new Map<string, NonNullable<ServerBuild['routes'][string]>[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const parent = route.parentId ?? '';
    children.set(parent, [...(children.get(parent) ?? []), route]);
  }
  const tree = (parentId: string): RouteObject[] => (children.get(parentId) ?? []).map((r) => (r.index
    ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
    : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) }));
  const routes = tree('');
  const basename = build.basename ?? '/';
  const rootData = `${basename.replace(/\/$/, '')}/_root.data`;
  const trailingSlashAware = (build.future as { v8_trailingSlashAwareDataRequests?: boolean }).v8_trailingSlashAwareDataRequests === true;
  const lazyDiscovery = build.routeDiscovery?.mode === 'lazy';
  const declared = (id: string) => (build.routes[id]?.module.handle as { sharedPage?: unknown } | undefined)?.sharedPage === true;
  // Every segment the basename or a route spells out (`product-list`, `sitemap.xml`, an optional `about?`), lower-cased.
  const literals = new Set([basename, ...Object.values(build.routes).map((r) => r?.path ?? '')].flatMap((p) => p.split('/'))
    .filter((s) => s && !s.startsWith(':') && s !== '*').map((s) => s.replace(/\?$/, '').toLowerCase()));
  /**
   * The page's shape: each segment no route spells out becomes one placeholder. Such a segment can only be matched
   * by a parameter or a splat, which match the placeholder as they match it, so every path of a shape matches the
   * same routes: `/product/12` and `/product/13` are matched once between them, not once per product (a crawl of
   * 100,000 product pages made this match 8% of a page's cost). Segments are compared as React Router compares them,
   * percent-decoded and case-insensitive; a segment that does not decode leaves the path as its own shape.
   */
  const shapeOf = (page: string) => {
    const segments = page.split('/');
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      if (!segment) continue;
      let decoded: string;
      try { decoded = decodeURIComponent(segment); } catch { return page; }
      if (!literals.has(decoded.toLowerCase())) segments[i] = '\0';
    }
    return segments.join('/');
  };
  /** The paths React Router's partial manifest also matches for a page: `/` and each parent path (getPartialManifest). */
  const parentPaths = (page: string) => {
    const segments = page.split('/').filter(Boolean);
    segments.pop();
    return ['/', ...segments.map((_, i) => `/${segments.slice(0, segments.length - i).join('/')}`)];
  };
  const known = new Map<string, PageRoute>();
  return (pathname) => {
    // A `.data` request (client navigation) runs the loaders of the page it names (react-router's getNormalizedPath).
    let page = pathname;
    if (trailingSlashAware) page = page.endsWith('/_.data') ? page.slice(0, -'_.data'.length) : page.replace(/\.data$/, '');
    else page = page === rootData ? basename : page.replace(/\.data$/, '');
    const shape = shapeOf(page);
    let route = known.get(shape);
    if (route === undefined) {
      const matches = matchRoutes(routes, shape, basename);
      const ids = new Set(matches?.map((m) => m.route.id!));
      for (const p of parentPaths(shape)) for (const m of matchRoutes(routes, p, basename) ?? []) ids.add(m.route.id!);
      route = {
        shared: !!matches?.length && matches.every((m) => declared(m.route.id!)),
        routes: lazyDiscovery && matches?.length ? [...ids].sort() : null,
      };
      if (known.size >= remember) known.delete(known.keys().next().value!);
      known.set(shape, route);
    }
    return route;
  };
}

/**
 * The build cut down to the given routes (with their ancestors: a route's parents are matched with it): the routes
 * React Router builds, ranks and matches on each request, and the manifest its lazy discovery reads the page's
 * routes from. Everything else (the entry, the assets' files and version, the settings) is the build's own.
 */
export function partOfBuild(build: ServerBuild, ids: Iterable<string>): ServerBuild {
  const kept = new Set<string>();
  // Each route and its parents up to the root, or up to a route already kept (its parents are then kept too).
  for (const start of ids) {
    for (let id: string | undefined = start; id !== undefined && !kept.has(id); id = build.routes[id]?.parentId) kept.add(id);
  }
  const pick = <T>(all: Record<string, T>) => Object.fromEntries(Object.entries(all).filter(([id]) => kept.has(id)));
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}

/**
 * Imports the web build's server bundle (undefined when there is none). Started early by serve.ts, so that
 * reading its modules overlaps the database's start.
 */
export async function loadWebBuild(webDir = WEB_DIR): Promise<ServerBuild | undefined> {
  const serverBuild = path.join(webDir, 'build/server/index.js');
  if (!fs.existsSync(serverBuild)) return undefined;
  return (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
}

/**
 * Mounts the web build: hashed assets with immutable caching, public files, and React Router's
 * server rendering for every other non-API path. Without a build, only the API runs.
 */
/**
 * How `mountWeb` renders, for tests: `frames` false renders every page whole; `thread` false makes framed pages on the
 * serving thread (both read per request); `threadFile` starts the render thread from that bundle (else the one beside
 * a production build's server, when RENDER_THREAD allows); `onFramed` is told of each page put together from a frame.
 */
export interface WebOptions { frames?: boolean; thread?: boolean; threadFile?: string; onFramed?: (url: URL, frame: object, onThread: boolean) => void }

export async function mountWeb(app: App, webDir = WEB_DIR, loading = loadWebBuild(webDir), options: WebOptions = {}): Promise<boolean> {
  const clientDir = path.join(webDir, 'build/client');
  const build = await loading;
  if (!build) {
    app.log.warn(`No web build in ${webDir}/build; run "npm run build". Serving the API only.`);
    return false;
  }
  const mode = app.services.config.NODE_ENV === 'production' ? 'production' : 'development';
  const handleAll = createRequestHandler(build, mode);
  const routeOf = pageRoutes(build);
  // A page is rendered by a handler of its own routes (pageRoutes), made for the first page that needs those routes.
  // The route sets a shop's paths reach are a few dozen; the map is bounded all the same (oldest made, first out).
  const partHandlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  const handlerOf = (ids: string[] | null) => {
    if (ids === null) return handleAll;
    const key = ids.join(' ');
    let handler = partHandlers.get(key);
    if (!handler) {
      if (partHandlers.size >= PART_HANDLERS_KEPT) partHandlers.delete(partHandlers.keys().next().value!);
      partHandlers.set(key, handler = createRequestHandler(partOfBuild(build, ids), mode));
    }
    return handler;
  };
  // Lazy route discovery's manifest requests need the whole build (they name any of its routes); the path as
  // React Router spells it (getManifestPath).
  const manifestPath = [build.basename ?? '/', build.routeDiscovery?.manifestPath || '/__manifest'].join('/').replace(/\/\/+/g, '/');
  const stylesheet = stylesheetOf(build);
  // The style element's text and end in both forms, each compressed once: built pages and first visits' pages are
  // sent around them.
  const style = stylesheet?.text && {
    linked: fixedPiece(Buffer.from(`>${stylesheet.text.linked}</style>`)),
    inline: fixedPiece(Buffer.from(`>${stylesheet.text.inline}</style>`)),
  };
  // The plain pages (the test gateway, a refused page request) draw in the shop's font too.
  const sheetFile = stylesheet && path.join(clientDir, stylesheet.href);
  if (sheetFile && fs.existsSync(sheetFile)) usePlainPageFonts(fs.readFileSync(sheetFile, 'utf8'));
  const secureCookie = app.services.config.PUBLIC_URL?.startsWith('https:') ?? false;
  /** Whether this visitor's browser holds the stylesheet file (the cookie its answer set names the current file). */
  const hasStylesheet = (request: FastifyRequest) => !!stylesheet && request.cookies[STYLESHEET_COOKIE] === stylesheet.fileName;

  /** What the web app's loaders get (its lib/context.ts and entry.server.tsx read it). */
  const loadContext = (caller: Caller, origin: string, linked: boolean, parts: Map<string, string>, render: { nonce?: string; takeHtml?: (html: Buffer) => void } = {}) => ({
    transport: serverApi(app, caller), origin, ...render,
    shared: <T>(key: string, load: () => Promise<T>) => app.services.cache.getOrLoad(`web ${key}`, load),
    parts,
    linkStylesheet: linked,
  });
  /**
   * Renders a page: React Router's answer, and the page's bytes when it is one (undefined: a redirect, a resource
   * route's body, which stays in the answer). A framed route's page is put together from its frame when it can be.
   */
  const renderPage = async (webRequest: PageRequest, handle: ReturnType<typeof createRequestHandler>, caller: Caller, origin: string,
    nonce: string, linked: boolean): Promise<{ response: Response; page: Buffer | FramedPage | undefined }> => {
    if (options.frames !== false && framedPaths.size && webRequest.method === 'GET') {
      const url = new URL(webRequest.url);
      const leafId = framedPaths.get(url.pathname);
      const framed = leafId === undefined ? undefined : await renderFramed(webRequest, url, leafId, caller, origin, nonce, linked);
      if (framed) return framed;
    }
    // The page comes back as its bytes (entry.server.tsx), which is what the rewrites work on and what is sent.
    let rendered: Buffer | undefined;
    const context = loadContext(caller, origin, linked, new Map(), { nonce, takeHtml: (html: Buffer) => { rendered = html; } });
    const response = await handle(webRequest.request(), context as never);
    const page = !response.headers.get('content-type')?.startsWith('text/html') ? undefined
      : response.body === null && rendered !== undefined ? rendered : Buffer.from(await response.arrayBuffer());
    return { response, page };
  };

  // Framed routes (frames.ts, decision 032): by the path they render at, when it has no parameter. `options.frames`
  // is read per request (false: every page rendered whole, which frames.test.ts compares the framed pages with).
  // (Frames are written for a shop at the root of its origin.)
  const frameEntry = (build.basename ?? '/') === '/' ? frameEntryOf(build) : undefined;
  const branches = frameEntry ? framedBranches(build) : new Map<string, never>();
  // Framed pages are put together on a thread of their own (render-thread.ts) where the machine has a second core.
  const threadFile = options.threadFile ?? (app.services.config.RENDER_THREAD && os.availableParallelism() > 1
    ? renderWorkerFile(fileURLToPath(import.meta.url)) : undefined);
  const thread = frameEntry && threadFile
    ? new RenderThread(threadFile, pathToFileURL(path.join(webDir, 'build/server/index.js')).href, (err, msg) => app.log.warn({ err }, msg))
    : undefined;
  if (thread) app.addHook('onClose', () => thread.close());
  const framedPaths = new Map<string, string>();
  for (const [id, branch] of branches) {
    const pathname = `/${branch.map((r) => r.path ?? '').filter(Boolean).join('/')}`;
    if (!/[:*]/.test(pathname) && !branch.some((r) => r.index && r.id !== id)) framedPaths.set(pathname, id);
  }
  /**
   * A framed route's frame for one kind of visitor: rendered by React Router for a guest or a signed-in shopper
   * (the layout's header differs), with or without the stylesheet inline, with or without a search box value, at the
   * shop's origin. Kept per cache generation (any write drops them) and minute (the footer's year), at most one per
   * kind: null when the route's page cannot be framed (logged: its pages are then rendered whole).
   */
  const frameOf = async (leafId: string, pathname: string, withSearch: boolean, signedIn: boolean, linked: boolean, origin: string) => {
    const kept = await app.services.cache.getOrLoad('web frames', async () => new Map<string, { minute: number; frame: Promise<Frame | null> }>());
    const key = `${leafId} ${withSearch} ${signedIn} ${linked} ${origin}`;
    const minute = Math.floor(Date.now() / 60_000);
    let entry = kept.get(key);
    if (!entry || entry.minute !== minute) {
      // Kinds are few (16 per route and origin); other origins (a Host header, where PUBLIC_URL is not set) are not:
      // oldest out first.
      if (!entry && kept.size >= FRAMES_KEPT) kept.delete(kept.keys().next().value!);
      entry = { minute, frame: makeFrame(leafId, pathname, withSearch, signedIn, linked, origin).catch((error: unknown) => {
        app.log.warn({ err: error, route: leafId }, 'page frame not rendered');
        return null;
      }) };
      kept.set(key, entry);
    }
    return entry.frame;
  };
  const makeFrame = async (leafId: string, pathname: string, withSearch: boolean, signedIn: boolean, linked: boolean, origin: string): Promise<Frame | null> => {
    const { HOLES } = frameEntry!;
    const nonce = newNonce();
    const cookie = signedIn ? `${SHOPPER_HINT_COOKIE}=1` : undefined;
    const caller: Caller = { ...guestAt(origin), cookie };
    let html: Buffer | undefined;
    let state: Frame['state'] | undefined;
    const context = {
      ...loadContext(caller, origin, linked, new Map(), { nonce, takeHtml: (bytes: Buffer) => { html = bytes; } }),
      frame: true, takeState: (s: Frame['state']) => { state = s; },
    };
    const url = `${origin}${pathname}${withSearch ? `?search=${encodeURIComponent(HOLES.search)}` : ''}`;
    const response = await handlerOf(routeOf(pathname).routes)(new Request(url, { headers: cookie ? { cookie } : {} }), context as never);
    if (response.status !== 200 || response.headers.has('set-cookie') || !html || !state) throw new Error(`the frame answered ${response.status}`);
    const pieces = cutFrame(html.toString('utf8'), nonce, HOLES, withSearch);
    if (!pieces) throw new Error('the frame\'s holes were not each found once');
    return { pieces, status: 200, headers: [...response.headers], state, compressed: compressFrame(pieces) };
  };
  /**
   * The request a loader gets from React Router: its URL with React Router's own parameters taken out (an empty
   * `index`, `_routes`), so written again by URLSearchParams (a space is then `+`), unless the build passes requests
   * through (react-router's stripIndexParam and stripRoutesParam). A framed page makes this request alone: the
   * page's own (`request()`) only when React Router renders it after all. A framed route's loader reads its URL
   * alone (the visitor's cookies reach the API through its context, and its page is the same for every visitor of a
   * kind), so the request carries no headers nor signal.
   */
  const loaderRequest = (page: PageRequest) => {
    if ((build.future as { v8_passThroughRequests?: boolean }).v8_passThroughRequests) return new Request(page.url);
    const url = new URL(page.url);
    const index = url.searchParams.getAll('index').filter(Boolean);
    url.searchParams.delete('index');
    for (const value of index) url.searchParams.append('index', value);
    url.searchParams.delete('_routes');
    return new Request(url.href);
  };
  /** A framed route's page put together from its frame; undefined when React Router is to render it. */
  const renderFramed = async (webRequest: PageRequest, url: URL, leafId: string, caller: Caller, origin: string, nonce: string, linked: boolean) => {
    const branch = branches.get(leafId)!;
    const withSearch = url.searchParams.has('search');
    const frame = await frameOf(leafId, url.pathname, withSearch, hasShopperHint(caller.cookie), linked, origin);
    if (!frame) return undefined;
    const loader = branch[branch.length - 1]!.module.loader;
    if (typeof loader !== 'function') return undefined;
    let data: unknown;
    // What the loader renders once and reuses (lib/parts.tsx), for the route's render below.
    const parts = new Map<string, string>();
    try {
      data = await loader({ request: loaderRequest(webRequest), params: {}, context: loadContext(caller, origin, linked, parts, { nonce }) } as never);
    } catch {
      return undefined; // a 404, a redirect, an error: React Router answers it as it does
    }
    if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
    const search = url.searchParams.get('search') ?? '';
    const made = thread && options.thread !== false ? await thread.render(frame, { leafId, url: webRequest.url, data, parts: [...parts], nonce, search }) : undefined;
    // Not made there (no thread, the thread starting again, or failed on this page): made here.
    if (made && 'error' in made && made.error !== NO_FRAME && !frame.threadWarned) {
      app.log.warn({ err: made.error, url: url.pathname }, 'page not put together on the render thread: made here');
      frame.threadWarned = true;
    }
    let page = made && !('error' in made) ? made : undefined;
    const onThread = page !== undefined;
    if (!page) {
      try {
        const { loaderData, line } = pageState(frame, leafId, data);
        const holes = await frameEntry!.renderHoles(branch, webRequest.url, loaderData, parts);
        page = fillFrame(frame, { nonce, search, ...holes, data: line });
      } catch (error) {
        // Once per frame: a kind of data the frame cannot hold would otherwise be logged on every page.
        if (!frame.warned) app.log.warn({ err: error, url: url.pathname }, 'page not put together from its frame: rendered whole');
        frame.warned = true;
        return undefined;
      }
    }
    options.onFramed?.(url, frame, onThread);
    return { response: new Response(null, { status: frame.status, headers: frame.headers }), page };
  };
  /**
   * A page for everyone, as the page cache keeps it: without a nonce (one sent to everyone would be no secret), its
   * scripts named by hash; `keepable` when it may be kept (200, no cookie set).
   */
  const renderShared = async (webRequest: PageRequest, handle: ReturnType<typeof createRequestHandler>, caller: Caller, origin: string, linked: boolean) => {
    const nonce = newNonce();
    return keptForm(await renderPage(webRequest, handle, caller, origin, nonce, linked), nonce);
  };
  /** Whether a render's answer may be kept for everyone: a 200 that sets no cookie. */
  const keepable = (response: Response) => response.status === 200 && !response.headers.has('set-cookie');
  /** A render (`renderPage`) as the page cache keeps it: the nonce taken out, its scripts named by hash. */
  const keptForm = async ({ response, page }: Awaited<ReturnType<typeof renderPage>>, nonce: string) => {
    const hashed = page === undefined ? { html: Buffer.from(await response.arrayBuffer()), sources: [] }
      : nonceToHashes(Buffer.isBuffer(page) ? page : page.html(), nonce);
    return {
      status: response.status,
      headers: [...response.headers].filter(([k]) => k !== 'set-cookie' && k !== 'content-security-policy'),
      scripts: hashed.sources, body: hashed.html,
      keepable: keepable(response),
    };
  };
  // Product pages built ahead (pages-ahead.ts): rendered for a guest at the shop's origin, at quiet moments.
  const guestAt = (origin: string): Caller => ({ ip: '127.0.0.1', cookie: undefined, host: new URL(origin).host });
  const productRoute = Object.values(build.routes).find((r) => r?.path === 'product/:id');
  const aboveProduct: string[] = [];
  for (let id = productRoute?.parentId; id !== undefined; id = build.routes[id]?.parentId) aboveProduct.unshift(id);
  const ahead = new PagesAhead({
    app,
    budgetBytes: app.services.config.PAGES_AHEAD_MB * 1024 * 1024,
    style,
    async render(origin, id): Promise<AheadPage | undefined> {
      const pathname = `/product/${id}`;
      // Rendered as a request arriving now would be: its reads share one cache-generation query (lib/cache.ts).
      const made = await app.services.cache.asOneRequest(() =>
        renderShared(pageRequest(`${origin}${pathname}`, 'GET', () => ({ method: 'GET' })), handlerOf(routeOf(pathname).routes), guestAt(origin), origin, true));
      const isPage = made.headers.some(([k, v]) => k === 'content-type' && v.startsWith('text/html'));
      return made.keepable && isPage ? { headers: made.headers, scripts: made.scripts, body: made.body } : undefined;
    },
    // What the routes above the product's loaded for a guest (their data and the parts they rendered: header, footer,
    // promises), the web build and the origin; worked out once per cache generation (any write) and minute (the year).
    stamp: (origin) => app.services.cache.getOrLoad(`web page-stamp ${origin} ${Math.floor(Date.now() / 60_000)}`, async () => {
      if (!productRoute) return undefined;
      const request = new Request(`${origin}/product/0`);
      const parts = new Map<string, string>();
      const context = loadContext(guestAt(origin), origin, true, parts);
      const data: unknown[] = [];
      try {
        for (const id of aboveProduct) {
          const loader = build.routes[id]?.module.loader;
          if (loader) data.push(await loader({ request, params: {}, context } as never));
        }
      } catch {
        return undefined;
      }
      return createHash('sha256').update(JSON.stringify([build.assets.version, origin, data, [...parts]])).digest('base64url');
    }),
  }, app.services.config.PUBLIC_URL?.replace(/\/$/, ''));
  builtAhead.set(app, ahead);

  await app.register(async (web) => {
    // Pages and their files are public; account pages ask the API, which checks the shopper's session.
    declarePublic(web);
    await web.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build wrote a .br and a .gz copy of each compressible file at the highest level (scripts/lib/web-build.ts).
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here, not the raw response.
      setHeaders(reply: FastifyReply, filePath: string) {
        const rel = path.relative(clientDir, filePath);
        reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The stylesheet (or its .br/.gz copy): from now on this browser gets pages that @import it.
        if (stylesheet && path.basename(filePath).replace(/\.(br|gz)$/, '') === stylesheet.fileName) {
          reply.header('set-cookie', `${STYLESHEET_COOKIE}=${stylesheet.fileName}; Path=/; Max-Age=31536000; SameSite=Lax${secureCookie ? '; Secure' : ''}`);
        }
      },
    });

    // React Router reads the raw body itself (form actions): do not parse it here.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, _payload, done) => done(null));

    /** A page rendered for this answer alone: its status, headers, CSP naming this render's nonce, and body. */
    const sendRendered = (reply: FastifyReply, { response, page }: Awaited<ReturnType<typeof renderPage>>, policy: string, nonce: string, cookies: boolean) => {
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      if (policy) reply.header('content-security-policy', withScriptSources(policy, [nonceSource(nonce)]));
      const set = cookies ? response.headers.getSetCookie() : [];
      if (set.length) reply.header('set-cookie', set);
      // Compressed here as the kept pages are (a window the size of the page), not by @fastify/compress's encoder.
      if (page !== undefined) return sendMade(reply.request, reply, page, style?.inline);
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
    };

    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply.code(404).send(failure('NOT_FOUND', 'مسیر درخواستی وجود ندارد'));
      }
      const origin = app.services.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
      // HEAD is answered as GET: the same status and headers (content-type, cache, CSP), and Node
      // leaves the body out. React Router would answer a HEAD without a body, which Fastify sent as JSON `null`.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const url = new URL(`${origin}${request.url}`);
      // The visitor's request for React Router, made only when it renders the page (not for a framed page).
      const webRequest = pageRequest(url.href, method, () => {
        const controller = new AbortController();
        // Only a visitor gone before the answer ended stops the render: an abort makes a DOMException and runs the
        // signal's listeners, ≈ 1% of a cold page's CPU when it was done after every answer.
        const gone = () => { if (!reply.raw.writableFinished) controller.abort(); };
        if (reply.raw.closed) gone();
        else reply.raw.on('close', gone);
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
        }
        const hasBody = method !== 'GET';
        return {
          method,
          headers,
          signal: controller.signal,
          ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
        } as RequestInit;
      });
      const route = routeOf(url.pathname);
      const handle = handlerOf(url.pathname === manifestPath ? null : route.routes);
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      // A returning visitor's page @imports the stylesheet file their browser keeps (decision 017); the element
      // stays, so hydration finds what the browser's copy of root.tsx renders: the element's own text.
      const linked = hasStylesheet(request);
      const caller: Caller = { ip: request.ip, cookie: request.headers.cookie, host: request.headers.host ?? 'localhost' };
      // Pages whose routes declare them the same for every shopper (catalogue pages: the cart loads in the
      // browser) are kept from their second request on, up to 300 (and 12 MB) per cache generation. The decision is made on the path React Router will
      // render (`webRequest.url`, dot segments resolved), not on the raw URL. The page map lives in the read
      // cache, so every catalogue, stock or content write on any copy (the cache generation, lib/cache.ts)
      // drops it with the JSON it was built from. docs/decisions/010-html-page-cache.md.
      if (method === 'GET' && route.shared) {
        const { pages, seen } = await app.services.cache.getOrLoad('html-pages', async () => pageCache());
        const signedIn = hasShopperHint(request.headers.cookie);
        // A returning visitor's copy differs only by its stylesheet element: kept apart.
        // So does a logged-in shopper's (its header says «حساب من»; the layout reads the same hint cookie).
        const key = `${linked ? 'css ' : ''}${signedIn ? 'in ' : ''}${origin}${request.url}`;
        // Read without refreshing its place: the oldest page goes first, however often it is asked for.
        let page = pages.peek(key);
        if (!page) {
          ahead.saw(origin);
          // Kept from its second request on: a crawl of pages asked for once (at 100,000 products nearly every
          // product, listing and search URL) passes by without pushing out the pages shoppers keep asking for, nor
          // holding memory. Oldest out first, by count and by bytes.
          const again = seen.has(key);
          // A guest's product page is read as it was built ahead (pages-ahead.ts), when it was; else rendered.
          const productId = !signedIn && !url.search ? productIdOf(url.pathname) : undefined;
          const built = productId === undefined ? undefined : await ahead.page(productId, origin, linked);
          if (built && !again) {
            seen.add(key);
            reply.code(200);
            for (const [name, value] of withPolicy(built.headers, policy, built.scripts)) reply.header(name, value);
            return sendGzipped(request, reply, built.gzip);
          }
          // Its first request: the page is made for this answer alone (the cache keeps it from its second), so it is
          // sent as a page rendered per request is, under this render's nonce, without the copy of the page and the
          // hashing of its scripts that a kept page needs (≈ 3% of a cold listing's thread, and a 130 KB copy). A
          // cookie set while rendering is not passed on, as a kept page's would not be. A resource route's body
          // (robots.txt, the sitemap) or a redirect goes as a kept one would.
          const nonce = newNonce();
          const rendered = built ? undefined : await renderPage(webRequest, handle, caller, origin, nonce, linked);
          if (rendered?.page !== undefined && !again) {
            if (keepable(rendered.response)) seen.add(key);
            return sendRendered(reply, rendered, policy, nonce, false);
          }
          const made = built
            ? { headers: built.headers, scripts: built.scripts, body: zlib.gunzipSync(built.gzip), status: 200, keepable: true }
            : await keptForm(rendered!, nonce);
          page = {
            status: made.status, headers: withPolicy(made.headers, policy, made.scripts), body: made.body,
            compressed: built ? { gzip: { bytes: built.gzip, best: true } } : {},
          };
          if (made.keepable && !pages.has(key)) {
            if (again) pages.set(key, page);
            else seen.add(key);
          }
        }
        reply.code(page.status);
        for (const [name, value] of page.headers) reply.header(name, value);
        // A cached page is compressed once per encoding (and once more at the best level if asked again), not on every request.
        if (!pages.has(key)) return sendMade(request, reply, page.body, style?.inline);
        const inline = style?.inline;
        return sendKept(request.headers['accept-encoding'], reply, page, async (body) => (inline && await gzipAround(body, inline)) || gzipHere(body));
      }
      // Every render gets a fresh CSP nonce for the inline scripts it writes (docs/decisions/009-script-csp.md).
      const nonce = newNonce();
      return sendRendered(reply, await renderPage(webRequest, handle, caller, origin, nonce, linked), policy, nonce, true);
    };
    web.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', config: { access: 'public' }, handler: render });
    web.route({ method: ['GET', 'HEAD'], url: '/', config: { access: 'public' }, handler: render });
  });
  return true;
}
