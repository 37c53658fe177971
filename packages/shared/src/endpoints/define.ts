import type { z } from 'zod';
import type { StaffAccess } from '../auth/permissions.js';

/**
 * Who may call an endpoint. The server's guard reads it from the matched route; admin when in doubt.
 * Staff endpoints name the permission they need (`admin:orders`); plain `admin` is the owner's alone.
 */
export type Access = 'public' | 'customer' | StaffAccess;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** An endpoint's name is its method and its path under `/api`: `GET /Product/ById`. */
export type EndpointKey = `${Method} /${string}`;

/**
 * One endpoint, declared once: the server registers its route from this (validation, access,
 * OpenAPI), the web app's client takes its parameter and answer types from it.
 */
export interface Endpoint {
  access: Access;
  tags: readonly string[];
  summary?: string;
  /** Query string. */
  query?: z.ZodType;
  /** Path parameters (`:name` in the path). */
  params?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /**
   * Multipart form (files) or the same fields as JSON: validated in the handler with this schema,
   * which documents it in OpenAPI.
   */
  form?: z.ZodType;
  /** What `data` holds in the `{ success, data, error }` envelope of a 200. */
  response: z.ZodType;
}

export type EndpointMap = Record<EndpointKey, Endpoint>;

/** Checks a module's map without widening it (the keys and schemas stay literal for the types). */
export const endpointMap = <const M extends { [K in keyof M]: K extends EndpointKey ? Endpoint : never }>(map: M): M => map;

type Field<E, F extends string> = E extends { [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler reads and a caller sends: the parsed query, path parameters and body. */
export type QueryOf<E> = Field<E, 'query'>;
export type ParamsOf<E> = Field<E, 'params'>;
export type BodyOf<E> = Field<E, 'body'>;
export type FormOf<E> = Field<E, 'form'>;
/** The `data` of a successful answer. */
export type ResponseOf<E> = E extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** Splits an endpoint's name into its method and path (no zod needed: the browser uses this). */
export function routeOf(key: EndpointKey): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

/**
 * What a caller may send for a parsed type: the server's schemas also read numbers, booleans and dates
 * as text (form fields, Persian digits), so a caller may pass either.
 */
export type Sent<T> = T extends Date ? Date | string
  : T extends number ? number | string
  : T extends boolean ? boolean | string
  : T extends readonly (infer U)[] ? Sent<U>[]
  : T extends object ? { [K in keyof T]: Sent<T[K]> }
  : T;

type Part<Name extends string, T> = [T] extends [undefined] ? { [P in Name]?: never }
  : Partial<T> extends T ? { [P in Name]?: T }
  : { [P in Name]: T };

/** A call's input: `query`, `params` and `body`, each present exactly when the endpoint declares it. */
export type InputOf<E> = Part<'query', Sent<QueryOf<E>>> & Part<'params', Sent<ParamsOf<E>>>
  & Part<'body', E extends { form: z.ZodType } ? FormData | Sent<FormOf<E>> : Sent<BodyOf<E>>>;

/** The URL of a call under `/api` (no leading slash): path parameters filled in, query appended. */
export function urlOf(key: EndpointKey, input: { query?: object; params?: object } = {}): string {
  const { path } = routeOf(key);
  const params = (input.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return filled.slice(1) + queryString(input.query ?? {});
}

/** Query string from an object, skipping empty values; arrays are comma-separated. */
function queryString(params: object): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params) as [string, unknown][]) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    sp.set(k, Array.isArray(v) ? v.join(',') : v instanceof Date ? v.toISOString() : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
