import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wishlistEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { shopOrigin } from '../../lib/origin.js';
import * as svc from './wishlist.service.js';

/** The shopper's saved products and «موجود شد خبرم کن» waits (decision 026); the owner's count of waiting shoppers. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, config } = app.services;
  const db = app.services.database.db;
  const route = routesOf(app, wishlistEndpoints);

  route('GET /Wishlist/Ids', async (req) => ok(await svc.wishlistIds(db, req.auth!.userId)));
  route('GET /Wishlist', async (req) => ok(await svc.getWishlist(db, cache, req.auth!.userId)));
  route('POST /Wishlist/Add', async (req) => ok(await svc.addToWishlist(db, req.auth!.userId, req.body.productId)));
  route('DELETE /Wishlist/Remove', async (req) => ok(await svc.removeFromWishlist(db, req.auth!.userId, req.query.productId)));
  route('POST /StockAlert/Subscribe', async (req) => {
    const origin = shopOrigin(config.PUBLIC_URL, req);
    const link = (id: number, variantId?: number) => `${origin}/product/${id}${variantId ? `?variant=${variantId}` : ''}`;
    return ok(await svc.subscribe({ db, userId: req.auth!.userId }, req.auth!.userId, req.body, link));
  });
  route('DELETE /StockAlert/Cancel', async (req) => ok(await svc.cancelAlert(db, req.auth!.userId, req.query.id)));
  route('GET /StockAlert/Count', async (req) => ok(await svc.waitingCount(db, req.query.id)));
};
