import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, healthEndpoints);
  route('GET /health', async () => {
    const { database } = app.services;
    await database.db.execute(sql`select 1`);
    return ok({ status: 'ok' as const, database: database.kind });
  });
};
