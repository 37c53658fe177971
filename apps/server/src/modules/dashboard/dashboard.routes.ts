import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { write } from '../../lib/write.js';
import { setLowStockThreshold } from '../catalog/low-stock.js';
import { paymentMode } from '../orders/payment.js';
import { dashboardStats } from './dashboard.service.js';

/** The admin dashboard's figures and its low-stock threshold (admin only: the default access). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.database.db;
  const route = routesOf(app, dashboardEndpoints);
  const payments = paymentMode(app.services.config);
  // A shop on live payments leaves test-paid orders (from before it went live) out of its sales.
  route('GET /Dashboard', async () => ok({ ...await dashboardStats(db, new Date(), { testPayments: payments.test }), payments }));
  route('PUT /Dashboard/LowStockThreshold', async (req) => {
    await write({ db, userId: req.auth?.userId }, (tx) => setLowStockThreshold(tx, req.body.threshold),
      { audit: { action: 'settings.low_stock_threshold', entity: 'settings', id: null, data: req.body } });
    return ok(null);
  });
};
