import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { authPlugin } from './lib/auth.js';
import { ReadCache } from './lib/cache.js';
import { AppError } from './lib/errors.js';
import { keyMapOf, remapKeys, type KeyMap } from './lib/keys.js';
import { memoryLimiter, redisLimiter, type Limiter } from './lib/limiter.js';
import { originPlugin } from './lib/origin.js';
import { validationError } from './lib/validation.js';
import { localStorage, type Storage } from './modules/media/storage.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { productRoutes } from './modules/catalog/product.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { customerRoutes } from './modules/customers/customers.routes.js';
import { fakeGatewayPages, orderRoutes } from './modules/orders/orders.routes.js';
import { ensureFirstAdmin } from './modules/users/users.service.js';

export interface Services {
  config: Config;
  database: Database;
  cache: ReadCache;
  storage: Storage;
  limiter: Limiter;
  uploadsDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyContextConfig {
    keyMaps?: { querystring?: KeyMap; body?: KeyMap };
  }
}

export type App = FastifyInstance;

/** Builds the whole API (and uploads) on a database; never listens. */
export async function buildApp(config: Config, opts: { database?: Database } = {}): Promise<App> {
  const logger: FastifyServerOptions['logger'] = config.LOG_LEVEL === 'silent' ? false : {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.newPassword'],
  };
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const database = opts.database ?? await openDatabase({
    url: config.DATABASE_URL, dataDir: config.DATA_DIR, memory: config.memoryDb,
  });
  await runMigrations(database);
  const cache = new ReadCache(database);
  await cache.start();
  const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  // ioredis is loaded only when configured (it costs memory in every process otherwise).
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 }) : undefined;
  if (redis) await redis.connect();
  const services: Services = {
    config, database, cache, uploadsDir,
    storage: localStorage(uploadsDir),
    limiter: redis ? redisLimiter(redis) : memoryLimiter(),
  };
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    redis?.disconnect();
    if (!opts.database) await database.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON; response schemas are documentation (the OpenAPI page), not a cost per request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ success: false, data: null, error: { code: 'NOT_FOUND', message: `مسیر ${request.method} ${request.url.split('?')[0]} وجود ندارد` } });
  });

  // Field names are matched case-insensitively (`OffPersent` = `offPersent`), as the old clients send both.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), access: 'public' } as any;
    const schema = route.schema as { querystring?: any; body?: any } | undefined;
    if (!schema) return;
    route.config = { ...(route.config as object), keyMaps: { querystring: keyMapOf(schema.querystring), body: keyMapOf(schema.body) } } as any;
  });
  app.addHook('preValidation', async (request) => {
    const maps = request.routeOptions.config.keyMaps;
    if (!maps) return;
    if (maps.querystring) request.query = remapKeys(request.query, maps.querystring);
    if (maps.body && !request.isMultipart()) request.body = remapKeys(request.body, maps.body);
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  // Brotli at quality 4: most of the size win of 11 at a small fraction of the CPU per response.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    allowedPath: (p) => !p.includes('..') && !p.endsWith('.tmp'),
  });

  // The API's table of contents.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(customerRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(orderRoutes, { prefix: '/api' });
  await app.register(fakeGatewayPages);

  await ensureFirstAdmin(database.db, config, app.log);
  return app as unknown as App;
}

function errorHandler(this: FastifyInstance, err: any, request: any, reply: any) {
  const send = (status: number, code: string, message: string, fields?: Record<string, string>) =>
    reply.code(status).send({ success: false, data: null, error: { code, message, ...(fields ? { fields } : {}) } });

  if (err instanceof AppError) return send(err.status, err.code, err.message, err.fields);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const e = validationError(err.validation.map((v: any) => ({
      path: String(v.instancePath ?? '').split('/').filter(Boolean), message: v.message,
    })));
    return send(400, e.code, e.message, e.fields);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(413, 'PAYLOAD_TOO_LARGE', 'حجم درخواست بیش از حد مجاز است');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'قالب بدنه درخواست پشتیبانی نمی‌شود؛ JSON یا فرم چندبخشی بفرستید');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(400, 'BAD_JSON', 'بدنه درخواست JSON معتبر نیست');
    default:
  }
  if (err.statusCode === 429) return send(429, 'RATE_LIMITED', 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید');
  if (err.statusCode >= 400 && err.statusCode < 500) {
    return send(err.statusCode, 'BAD_REQUEST', 'درخواست نامعتبر است');
  }
  request.log.error({ err }, 'unhandled error');
  return send(500, 'INTERNAL', 'خطای غیرمنتظره‌ای در سرور رخ داد؛ لطفاً دوباره تلاش کنید');
}
