import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ReadCache } from './cache.js';
import { accepts, COMPRESS_FROM_BYTES, preferredEncoding, sendEncoded, sendKept, type KeptBytes } from './compression.js';
import { envelopeBytes } from './envelope.js';
import { keyMapOf, remapKeys } from './keys.js';
import { readForm, type UploadedFile } from './multipart.js';
import { parseWith } from './validation.js';
import { UploadBatch } from '../modules/media/media.service.js';

/**
 * Form routes (multipart with files, or JSON) validate their body in the handler with the same
 * shared schema; the route's `body` schema documents it in OpenAPI.
 */
export const formRouteOptions = {
  validatorCompiler: (arg: { schema: unknown; method: string; url: string; httpPart?: string }) =>
    // The body is left as sent (validated in the handler); answering `value: undefined` would erase a JSON body.
    arg.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(arg as Parameters<typeof validatorCompiler>[0]),
};

export async function withForm<S extends z.ZodType, T>(
  request: FastifyRequest,
  schema: S,
  handle: (input: z.infer<S>, files: UploadedFile[], batch: UploadBatch) => Promise<T>,
  maxFiles = 20,
): Promise<T> {
  const form = await readForm(request, maxFiles);
  const input = parseWith(schema, remapKeys(form.fields, keyMapOf(schema)));
  const { storage, database } = request.server.services;
  const batch = new UploadBatch(storage, database.db);
  try {
    return await handle(input, form.files, batch);
  } catch (err) {
    // A failed write leaves no orphan file: what this request wrote goes, unless another request
    // claimed it meanwhile or a row references it (the same picture is one file for everyone).
    await batch.rollback();
    throw err;
  }
}

/** Finds the one file of a form field, by case-insensitive name. */
export const fileOf = (files: UploadedFile[], name: string) =>
  files.find((f) => f.field.toLowerCase() === name.toLowerCase());

/** Sends a cached envelope, serialised and UTF-8 encoded once: catalogue reads are the hot path. */
export async function sendCached(reply: FastifyReply, key: string, load: () => Promise<unknown>) {
  return sendJson(reply, await cachedJson(reply.server.services.cache, key, load));
}

/** An envelope kept in the read cache, serialised and UTF-8 encoded once (`sendCached`'s, for a `PublicRead`). */
export const cachedJson = (cache: ReadCache, key: string, load: () => Promise<unknown>): Promise<Buffer> =>
  cache.getOrLoad(`json:${key}`, async () => envelopeBytes(await load()));

/**
 * Answers' compressed copies, by the answer's own bytes: the same bytes are sent again only when the read cache keeps
 * them, and the copies go with them (a write drops the cache's answers). Made only for a client that takes gzip or
 * brotli, so an answer sent as it is costs nothing here. The cache holds at most 12 MB of answers; brotli's best level
 * makes their copies 7–8% of the JSON (the category tree at 100,000 products 55.2 → 4.0 KB, a listing of 12 cards
 * 12.2 → 1.0 KB), the first gzip 9–10%.
 */
const keptAnswers = new WeakMap<Buffer, KeptBytes>();

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON that is already serialised, as a kept page is sent (`sendKept`) to a client that takes gzip or brotli
 * (every browser): gzipped on this thread for its first answer, even to a browser that prefers brotli; a cached answer
 * asked for again is compressed at the best level in the background and sent as it is from then on (decision 017).
 * Both went through @fastify/compress's stream, which cost a cached 13 KB listing 843 µs of the process's CPU an answer
 * in brotli against 74 µs as it is (docs/benchmarks.md, thirty-fourth session).
 */
export async function sendJson(reply: FastifyReply, body: Buffer | string) {
  reply.type(JSON_TYPE);
  const acceptEncoding = reply.request.headers['accept-encoding'];
  if (!preferredEncoding(acceptEncoding)) return reply.send(body);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length < COMPRESS_FROM_BYTES) return reply.send(bytes);
  let kept = keptAnswers.get(bytes);
  if (!kept) keptAnswers.set(bytes, (kept = { body: bytes, compressed: {} }));
  return sendKept(acceptEncoding, reply, kept);
}

/**
 * JSON kept gzipped at the best level (a product's page, catalog-sync.ts): sent as it is to a client that takes gzip
 * (every browser), else unzipped and sent as `sendJson` sends it.
 */
export function sendGzippedJson(reply: FastifyReply, gzipped: Buffer) {
  if (!accepts(reply.request.headers['accept-encoding'], 'gzip')) return sendJson(reply, zlib.gunzipSync(gzipped));
  reply.type(JSON_TYPE);
  return sendEncoded(reply, 'gzip', gzipped);
}
