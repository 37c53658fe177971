import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { dashboardStats } from './dashboard.service.js';

const DashboardSchema = z.object({
  productCount: z.number(), outOfStockCount: z.number(), orderCount: z.number(), openOrderCount: z.number(),
  ordersToday: z.number(), salesToday: z.number(), salesMonth: z.number(),
  lowStock: z.array(z.object({ id: z.number(), title: z.string(), stock: z.number(), imageUri: z.string().nullable(), thumbUri: z.string().nullable() })),
});

/** The admin dashboard's figures (admin only: the default access). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.database.db;
  app.get('/Dashboard', {
    schema: { tags: ['dashboard'], summary: 'Counts of products and orders, sales today and this Jalali month (toman), low stock', security: [{ bearer: [] }], response: { 200: envelope(DashboardSchema) } },
  }, async () => ok(await dashboardStats(db)));
};
