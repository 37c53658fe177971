import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentEndpoints, SlideFormSchema, SlideUpdateSchema, SLIDER_FETCH_SIZE } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { fileOf, sendCached, withForm } from '../../lib/route-helpers.js';
import * as svc from './content.service.js';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, contentEndpoints);

  route('GET /Slider/Get', async (req, reply) => {
    const isAdmin = !!(await req.resolveAuth('admin'));
    const q = { page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? SLIDER_FETCH_SIZE, kind: req.query.kind, activeOnly: !isAdmin || !!req.query.activeOnly };
    if (isAdmin) return ok(await svc.listSlides(db, q));
    return sendCached(reply, `slides:${JSON.stringify(q)}`, () => svc.listSlides(db, q));
  });

  route('GET /Slider/GetByCId', async (req, reply) => sendCached(reply, `slides-cat:${req.query.categoryId}`, () =>
    svc.listSlides(db, { page: 1, pageSize: SLIDER_FETCH_SIZE, activeOnly: true, categoryId: req.query.categoryId })));

  route('POST /Slider', async (req) => withForm(req, SlideFormSchema.omit({ id: true }), async (input, files, batch) =>
    ok(await svc.saveSlide({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile') ?? files[0])), 1));

  route('PUT /Slider', async (req) => withForm(req, SlideUpdateSchema, async (input, files, batch) =>
    ok(await svc.saveSlide({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile') ?? files[0])), 1));

  route('DELETE /Slider', async (req) => {
    await svc.deleteSlide(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  route('GET /Settings', async (_req, reply) => sendCached(reply, 'settings', () => svc.getSettings(db)));

  route('PUT /Settings', async (req) => ok(await svc.updateSettings(ctx(req.auth?.userId), req.body)));
};
