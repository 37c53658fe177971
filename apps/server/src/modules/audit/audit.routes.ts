import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { auditFacets, listAudit } from './audit.service.js';

/** The owner's audit screen: who changed what and when (decision 020). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.database.db;
  const route = routesOf(app, auditEndpoints);

  route('GET /Audit', async (req) => ok(await listAudit(db, req.query)));
  route('GET /Audit/Facets', async () => ok(await auditFacets(db)));
};
