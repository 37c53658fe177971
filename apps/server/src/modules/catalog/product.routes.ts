import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope, GalleryImageSchema, GalleryUploadSchema, IdQuerySchema, id, OkSchema, paged, PagingQuerySchema,
  ProductDetailSchema, ProductFormSchema, ProductListItemSchema, ProductListQuerySchema, ProductOffQuerySchema,
  ProductRateQuerySchema, ProductUpdateSchema,
} from '@sorkhab/shared';
import { ok } from '../../lib/envelope.js';
import { notFound, tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { fileOf, formRouteOptions, formSchema, sendCached, sendJson, withForm } from '../../lib/route-helpers.js';
import * as svc from './product.service.js';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, limiter, config } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const tags = ['products'];
  const list = envelope(paged(ProductListItemSchema));

  const lists = [
    ['/Product/LastProducts', 'latest', 'Newest products'],
    ['/Product/SuggestProducts', 'bestselling', 'Best sellers'],
    ['/Product/PopularProducts', 'popular', 'Best rated'],
  ] as const;
  for (const [url, mode, summary] of lists) {
    app.get(url, {
      config: { access: 'public' },
      schema: { tags, summary, querystring: PagingQuerySchema, response: { 200: list } },
    }, async (req, reply) => sendCached(reply, `${mode}:${JSON.stringify(req.query)}`, () => svc.listProducts(db, cache, req.query, mode)));
  }

  app.get('/Product/All', {
    config: { access: 'public' },
    schema: { tags, summary: 'Listing with filters, sort and Persian-aware search (Title)', querystring: ProductListQuerySchema, response: { 200: list } },
  }, async (req, reply) => {
    if (req.query.title && config.RATE_LIMIT && !(await limiter.hit(`search:${clientAddress(req.ip)}`, 120, 10_000))) throw tooMany();
    return sendCached(reply, `all:${JSON.stringify(req.query)}`, () => svc.listProducts(db, cache, req.query));
  });

  app.get('/Product/ById', {
    config: { access: 'public' },
    schema: { tags, summary: 'One product with gallery and attributes', querystring: IdQuerySchema, response: { 200: envelope(ProductDetailSchema) } },
  }, async (req, reply) => {
    const block = svc.productBlockOf(req.query.id);
    const bodies = await cache.getOrLoad(`product-block:${block}`, async () =>
      new Map([...await svc.getProductBlock(db, cache, block)].map(([pid, detail]) => [pid, Buffer.from(JSON.stringify(ok(detail)))])));
    const body = bodies.get(req.query.id);
    if (!body) throw notFound('محصول');
    return sendJson(reply, body);
  });

  app.post('/Product/Create', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Create a product (multipart: ImageFile, Attribute as JSON text)', security: [{ bearer: [] }], body: ProductFormSchema, response: { 200: envelope(ProductDetailSchema) } }),
  }, async (req) => withForm(req, ProductFormSchema.omit({ id: true }), async (input, files, batch) =>
    ok(await svc.saveProduct({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile'))), 1));

  app.put('/Product/Update', {
    ...formRouteOptions,
    schema: formSchema({ tags, summary: 'Update a product (multipart)', security: [{ bearer: [] }], body: ProductUpdateSchema, response: { 200: envelope(ProductDetailSchema) } }),
  }, async (req) => withForm(req, ProductUpdateSchema, async (input, files, batch) =>
    ok(await svc.saveProduct({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile'))), 1));

  app.put('/Product/ProductOff', {
    schema: { tags, summary: 'Set the discount percent', security: [{ bearer: [] }], querystring: ProductOffQuerySchema, response: { 200: envelope(ProductDetailSchema) } },
  }, async (req) => ok(await svc.setProductOff(ctx(req.auth?.userId), req.query.id, req.query.offPersent)));

  app.put('/Product/ProductRate', {
    schema: { tags, summary: 'Set the rating (0–5)', security: [{ bearer: [] }], querystring: ProductRateQuerySchema, response: { 200: envelope(ProductDetailSchema) } },
  }, async (req) => ok(await svc.setProductRate(ctx(req.auth?.userId), req.query.id, req.query.rate)));

  app.delete('/Product/Delete', {
    schema: { tags, summary: 'Delete a product (hidden instead when it was ever ordered)', security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: envelope(z.object({ id: z.number(), hidden: z.boolean() })) } },
  }, async (req) => ok(await svc.deleteProduct(ctx(req.auth?.userId), req.query.id)));

  /* ---------- gallery ---------- */
  const gtags = ['gallery'];
  app.get('/Gallery/:productId', {
    config: { access: 'public' },
    schema: { tags: gtags, params: z.object({ productId: id('محصول') }), response: { 200: envelope(z.array(GalleryImageSchema)) } },
  }, async (req) => ok(await svc.listGallery(db, req.params.productId)));

  app.post('/Gallery', {
    ...formRouteOptions,
    schema: formSchema({ tags: gtags, summary: 'Upload gallery images (multipart: ProductId, ImageFiles…)', security: [{ bearer: [] }], body: GalleryUploadSchema, response: { 200: envelope(z.array(GalleryImageSchema)) } }),
  }, async (req) => withForm(req, GalleryUploadSchema, async (input, files, batch) =>
    ok(await svc.addGalleryImages({ ...ctx(req.auth?.userId), batch }, input.productId, files))));

  app.delete('/Gallery', {
    schema: { tags: gtags, security: [{ bearer: [] }], querystring: IdQuerySchema, response: { 200: OkSchema } },
  }, async (req) => {
    await svc.deleteGalleryImage(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });
};
