import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSettings } from '../content/content.service.js';
import { markPaid, shipOrder } from '../orders/fulfilment.js';
import { deleteMethod, listMethods, quote, saveMethod } from './shipping.service.js';

/** Shipping methods (the owner's), the shopper's quote at checkout, and the owner's shipping and manual payment of orders. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, shippingEndpoints);

  route('GET /Shipping/Quote', async (req) =>
    ok(await quote(db, req.auth!.userId, req.query, await cache.getOrLoad('commerce:settings', () => getSettings(db)))));
  route('GET /Shipping/Method', async () => ok(await listMethods(db)));
  route('POST /Shipping/Method', async (req) => ok(await saveMethod(ctx(req.auth?.userId), req.body)));
  route('PUT /Shipping/Method', async (req) => ok(await saveMethod(ctx(req.auth?.userId), req.body)));
  route('DELETE /Shipping/Method', async (req) => ok(await deleteMethod(ctx(req.auth?.userId), req.query.id)));
  route('PUT /Order/Ship', async (req) => ok(await shipOrder(ctx(req.auth?.userId), req.auth?.userId, req.body.id, req.body.trackingCode)));
  route('PUT /Order/MarkPaid', async (req) => ok(await markPaid(ctx(req.auth?.userId), req.auth?.userId, req.body.id, req.body.note)));
};
