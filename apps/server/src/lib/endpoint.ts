import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import {
  envelope, routeOf, type BodyOf, type Endpoint, type EndpointKey, type ParamsOf, type QueryOf, type ResponseOf,
} from '@sorkhab/shared';
import type { Envelope } from './envelope.js';
import { registerRead, type PublicRead } from './in-process.js';
import { formRouteOptions, sendJson } from './route-helpers.js';

/** The request a handler sees: query, path parameters and body as the endpoint's schemas parse them. */
export type EndpointRequest<E> = FastifyRequest<{ Querystring: QueryOf<E>; Params: ParamsOf<E>; Body: BodyOf<E> }>;
/** A handler answers the endpoint's envelope, or the reply when it sent a cached body itself. */
export type EndpointHandler<E> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<Envelope<ResponseOf<E>> | FastifyReply>;
/** What a route may add to its declaration: limits and per-route configuration, never its access. */
type Extra = Pick<RouteShorthandOptions, 'bodyLimit'>;

/**
 * Registers a module's routes from its endpoint map (packages/shared/src/endpoints): method, path,
 * access, validation and the OpenAPI description all come from the declaration, so a route cannot
 * drift from what the web client is typed against.
 */
export function routesOf<M extends Record<EndpointKey, Endpoint>>(app: FastifyInstance, map: M) {
  return function route<K extends keyof M & EndpointKey>(key: K, handler: EndpointHandler<M[K]>, extra: Extra = {}) {
    const def = map[key] as Endpoint;
    const { method, path } = routeOf(key);
    app.route({
      method,
      url: path,
      ...extra,
      ...(def.form ? formRouteOptions : {}),
      config: { access: def.access },
      schema: {
        tags: [...def.tags],
        ...(def.summary ? { summary: def.summary } : {}),
        ...(def.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.form ? { body: def.form, consumes: ['multipart/form-data', 'application/json'] } : {}),
        response: { 200: envelope(def.response) },
      },
      handler: handler as unknown as RouteHandlerMethod,
    });
  };
}

/**
 * Registers public GETs whose handler answers the envelope's JSON bytes from the parsed query and the caller
 * (`PublicRead`): the route over HTTP, and the same function read in process by the storefront's loaders
 * (lib/in-process.ts). Anything but a public GET is refused when it is registered.
 */
export function readsOf<M extends Record<EndpointKey, Endpoint>>(app: FastifyInstance, map: M) {
  const route = routesOf(app, map);
  return function read<K extends keyof M & EndpointKey>(key: K, handler: PublicRead<QueryOf<M[K]>>) {
    const { method, path } = routeOf(key);
    registerRead(app, method, path, map[key] as Endpoint, handler as PublicRead<never>);
    route(key, async (req, reply) => sendJson(reply, await handler(req.query as QueryOf<M[K]>, { ip: req.ip })));
  };
}
