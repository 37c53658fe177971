import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagesEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSmsSettings, updateSmsSettings } from '../content/sms-settings.js';
import { listJobs, retryJob } from './jobs.service.js';

/** The admin's messages: SMS templates, and the queue's jobs with a retry for failed ones (admin only). */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const route = routesOf(app, messagesEndpoints);

  route('GET /Settings/Sms', async () => ok(await getSmsSettings(db)));
  route('PUT /Settings/Sms', async (req) => ok(await updateSmsSettings({ db, cache, userId: req.auth?.userId }, req.body)));
  route('GET /Job/Admin', async (req) =>
    ok(await listJobs(db, { status: req.query.status, page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? 20 })));
  route('POST /Job/Retry', async (req) => ok(await retryJob({ db, userId: req.auth?.userId }, req.body.id)));
};
