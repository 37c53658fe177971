import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { App } from './app.js';
import { declarePublic } from './lib/auth.js';
import { WEB_DIR } from './paths.js';
import { newNonce, nonceSource, nonceToHashes, withScriptSources } from './lib/csp.js';

type CachedPage = { status: number; headers: [string, string][]; body: Buffer; br?: Buffer; gzip?: Buffer };


/** The API client the web app's loaders use on the server: the in-process API, with the shopper's cookies. */
function serverApi(app: App, request: FastifyRequest) {
  return async (method: string, apiPath: string, body?: unknown) => {
    const isJson = body !== undefined && !(body instanceof Buffer);
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/${apiPath.replace(/^\/+/, '')}`,
      remoteAddress: request.ip,
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        host: request.headers.host ?? 'localhost',
      },
      payload: isJson ? JSON.stringify(body) : (body as Buffer | undefined),
    });
    let json: unknown;
    try { json = res.json(); } catch { json = undefined; }
    const setCookie = res.headers['set-cookie'];
    return { status: res.statusCode, json, setCookies: setCookie ? ([] as string[]).concat(setCookie) : [] };
  };
}

/**
 * Which paths render a page that is the same for every visitor (docs/decisions/010-html-page-cache.md): those
 * whose every matched route module, from the root down to the page, says so with
 * `export const handle = { sharedPage: true }`. A route that does not say it (cart, login, profile, checkout,
 * payment result, admin, a new route) is rendered for each request. The path is matched the way React Router
 * will match it (its own matchRoutes over the build's routes, on the URL it parses, `.data` stripped), once per
 * path: the answers are kept in a bounded map, so the lookup on a cached page stays one Map.get.
 */
export function sharedPages(build: ServerBuild, remember = 2000): (pathname: string) => boolean {
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
  const declared = (id: string) => (build.routes[id]?.module.handle as { sharedPage?: unknown } | undefined)?.sharedPage === true;
  const known = new Map<string, boolean>();
  return (pathname) => {
    let shared = known.get(pathname);
    if (shared === undefined) {
      // A `.data` request (client navigation) runs the loaders of the page it names (react-router's getNormalizedPath).
      let page = pathname;
      if (trailingSlashAware) page = page.endsWith('/_.data') ? page.slice(0, -'_.data'.length) : page.replace(/\.data$/, '');
      else page = page === rootData ? basename : page.replace(/\.data$/, '');
      const matches = matchRoutes(routes, page, basename);
      shared = !!matches?.length && matches.every((m) => declared(m.route.id!));
      if (known.size >= remember) known.delete(known.keys().next().value!);
      known.set(pathname, shared);
    }
    return shared;
  };
}

/**
 * Imports the web build's server bundle (undefined when there is none). Started early by main.ts, so that
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
export async function mountWeb(app: App, webDir = WEB_DIR, loading = loadWebBuild(webDir)): Promise<boolean> {
  const clientDir = path.join(webDir, 'build/client');
  const build = await loading;
  if (!build) {
    app.log.warn(`No web build in ${webDir}/build; run "npm run build". Serving the API only.`);
    return false;
  }
  const handle = createRequestHandler(build, app.services.config.NODE_ENV === 'production' ? 'production' : 'development');
  const isSharedPage = sharedPages(build);

  await app.register(async (web) => {
    // Pages and their files are public; account pages ask the API, which checks the shopper's session.
    declarePublic(web);
    await web.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // @fastify/static 10 passes the Fastify reply here, not the raw response.
      setHeaders(reply: FastifyReply, filePath: string) {
        const rel = path.relative(clientDir, filePath);
        reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });

    // React Router reads the raw body itself (form actions): do not parse it here.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply.code(404).send({ success: false, data: null, error: { code: 'NOT_FOUND', message: 'مسیر درخواستی وجود ندارد' } });
      }
      const origin = app.services.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
      }
      // HEAD is answered as GET: the same status and headers (content-type, cache, CSP), and Node
      // leaves the body out. React Router would answer a HEAD without a body, which Fastify sent as JSON `null`.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const hasBody = method !== 'GET';
      const webRequest = new Request(`${origin}${request.url}`, {
        method,
        headers,
        signal: controller.signal,
        ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      // Every render gets a fresh CSP nonce for the inline scripts it writes (docs/decisions/009-script-csp.md).
      const nonce = newNonce();
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      const context = { transport: serverApi(app, request), origin, nonce } as never;
      // Pages whose routes declare them the same for every shopper (catalogue pages: the cart loads in the
      // browser) are kept, up to 300 per cache generation. The decision is made on the path React Router will
      // render (`webRequest.url`, dot segments resolved), not on the raw URL. The page map lives in the read
      // cache, so every catalogue, stock or content write on any copy (the cache generation, lib/cache.ts)
      // drops it with the JSON it was built from. docs/decisions/010-html-page-cache.md.
      if (method === 'GET' && isSharedPage(new URL(webRequest.url).pathname)) {
        const pages = await app.services.cache.getOrLoad('html-pages', async () => new Map<string, CachedPage>());
        const key = `${origin}${request.url}`;
        let page = pages.get(key);
        if (!page) {
          const res = await handle(webRequest, context);
          let body = Buffer.from(await res.arrayBuffer());
          // The cached copy carries no nonce (one sent to everyone would be no secret): its scripts are named by hash.
          let scripts: string[] = [];
          if (res.headers.get('content-type')?.startsWith('text/html')) {
            const hashed = nonceToHashes(body.toString('utf8'), nonce);
            body = Buffer.from(hashed.html);
            scripts = hashed.sources;
          }
          const pageHeaders = [...res.headers].filter(([k]) => k !== 'set-cookie' && k !== 'content-security-policy');
          if (policy) pageHeaders.push(['content-security-policy', withScriptSources(policy, scripts)]);
          page = { status: res.status, headers: pageHeaders, body };
          if (res.status === 200 && !res.headers.has('set-cookie')) {
            if (pages.size >= 300) pages.delete(pages.keys().next().value!);
            pages.set(key, page);
          }
        }
        reply.code(page.status);
        for (const [name, value] of page.headers) reply.header(name, value);
        // A cached page is compressed once per encoding, not on every request.
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
        if (!encoding || page.body.length < 1024) return reply.send(page.body);
        page[encoding] ??= encoding === 'br'
          ? zlib.brotliCompressSync(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : zlib.gzipSync(page.body, { level: 9 });
        return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(page[encoding]);
      }
      const response = await handle(webRequest, context);
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      if (policy) reply.header('content-security-policy', withScriptSources(policy, [nonceSource(nonce)]));
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
    };
    web.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', config: { access: 'public' }, handler: render });
    web.route({ method: ['GET', 'HEAD'], url: '/', config: { access: 'public' }, handler: render });
  });
  return true;
}
