import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderDeskEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSettings } from '../content/content.service.js';
import { bulkSetStatus, printOrders, searchOrders } from './order-desk.service.js';

/** The order desk (admin): search and filters, bulk status change, invoices and labels. */
export const orderDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const route = routesOf(app, orderDeskEndpoints);

  route('GET /Order/Desk', async (req) =>
    ok(await searchOrders({ db, cache }, { ...req.query, page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? 10 })));
  route('POST /Order/BulkStatus', async (req) => ok(await bulkSetStatus(db, cache, req.auth?.userId, req.body.ids, req.body.status)));
  route('GET /Order/Print', async (req) =>
    ok(await printOrders(db, await cache.getOrLoad('commerce:settings', () => getSettings(db)), req.query.ids)));
};
