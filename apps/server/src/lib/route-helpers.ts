import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ReadCache } from './cache.js';
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

/** Sends JSON that is already serialised (a cached envelope). */
export const sendJson = (reply: FastifyReply, body: Buffer | string) => reply.type('application/json; charset=utf-8').send(body);
