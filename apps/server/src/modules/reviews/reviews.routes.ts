import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { IdQuerySchema, reviewsEndpoints, ReviewCreateSchema, staffMay } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { keyMapOf, remapKeys } from '../../lib/keys.js';
import { readForm } from '../../lib/multipart.js';
import { parseWith } from '../../lib/validation.js';
import { readPhoto } from '../media/private-photos.js';
import * as questions from './questions.service.js';
import * as svc from './reviews.service.js';

/** What a moderator reads of the shopper behind a review or a question. */
interface Asker { authorName: string; customerName: string; mobile: string | null }

/**
 * A review or a question (or a page of them) as `req`'s admin may read it: a role without the customers permission
 * (a catalogue editor) sees the name the shopper shows in public, not their account's name and mobile (decision 020).
 */
function asSeenBy<T extends Asker, A extends T | { data: T[] }>(req: FastifyRequest, answer: A): A {
  const role = req.auth?.staffRole;
  if (role && staffMay(role, 'admin:customers')) return answer;
  const hide = (item: T): T => ({ ...item, customerName: item.authorName, mobile: null });
  return 'data' in answer ? { ...answer, data: answer.data.map(hide) } : hide(answer as T) as A;
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, storage } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, reviewsEndpoints);
  const paging = (q: { pageNumber?: number; pageSize?: number }) => ({ page: q.pageNumber ?? 1, pageSize: q.pageSize ?? 10 });

  route('GET /Review/Product', async (req) => ok(await svc.listForProduct(db, req.query)));
  route('GET /Review/Mine', async (req) => ok(await svc.mine(db, req.auth!.userId, req.query.productId)));
  route('POST /Review/Create', async (req) => {
    // Not withForm: a review's photos are private files until approved (media/private-photos.ts), not catalogue images.
    const form = await readForm(req, 4);
    const input = parseWith(ReviewCreateSchema, remapKeys(form.fields, keyMapOf(ReviewCreateSchema)));
    return ok(await svc.createReview({ ...ctx(req.auth!.userId), storage }, req.auth!.userId, input, form.files));
  });
  route('POST /Review/Vote', async (req) => ok(await svc.vote(ctx(req.auth!.userId), req.auth!.userId, req.body.id)));
  route('GET /Review/Admin', async (req) => ok(asSeenBy(req, await svc.listAdmin(db, { ...req.query, ...paging(req.query) }))));
  route('PUT /Review/Approve', async (req) => ok(asSeenBy(req, await svc.approve(ctx(req.auth?.userId), req.body.id))));
  route('PUT /Review/Reject', async (req) => ok(asSeenBy(req, await svc.reject(ctx(req.auth?.userId), req.body.id, req.body.note))));
  route('PUT /Review/Reply', async (req) => ok(asSeenBy(req, await svc.reply(ctx(req.auth?.userId), req.body.id, req.body.reply))));
  route('DELETE /Review/Photo', async (req) => ok(asSeenBy(req, await svc.deletePhoto({ ...ctx(req.auth?.userId), storage }, req.query.id))));
  route('DELETE /Review/Delete', async (req) => ok(await svc.deleteReview({ ...ctx(req.auth?.userId), storage }, req.query.id)));

  route('GET /Question/Product', async (req) => ok(await questions.listForProduct(db, req.query)));
  route('POST /Question/Create', async (req) => ok(await questions.ask(ctx(req.auth!.userId), req.auth!.userId, req.body)));
  route('GET /Question/Admin', async (req) => ok(asSeenBy(req, await questions.listAdmin(db, { ...req.query, ...paging(req.query) }))));
  route('PUT /Question/Answer', async (req) => ok(asSeenBy(req, await questions.answer(ctx(req.auth?.userId), req.body.id, req.body.answer))));
  route('PUT /Question/Approve', async (req) => ok(asSeenBy(req, await questions.approve(ctx(req.auth?.userId), req.body.id))));
  route('PUT /Question/Reject', async (req) => ok(asSeenBy(req, await questions.reject(ctx(req.auth?.userId), req.body.id, req.body.note))));

  /**
   * A review's photo, outside the endpoint map (it answers an image): anyone's once the review is approved (a
   * pending or rejected one answers 404, like a missing one), every one to the admin.
   */
  for (const [url, access] of [['/Review/Photo', 'public'], ['/Review/AdminPhoto', 'admin:catalog']] as const) {
    app.get(url, {
      config: { access },
      schema: { tags: ['reviews'], summary: `A review's photo (${access === 'public' ? 'approved reviews' : 'admin'}), image/webp`, querystring: IdQuerySchema },
    }, async (req, reply) => {
      const key = await svc.photoKey(db, req.query.id, access !== 'public');
      const body = await readPhoto(storage, key);
      if (!body) throw notFound('عکس');
      return reply.type('image/webp').header('cache-control', access === 'public' ? 'public, max-age=86400' : 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff').send(body);
    });
  }
};
