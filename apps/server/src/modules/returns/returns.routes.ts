import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdQuerySchema, returnsEndpoints, ReturnCreateSchema } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { readForm } from '../../lib/multipart.js';
import { keyMapOf, remapKeys } from '../../lib/keys.js';
import { parseWith } from '../../lib/validation.js';
import { notFound } from '../../lib/errors.js';
import { readPhoto } from '../media/private-photos.js';
import * as svc from './returns.service.js';

export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, storage } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, returnsEndpoints);

  route('GET /Return/Mine', async (req) => ok(await svc.returnable(db, req.auth!.userId, req.query.id)));
  route('POST /Return/Create', async (req) => {
    // Not withForm: a return's photos are private files of its own (photos.ts), not shared catalogue images.
    const form = await readForm(req, 4);
    const input = parseWith(ReturnCreateSchema, remapKeys(form.fields, keyMapOf(ReturnCreateSchema)));
    return ok(await svc.createReturn({ ...ctx(req.auth!.userId), storage }, req.auth!.userId, input, form.files));
  });

  route('GET /Return/Admin', async (req) =>
    ok(await svc.listAdmin(db, { ...req.query, page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? 10 })));
  route('GET /Return/AdminById', async (req) => ok(await svc.getAdmin(db, req.query.id)));
  route('PUT /Return/Approve', async (req) => ok(await svc.approve(ctx(req.auth?.userId), req.body)));
  route('PUT /Return/Reject', async (req) => ok(await svc.reject(ctx(req.auth?.userId), req.body)));
  route('PUT /Return/Refund', async (req) => ok(await svc.refund(ctx(req.auth?.userId), req.body)));
  route('GET /Return/RefundTotals', async (req) => ok(await svc.refundTotals(db, req.query)));

  /**
   * A return's photo: to the shopper who sent it, or to an admin. Outside the endpoint map (it answers an image);
   * never cached by a shared cache. Someone else's photo answers 404, like a missing one.
   */
  for (const [url, access] of [['/Return/Photo', 'customer'], ['/Return/AdminPhoto', 'admin:orders']] as const) {
    app.get(url, {
      config: { access },
      schema: { tags: ['returns'], summary: `A return request's photo (${access === 'customer' ? 'its shopper' : 'admin'}), image/webp`, querystring: IdQuerySchema },
    }, async (req, reply) => {
      const key = await svc.photoKey(db, req.query.id, access === 'customer' ? req.auth!.userId : undefined);
      const body = await readPhoto(storage, key);
      if (!body) throw notFound('عکس');
      return reply.type('image/webp').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(body);
    });
  }
};
