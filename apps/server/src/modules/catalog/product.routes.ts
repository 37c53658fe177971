import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogEndpoints, GalleryUploadSchema, ProductFormSchema, ProductUpdateSchema, staffMay } from '@sorkhab/shared';
import { readsOf, routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { notFound, tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { cachedJson, fileOf, sendCached, sendGzippedJson, withForm } from '../../lib/route-helpers.js';
import { catalogOf } from './catalog-sync.js';
import * as svc from './product.service.js';
import { productCount, productFacets } from './product-facets.service.js';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, limiter, config } = app.services;
  const db = app.services.database.db;
  const ctx = (userId?: number) => ({ db, cache, userId });
  const route = routesOf(app, catalogEndpoints);
  // The storefront's listings, searches and their facets: also read in process by its pages' loaders (lib/in-process.ts).
  const read = readsOf(app, catalogEndpoints);

  const lists = [
    ['GET /Product/LastProducts', 'latest'],
    ['GET /Product/SuggestProducts', 'bestselling'],
    ['GET /Product/PopularProducts', 'popular'],
  ] as const;
  for (const [key, mode] of lists) {
    read(key, async (query) => cachedJson(cache, `${mode}:${JSON.stringify(query)}`, () => svc.listProductsJson(db, cache, query, mode)));
  }

  read('GET /Product/All', async (query, caller) => {
    if (query.title && config.RATE_LIMIT && !(await limiter.hit(`search:${clientAddress(caller.ip)}`, 120, 10_000))) throw tooMany();
    return cachedJson(cache, `all:${JSON.stringify(query)}`, () => svc.listProductsJson(db, cache, query));
  });

  // The filter sheet's live count and a listing's facets: from memory, kept like the listings until the catalogue changes.
  // The key is the parsed query with its brands in one order, so the same filters in another spelling share an entry.
  const keyOf = (q: { brandIds?: number[] }) => JSON.stringify({ ...q, brandIds: q.brandIds && [...new Set(q.brandIds)].sort((a, b) => a - b) });
  route('GET /Product/Count', async (req, reply) => {
    if (req.query.title && config.RATE_LIMIT && !(await limiter.hit(`search:${clientAddress(req.ip)}`, 120, 10_000))) throw tooMany();
    return sendCached(reply, `count:${keyOf(req.query)}`, () => productCount(db, cache, req.query));
  });
  read('GET /Product/Facets', async (query) => cachedJson(cache, `facets:${keyOf(query)}`, () => productFacets(db, cache, query)));

  route('GET /Product/ById', async (req, reply) => {
    const catalog = await catalogOf(db, cache);
    const gzipped = await catalog.gzippedBody(req.query.id, (block) => svc.productPages(db, cache, block));
    if (!gzipped) throw notFound('محصول');
    return sendGzippedJson(reply, gzipped);
  });

  route('POST /Product/Create', async (req) => withForm(req, ProductFormSchema.omit({ id: true }), async (input, files, batch) =>
    ok(await svc.saveProduct({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile'))), 1));

  route('PUT /Product/Update', async (req) => withForm(req, ProductUpdateSchema, async (input, files, batch) =>
    ok(await svc.saveProduct({ ...ctx(req.auth?.userId), batch }, input, fileOf(files, 'ImageFile'))), 1));

  route('PUT /Product/ProductOff', async (req) => ok(await svc.setProductOff(ctx(req.auth?.userId), req.query.id, req.query.offPersent)));

  route('PUT /Product/ProductRate', async (req) => ok(await svc.setProductRate(ctx(req.auth?.userId), req.query.id, req.query.rate)));

  route('GET /Product/Admin', async (req) => ok(await svc.listProducts(db, cache, req.query, 'all', true)));
  route('GET /Product/AdminById', async (req) => ok(await svc.getProduct(db, cache, req.query.id)));
  route('PUT /Product/SetDraft', async (req) => ok(await svc.setProductDraft(ctx(req.auth?.userId), req.body.id, req.body.isDraft)));
  route('POST /Product/Duplicate', async (req) => ok(await svc.duplicateProduct(ctx(req.auth?.userId), req.body.id)));

  route('DELETE /Product/Delete', async (req) => ok(await svc.deleteProduct(ctx(req.auth?.userId), req.query.id)));

  /* ---------- gallery ---------- */
  route('GET /Gallery/:productId', async (req) => {
    // Public for the storefront's products; a draft's gallery to the admins who edit the catalogue.
    const staff = (await req.resolveAuth('admin'))?.staffRole;
    return ok(await svc.listGallery(db, req.params.productId, !!staff && staffMay(staff, 'admin:catalog')));
  });

  route('POST /Gallery', async (req) => withForm(req, GalleryUploadSchema, async (input, files, batch) =>
    ok(await svc.addGalleryImages({ ...ctx(req.auth?.userId), batch }, input.productId, files))));

  route('DELETE /Gallery', async (req) => {
    await svc.deleteGalleryImage(ctx(req.auth?.userId), req.query.id);
    return ok({ id: req.query.id });
  });
};
