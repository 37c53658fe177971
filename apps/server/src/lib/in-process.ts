import type { FastifyInstance } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import type { z } from 'zod';
import type { Endpoint } from '@sorkhab/shared';
import { failure } from './envelope.js';
import { AppError } from './errors.js';
import { assertCleanText } from './input-guard.js';
import { keyMapOf, remapKeys, type KeyMap } from './keys.js';

/**
 * Public catalogue reads that the storefront's loaders make in process (web.ts's `serverApi`), without an HTTP request
 * of their own (docs/decisions/032-listing-frames.md, seventeenth session).
 *
 * Through Fastify's `inject`, each such call was a simulated request and response (light-my-request's socket, request
 * and response objects, every hook, the body written and read back): measured, two more cached calls of
 * `GET /Product/All` cost a listing page 0.27 ms of the serving thread each — a listing made two, a search three.
 *
 * Only an endpoint declared `access: 'public'` and GET can be read so (`registerRead` refuses anything else when the
 * route is registered), and its input goes through what the HTTP route's goes through, in the same order: the query
 * string parsed as Fastify's router parses it (fast-querystring), no NUL or lone surrogate (`assertCleanText`, the
 * app's preValidation), field names matched case-insensitively (`remapKeys`), then the endpoint's own zod schema. What
 * the route's hooks do besides is nothing to a public GET read in process: no session (public), no origin check (a
 * safe method), no security headers or compression (not sent anywhere), its log line at debug level already. The
 * handler is the route's own function (`PublicRead`), so its rate limit (the caller's address) and its cache are the
 * same. Input the schema refuses, and an error the handler throws that is not the shop's own, are answered by the
 * route over `inject` instead, so that every refusal is the one the HTTP API gives.
 */

/** Who asks, as the route's handler sees them: the page's visitor's address (its rate limits). */
export interface ReadCaller { ip: string }

/** A public read's handler: the envelope's JSON bytes for the parsed query. */
export type PublicRead<Q> = (query: Q, caller: ReadCaller) => Promise<Buffer | string>;

export interface Entry { schema: z.ZodType | undefined; keyMap: KeyMap | undefined; read: PublicRead<unknown> }

const registries = new WeakMap<object, Map<string, Entry>>();

/** The reads of an app (shared by its encapsulated plugins through `services`, which they inherit by reference). */
function registryOf(app: FastifyInstance): Map<string, Entry> {
  const owner = app.services as object;
  let registry = registries.get(owner);
  if (!registry) registries.set(owner, registry = new Map());
  return registry;
}

/** The reads an app answers in process, by full path (what the tests walk and watch). */
export const inProcessReadsOf = (app: FastifyInstance): Map<string, Entry> => registryOf(app);

/** Makes a route's handler readable in process at its full path (prefix included); only a public GET. */
export function registerRead(app: FastifyInstance, method: string, path: string, def: Endpoint, read: PublicRead<never>): void {
  if (method !== 'GET' || def.access !== 'public') throw new Error(`only a public GET is read in process: ${method} ${path} is ${def.access}`);
  registryOf(app).set(`${app.prefix}${path}`, { schema: def.query as z.ZodType | undefined, keyMap: keyMapOf(def.query as z.ZodType | undefined), read: read as PublicRead<unknown> });
}

/** An answer as the API would send it: its status and its JSON envelope. */
export interface ReadAnswer { status: number; body: Buffer | string }

/**
 * `url` (a path under /api with its query string, as the web's API client writes it) answered in process, when it
 * names a public read and its input passes; undefined: ask the route (`inject`).
 */
export async function readInProcess(app: FastifyInstance, url: string, caller: ReadCaller): Promise<ReadAnswer | undefined> {
  const q = url.indexOf('?');
  const entry = registryOf(app).get(q < 0 ? url : url.slice(0, q));
  if (!entry) return undefined;
  let query: unknown;
  try {
    query = q < 0 || q === url.length - 1 ? {} : parseQuery(url.slice(q + 1));
    assertCleanText(query);
  } catch {
    return undefined;
  }
  const parsed = entry.schema ? entry.schema.safeParse(remapKeys(query, entry.keyMap)) : { success: true as const, data: query };
  if (!parsed.success) return undefined;
  try {
    return { status: 200, body: await entry.read(parsed.data, caller) };
  } catch (error) {
    // The shop's own refusals (a price range upside down, too many searches) as the error handler writes them.
    if (!(error instanceof AppError)) return undefined;
    return { status: error.status, body: JSON.stringify(failure(error.code, error.message, error.fields)) };
  }
}
