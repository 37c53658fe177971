import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttributeFormSchema, AttributeUpdateSchema, BrandFormSchema, BrandUpdateSchema, catalogEndpoints, CategoryFormSchema,
  CategoryUpdateSchema,
} from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { fileOf, sendCached, withForm } from '../../lib/route-helpers.js';
import * as brandsSvc from './brand.service.js';
import * as svc from './category.service.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, catalogEndpoints);

  route('GET /Category/GetCategories', async (_req, reply) =>
    sendCached(reply, 'categories', async () => (await svc.categoryIndex(db, cache)).roots));

  route('GET /Category/GetDesendOfLevel', async (req, reply) => {
    const index = await svc.categoryIndex(db, cache);
    const cat = index.byId.get(req.query.id);
    if (!cat) throw notFound('دسته‌بندی');
    return sendCached(reply, `children:${cat.id}`, async () => cat.children);
  });

  route('GET /Category/GetAttByCId', async (req) => ok(await svc.listAttributes(db, req.query.categoryId)));

  route('POST /Category/Create', async (req) => withForm(req, CategoryFormSchema, async (input, files, batch) =>
    ok(await svc.createCategory({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'iconFile')))));

  route('PUT /Category/Update', async (req) => withForm(req, CategoryUpdateSchema, async (input, files, batch) =>
    ok(await svc.updateCategory({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'iconFile')))));

  route('DELETE /Category/DeleteCategory', async (req) => {
    await svc.deleteCategory(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  route('POST /Category/CreateAttribute', async (req) =>
    withForm(req, AttributeFormSchema, async (input) => ok(await svc.createAttribute(ctx(req.auth?.userId), input)), 0));

  route('PUT /Category/UpdateCAttribute', async (req) =>
    withForm(req, AttributeUpdateSchema, async (input) => ok(await svc.updateAttribute(ctx(req.auth?.userId), input)), 0));

  route('DELETE /Category/DeleteCAttribute', async (req) => {
    await svc.deleteAttribute(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });

  /* ---------- brands ---------- */
  route('GET /Brand/GetAll', async (_req, reply) => sendCached(reply, 'brands', () => brandsSvc.listBrands(db, cache)));

  route('POST /Brand/Create', async (req) =>
    withForm(req, BrandFormSchema, async (input) => ok(await brandsSvc.createBrand(ctx(req.auth?.userId), input)), 0));

  route('PUT /Brand/Update', async (req) =>
    withForm(req, BrandUpdateSchema, async (input) => ok(await brandsSvc.updateBrand(ctx(req.auth?.userId), input)), 0));

  route('DELETE /Brand/Delete', async (req) => {
    await brandsSvc.deleteBrand(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });
};
