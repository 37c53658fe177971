import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope, IdQuerySchema, OkSchema, paged, SlideFormSchema, SlideSchema, SlideUpdateSchema, SliderByCategoryQuerySchema,
  SliderListQuerySchema, StoreSettingsSchema, StoreSettingsUpdateSchema, SLIDER_FETCH_SIZE,
} from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { fileOf, formRouteOptions, formSchema, sendCached, withForm } from '../../lib/route-helpers.js';
import * as svc from './content.service.js';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const tags = ['slider'];

  app.get('/Slider/Get', {
    config: { access: 'public' },
    schema: { tags, summary: 'Slides (kind=slide) or banners (kind=banner); inactive ones only for admins', querystring: SliderListQuerySchema, response: { 200: envelope(paged(SlideSchema)) } },
  }, async (req, reply) => {
    const isAdmin = !!(await req.resolveAuth('admin'));
    const q = { page: req.query.pageNumber ?? 1, pageSize: req.query.pageSize ?? SLIDER_FETCH_SIZE, kind: req.query.kind, activeOnly: !isAdmin || !!req.query.activeOnly };
    if (isAdmin) return ok(await svc.listSlides(db, q));
    return sendCached(reply, `slides:${JSON.stringify(q)}`, () => svc.listSlides(db, q));
  });

  app.get('/Slider/GetByCId', {
    config: { access: 'public' },
    schema: { tags, summary: 'Active slides of a category', querystring: SliderByCategoryQuerySchema, response: { 200: envelope(paged(SlideSchema)) } },
  }, async (req, reply) => sendCached(reply, `slides-cat:${req.query.categoryId}`, () =>
    svc.listSlides(db, { page: 1, pageSize: SLIDER_FETCH_SIZE, activeOnly: true, categoryId: req.query.categoryId })));

  app.post('/Slider', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Add a slide or banner (multipart: ImageFile)', security: [{ bearer: [] }], body: SlideFormSchema, response: { 200: envelope(SlideSchema) } }),
  }, async (req) => withForm(req, SlideFormSchema.omit({ id: true }), async (input, files, batch) =>
    ok(await svc.saveSlide({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile') ?? files[0])), 1));

  app.put('/Slider', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Edit a slide (multipart: ImageFile optional)', security: [{ bearer: [] }], body: SlideUpdateSchema, response: { 200: envelope(SlideSchema) } }),
  }, async (req) => withForm(req, SlideUpdateSchema, async (input, files, batch) =>
    ok(await svc.saveSlide({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile') ?? files[0])), 1));

  app.delete('/Slider', {
    schema: { tags, security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.deleteSlide(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  app.get('/Settings', {
    config: { access: 'public' },
    schema: { tags: ['settings'], summary: 'Store name, contact, shipping fee, FAQ', response: { 200: envelope(StoreSettingsSchema) } },
  }, async (_req, reply) => sendCached(reply, 'settings', () => svc.getSettings(db)));

  app.put('/Settings', {
    schema: { tags: ['settings'], security: [{ bearer: [] }], body: StoreSettingsUpdateSchema, response: { 200: envelope(StoreSettingsSchema) } },
  }, async (req) => ok(await svc.updateSettings(ctx(req.auth?.userId), req.body)));
};
