import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttributeFormSchema, AttributeSchema, AttributeUpdateSchema, BrandFormSchema, BrandSchema, BrandUpdateSchema,
  CategoryFormSchema, CategorySchema, CategoryUpdateSchema, envelope, id, IdQuerySchema, OkSchema,
} from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { fileOf, formRouteOptions, formSchema, sendCached, withForm } from '../../lib/route-helpers.js';
import * as brandsSvc from './brand.service.js';
import * as svc from './category.service.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const tags = ['categories'];

  app.get('/Category/GetCategories', {
    config: { access: 'public' },
    schema: { tags, summary: 'The whole category tree, children nested', response: { 200: envelope(z.array(CategorySchema)) } },
  }, async (_req, reply) => sendCached(reply, 'categories', async () => (await svc.categoryIndex(db, cache)).roots));

  app.get('/Category/GetDesendOfLevel', {
    config: { access: 'public' },
    schema: { tags, summary: 'Children of a category', querystring: IdQuerySchema, response: { 200: envelope(z.array(CategorySchema)) } },
  }, async (req, reply) => {
    const index = await svc.categoryIndex(db, cache);
    const cat = index.byId.get(req.query.id);
    if (!cat) throw notFound('دسته‌بندی');
    return sendCached(reply, `children:${cat.id}`, async () => cat.children);
  });

  app.get('/Category/GetAttByCId', {
    config: { access: 'public' },
    schema: { tags, summary: 'Attributes of a category', querystring: z.object({ categoryId: id('دسته‌بندی') }), response: { 200: envelope(z.array(AttributeSchema)) } },
  }, async (req) => ok(await svc.listAttributes(db, req.query.categoryId)));

  app.post('/Category/Create', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Create a category (multipart, iconFile)', security: [{ bearer: [] }], body: CategoryFormSchema, response: { 200: envelope(CategorySchema) } }),
  }, async (req) => withForm(req, CategoryFormSchema, async (input, files, batch) =>
    ok(await svc.createCategory({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'iconFile')))));

  app.put('/Category/Update', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Update a category (multipart, iconFile)', security: [{ bearer: [] }], body: CategoryUpdateSchema, response: { 200: envelope(CategorySchema) } }),
  }, async (req) => withForm(req, CategoryUpdateSchema, async (input, files, batch) =>
    ok(await svc.updateCategory({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'iconFile')))));

  app.delete('/Category/DeleteCategory', {
    schema: { tags, summary: 'Delete a category (409 while it has children or products)', security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.deleteCategory(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  app.post('/Category/CreateAttribute', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Create a category attribute', security: [{ bearer: [] }], body: AttributeFormSchema, response: { 200: envelope(AttributeSchema) } }),
  }, async (req) => withForm(req, AttributeFormSchema, async (input) => ok(await svc.createAttribute(ctx(req.auth?.userId), input)), 0));

  app.put('/Category/UpdateCAttribute', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Update a category attribute', security: [{ bearer: [] }], body: AttributeUpdateSchema, response: { 200: envelope(AttributeSchema) } }),
  }, async (req) => withForm(req, AttributeUpdateSchema, async (input) => ok(await svc.updateAttribute(ctx(req.auth?.userId), input)), 0));

  app.delete('/Category/DeleteCAttribute', {
    schema: { tags, summary: 'Delete a category attribute', security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.deleteAttribute(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  /* ---------- brands ---------- */
  const btags = ['brands'];
  app.get('/Brand/GetAll', {
    config: { access: 'public' },
    schema: { tags: btags, summary: 'All brands with their product counts', response: { 200: envelope(z.array(BrandSchema)) } },
  }, async (_req, reply) => sendCached(reply, 'brands', () => brandsSvc.listBrands(db, cache)));

  app.post('/Brand/Create', {
    ...formRouteOptions,
    schema: formSchema({ tags: btags, security: [{ bearer: [] }], body: BrandFormSchema, response: { 200: envelope(BrandSchema) } }),
  }, async (req) => withForm(req, BrandFormSchema, async (input) => ok(await brandsSvc.createBrand(ctx(req.auth?.userId), input)), 0));

  app.put('/Brand/Update', {
    ...formRouteOptions,
    schema: formSchema({ tags: btags, security: [{ bearer: [] }], body: BrandUpdateSchema, response: { 200: envelope(BrandSchema) } }),
  }, async (req) => withForm(req, BrandUpdateSchema, async (input) => ok(await brandsSvc.updateBrand(ctx(req.auth?.userId), input)), 0));

  app.delete('/Brand/Delete', {
    schema: { tags: btags, security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await brandsSvc.deleteBrand(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });
};
