import http, { type RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import zlib from 'node:zlib';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES, DYNAMIC_BROTLI_WINDOW, GZIP_LEVEL } from './lib/compression.js';
import Fastify, {
  LogController,
  type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FastifyError } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { startMaintenance } from './db/maintenance.js';
import { migrateForServer } from './db/data-steps.js';
import { authPlugin, declarePublic } from './lib/auth.js';
import { ReadCache } from './lib/cache.js';
import { closeCatalog, openCatalog } from './modules/catalog/catalog-sync.js';
import { fromDatabaseError } from './lib/db-errors.js';
import { failure } from './lib/envelope.js';
import { AppError } from './lib/errors.js';
import { assertCleanText, jsonTooDeep, tooDeepError } from './lib/input-guard.js';
import { keyMapOf, remapKeys, type KeyMap } from './lib/keys.js';
import { memoryLimiter, redisLimiter, type Limiter } from './lib/limiter.js';
import { originPlugin } from './lib/origin.js';
import { securityHeaders } from './lib/security-headers.js';
import { escapeHtml, plainPage } from './lib/plain-page.js';
import { validationError } from './lib/validation.js';
import type { Storage } from './modules/media/storage.js';
import { openStorage, uploadsRoutes } from './modules/media/uploads.js';
import { startUploadSweeper } from './modules/media/sweep.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { productRoutes } from './modules/catalog/product.routes.js';
import { productDeskRoutes } from './modules/catalog/product-desk.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { customerRoutes } from './modules/customers/customers.routes.js';
import { feedRoutes } from './modules/feeds/feeds.routes.js';
import { suggestRoutes } from './modules/catalog/suggest.js';
import { fakeGatewayPages } from './modules/orders/fake-gateway.routes.js';
import { orderDeskRoutes } from './modules/orders/order-desk.routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { returnRoutes } from './modules/returns/returns.routes.js';
import { reviewRoutes } from './modules/reviews/reviews.routes.js';
import { jobRoutes } from './modules/jobs/jobs.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { startWorker, type WorkerOptions } from './modules/jobs/queue.js';
import { smsJob, SMS_JOB } from './modules/jobs/sms-job.js';
import { smsFromConfig, type SmsProvider } from './modules/customers/sms.js';
import { ensureFirstAdmin } from './modules/users/users.service.js';
import { SERVER_BUILD_STAMP } from './paths.js';

interface Services {
  config: Config;
  database: Database;
  cache: ReadCache;
  storage: Storage;
  limiter: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (method, URL, config with its access): what the access and fuzz tests walk. */
    routeTable: RouteOptions[];
  }
  interface FastifyContextConfig {
    keyMaps?: { querystring?: KeyMap; body?: KeyMap };
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  database?: Database;
  /** Runs this process's job worker (serve.ts does; tests only when they ask), with its poll interval and retry timing. */
  jobWorker?: boolean | (WorkerOptions & { pollMs?: number });
  /** The SMS provider of the queued messages (by default the configured one). */
  sms?: SmsProvider;
}

/** Builds the whole API (and uploads) on a database; never listens. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const logger: FastifyServerOptions['logger'] = config.LOG_LEVEL === 'silent' ? false : {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.newPassword'],
  };
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // One access line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false, maxParamLength: 200 },
    // A path whose percent-escapes do not decode (`/product/%E0%A4%A`), refused before any route: the shop's 400.
    frameworkErrors: (_err, request, reply) => refuse(request, reply, 400, 'BAD_URL', 'نشانی درخواست نامعتبر است'),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  const database = opts.database ?? await openDatabase({
    url: config.DATABASE_URL, dataDir: config.DATA_DIR, memory: config.memoryDb,
  });
  await migrateForServer(database);
  const cache = new ReadCache(database);
  // Each request that comes over HTTP runs as one for the read cache's freshness checks (lib/cache.ts): Fastify's
  // handler of its server's requests, wrapped.
  const [handle] = app.server.listeners('request') as RequestListener[];
  app.server.removeAllListeners('request').on('request', (req, res) => cache.asOneRequest(() => handle!(req, res)));
  const storage = await openStorage(config).catch(async (err: unknown) => {
    if (!opts.database) await database.close();
    throw err;
  });
  // ioredis is loaded only when configured (it costs memory in every process otherwise).
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 }) : undefined;
  if (redis) await redis.connect();
  const services: Services = {
    config, database, cache, storage,
    limiter: redis ? redisLimiter(redis) : memoryLimiter(),
  };
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    redis?.disconnect();
    if ('close' in storage) storage.close();
    if (!opts.database) await database.close();
  });
  // Temporary and unreferenced uploads older than an hour: a minute after the start, then hourly (onClose hooks run last-first: before the close above).
  const uploadSweeper = startUploadSweeper(database.db, services.storage, app.log);
  app.addHook('onClose', () => uploadSweeper.stop());
  // PGlite has no autovacuum: its tables are vacuumed when due (PostgreSQL's own daemon does this there).
  const maintenance = startMaintenance(database, app.log);
  if (maintenance) app.addHook('onClose', () => maintenance.stop());
  if (opts.jobWorker) {
    const worker = startWorker(database.db, { [SMS_JOB]: smsJob(opts.sms ?? smsFromConfig(config)) }, app.log,
      opts.jobWorker === true ? {} : opts.jobWorker);
    app.addHook('onClose', () => worker.stop());
  }
  // The storefront's catalogue in memory within its budget, saved beside the database for the next start.
  openCatalog(database.db, cache, {
    budgetBytes: config.CATALOG_MEMORY_MB * 1024 * 1024,
    snapshotFile: config.memoryDb ? undefined : path.resolve(config.DATA_DIR, 'catalog.snapshot'),
    pagesFile: config.memoryDb ? undefined : path.resolve(config.DATA_DIR, 'catalog.pages'),
    htmlFile: config.memoryDb ? undefined : path.resolve(config.DATA_DIR, 'catalog.html'),
    buildStamp: SERVER_BUILD_STAMP,
    log: app.log,
  });
  app.addHook('onClose', async () => closeCatalog(cache)); // saves it, and drops the product pages' scratch file

  // JSON as Fastify parses it (prototype poisoning refused), but never nested deeper than any request needs.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) return done(tooDeepError(), undefined);
    return parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON; response schemas are documentation (the OpenAPI page), not a cost per request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler);
  app.addHook('onResponse', (request, reply, done) => {
    // The API calls a page's loaders make in process (web.ts, app.inject) are part of the page's own line: at debug
    // level, not three more lines a page (and their writes) in the shop's log. light-my-request marks the requests it
    // makes with `_lightMyRequest` (process.test.ts fails if that stops telling them apart).
    const inProcess = '_lightMyRequest' in request.raw;
    request.log[inProcess ? 'debug' : 'info']({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure('NOT_FOUND', `مسیر ${request.method} ${request.url.split('?')[0]} وجود ندارد`));
  });

  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  // Field names are matched case-insensitively (`OffPersent` = `offPersent`), as the old clients send both.
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
    const schema = route.schema as { querystring?: z.ZodType; body?: z.ZodType } | undefined;
    if (!schema) return;
    route.config = { ...(route.config as object), keyMaps: { querystring: keyMapOf(schema.querystring), body: keyMapOf(schema.body) } };
  });
  // A body is JSON, a form (multipart, where a route reads one) or nothing: text/plain is refused with the others' 415
  // rather than handed to a route's schema as a string.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    // A form sent to a route that reads JSON only (its body would reach the schema empty): the same 415.
    const schema = request.routeOptions.schema as { body?: unknown; consumes?: string[] } | undefined;
    if (schema?.body && request.isMultipart() && !schema.consumes?.includes('multipart/form-data')) throw unsupportedMediaType();
    // Every text a request carries, before any schema or SQL sees it: no NUL, no lone surrogate.
    assertCleanText(request.params);
    assertCleanText(request.query);
    if (!request.isMultipart()) assertCleanText(request.body);
    const maps = request.routeOptions.config.keyMaps;
    if (!maps) return;
    if (maps.querystring) request.query = remapKeys(request.query, maps.querystring);
    if (maps.body && !request.isMultipart()) request.body = remapKeys(request.body, maps.body);
  });

  await app.register(cookie);
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script runs unless its page names it: web.ts adds the render's nonce or the cached page's hashes
        // (lib/csp.ts, docs/decisions/009-script-csp.md). Styles stay inline (the storefront inlines its CSS).
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // trustseal.enamad.ir: the eNamad seal's image (the footer links to the same host).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://trustseal.enamad.ir'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://www.zarinpal.com', 'https://sandbox.zarinpal.com', 'https://payment.zarinpal.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Responses made for one request: the dynamic level (most of the size win of the best level at a small fraction of
  // its CPU, lib/compression.ts), and a window of 256 KB rather than brotli's default 4 MB (DYNAMIC_BROTLI_WINDOW).
  // Pages (web.ts), cached or not, and the build's static files bring their own copies.
  await app.register(compress, {
    global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY.dynamic, [zlib.constants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW } }, zlibOptions: { level: GZIP_LEVEL.dynamic },
  });
  // HEAD mirrors GET: Fastify's HEAD twin of a GET route drops the body in its own onSend hook, which
  // ran before compression's, so HEAD lost GET's content-encoding and vary. Put that hook last.
  // (Registered after compress, so compress has already added its hook to the route.)
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' || !Array.isArray(route.onSend)) return;
    const i = route.onSend.findIndex((hook) => hook.name === 'headRouteOnSendHandler');
    if (i >= 0) route.onSend.push(...route.onSend.splice(i, 1));
  });
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(originPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(authPlugin, { db: () => database.db });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sorkhab API', description: 'REST API of the Sorkhab shop (سرخاب). Every answer is `{success, data, error}`.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declarePublic(docs);
    // The docs page keeps its own policy (its scripts by hash); Swagger UI's bundle also writes <style> elements,
    // so its style-src allows inline styles (a hash list beside 'unsafe-inline' would switch that off).
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs', staticCSP: true,
      transformStaticCSP: (csp) => csp.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  });

  await app.register(uploadsRoutes, { storage });

  // The API's table of contents.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(suggestRoutes, { prefix: '/api' });
  await app.register(productDeskRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(customerRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(orderRoutes, { prefix: '/api' });
  await app.register(orderDeskRoutes, { prefix: '/api' });
  await app.register(returnRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(jobRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(shippingRoutes, { prefix: '/api' });
  await app.register(wishlistRoutes, { prefix: '/api' });
  await app.register(fakeGatewayPages);
  await app.register(feedRoutes);

  await ensureFirstAdmin(database.db, config, app.log);
  return app as unknown as App;
}

const unsupportedMediaType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'قالب بدنه درخواست پشتیبانی نمی‌شود؛ JSON یا فرم چندبخشی بفرستید');

/** A refusal: a page request (a NUL in its query, say) gets a page, an API request the API's JSON; in Persian. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string, fields?: Record<string, string>) {
  const wantsPage = !request.url.startsWith('/api/') && String(request.headers.accept ?? '').includes('text/html');
  return wantsPage
    ? reply.code(status).type('text/html; charset=utf-8').send(plainPage('درخواست پذیرفته نشد', `<p>${escapeHtml(message)}</p><a href="/">بازگشت به صفحه اصلی فروشگاه</a>`))
    : reply.code(status).send(failure(code, message, fields));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a URL or headers over its 16 KB, a body both chunked
 * and sized): Fastify's default answers in English outside the envelope; this answers as the API does, in Persian,
 * and closes the connection (the parser cannot go on after it).
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  // A connection reset: nothing left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE', 'نشانی یا سرآیندهای درخواست بیش از حد بلند است']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'TIMEOUT', 'درخواست به‌موقع کامل نشد؛ دوباره تلاش کنید']
      : [400, 'BAD_REQUEST', 'درخواست نامعتبر است'] as const;
  const body = JSON.stringify(failure(code, message));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/** What a plugin's refusal says in the envelope, by its status (others: BAD_REQUEST). */
const PLUGIN_REFUSALS: Record<number, [string, string]> = {
  401: ['UNAUTHORIZED', 'برای این کار ابتدا وارد شوید'],
  403: ['FORBIDDEN', 'دسترسی به این نشانی مجاز نیست'],
  404: ['NOT_FOUND', 'نشانی درخواستی پیدا نشد'],
};

function errorHandler(this: FastifyInstance, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, code: string, message: string, fields?: Record<string, string>) => refuse(request, reply, status, code, message, fields);

  if (err instanceof AppError) return send(err.status, err.code, err.message, err.fields);
  const fromDb = fromDatabaseError(err);
  if (fromDb) {
    request.log.info({ err }, 'request refused by a database constraint');
    return send(fromDb.status, fromDb.code, fromDb.message);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const e = validationError(err.validation.map((v) => ({
      path: String(v.instancePath ?? '').split('/').filter(Boolean), message: v.message ?? '',
    })));
    return send(400, e.code, e.message, e.fields);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(413, 'PAYLOAD_TOO_LARGE', 'حجم درخواست بیش از حد مجاز است');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const e = unsupportedMediaType();
      return send(e.status, e.code, e.message);
    }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(400, 'BAD_JSON', 'بدنه درخواست JSON معتبر نیست');
    default:
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return send(429, 'RATE_LIMITED', 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید');
  if (status >= 400 && status < 500) {
    // A plugin's own refusal (@fastify/static's 403 for `..` in an upload's path, say): the envelope's code says what
    // the status says.
    const [code, message] = PLUGIN_REFUSALS[status] ?? ['BAD_REQUEST', 'درخواست نامعتبر است'];
    return send(status, code, message);
  }
  request.log.error({ err }, 'unhandled error');
  return send(500, 'INTERNAL', 'خطای غیرمنتظره‌ای در سرور رخ داد؛ لطفاً دوباره تلاش کنید');
}
