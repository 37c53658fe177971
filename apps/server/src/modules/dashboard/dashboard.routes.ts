import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { dashboardStats } from './dashboard.service.js';

/** The admin dashboard's figures (admin only: the default access). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.database.db;
  const route = routesOf(app, dashboardEndpoints);
  route('GET /Dashboard', async () => ok(await dashboardStats(db)));
};
