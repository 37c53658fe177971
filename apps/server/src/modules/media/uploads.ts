import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import { declarePublic } from '../../lib/auth.js';
import { IMAGE_MIME } from './media.service.js';
import type { S3Storage } from './s3-storage.js';
import { localStorage, type Storage } from './storage.js';

/** Every stored file is named by its content hash, so it never changes: caches may keep it for a year. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type OpenedStorage = (Storage & { dir: string }) | S3Storage;

/** The image a key names, by its extension; null for anything /uploads/ does not serve. */
function servedType(key: string): string | null {
  // Private files (a return's photos) are served only by the routes that check who asks.
  if (/^private\//i.test(key)) return null;
  // Name segments only: no dot segments, no hidden or temporary files, nothing a store could read as a path of its own.
  const m = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.([a-z]+)$/.exec(key);
  return (m && IMAGE_MIME[m[1]!]) ?? null;
}

/** The folder under DATA_DIR by default; with STORAGE_URL, the S3-compatible store (checked now: a wrong bucket or key stops the start). */
export async function openStorage(config: Config): Promise<OpenedStorage> {
  if (!config.STORAGE_URL) {
    const dir = path.resolve(config.DATA_DIR, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    return localStorage(dir);
  }
  const [bucket, ...prefix] = config.STORAGE_URL.slice('s3://'.length).split('/').filter(Boolean);
  // The S3 client is loaded only when configured (it costs memory in every process otherwise).
  const { s3Storage } = await import('./s3-storage.js');
  const storage = await s3Storage({
    bucket: bucket!, prefix: prefix.join('/'), endpoint: config.S3_ENDPOINT, region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY!, forcePathStyle: config.S3_FORCE_PATH_STYLE,
    contentType: (key) => servedType(key) ?? 'application/octet-stream', cacheControl: UPLOAD_CACHE_CONTROL,
  });
  try {
    await storage.check();
  } catch (err) {
    storage.close();
    throw err;
  }
  return storage;
}

const oneRange = (range: string | undefined) => (range && /^bytes=(\d+-\d*|-\d+)$/.test(range) ? range : undefined);

/** GET and HEAD /uploads/<key>: the same names, types, cache headers, ETag/304 and Range on either store. */
export async function uploadsRoutes(app: FastifyInstance, { storage }: { storage: OpenedStorage }) {
  declarePublic(app);
  if ('dir' in storage) {
    await app.register(fastifyStatic, {
      root: storage.dir, prefix: '/uploads/', decorateReply: false, immutable: true, maxAge: '365d', index: false,
      allowedPath: (p) => servedType(p.replace(/^\/+/, '')) !== null,
    });
    return;
  }
  // HEAD is its own method here (not Fastify's twin of GET, which would read the whole object to drop it).
  app.route({ method: ['GET', 'HEAD'], url: '/uploads/*', handler: async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const type = servedType(key);
    if (!type) return reply.callNotFound();
    const since = new Date(request.headers['if-modified-since'] ?? '');
    const read = await storage.read(key, {
      head: request.method === 'HEAD',
      range: oneRange(request.headers.range),
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: Number.isNaN(since.getTime()) ? undefined : since,
    });
    if (!read) return reply.callNotFound();
    reply.code(read.status).headers(read.headers);
    if (read.status === 304 || read.status === 416) return reply.send();
    reply.type(type).header('cache-control', UPLOAD_CACHE_CONTROL);
    return reply.send(read.body); // streamed from the store as it arrives
  } });
}
