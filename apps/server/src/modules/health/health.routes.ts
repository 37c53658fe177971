import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
    },
  }, async () => {
    const { database } = app.services;
    await database.db.execute(sql`select 1`);
    return ok({ status: 'ok' as const, database: database.kind });
  });
};
