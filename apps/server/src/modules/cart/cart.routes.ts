import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_COOKIE, cartEndpoints } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { getSettings } from '../content/content.service.js';
import * as svc from './cart.service.js';
import * as discounts from './discount.service.js';

const GUEST_CART_DAYS = 60;

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.database.db;
  const { config, cache } = app.services;
  // Settings change only through updateSettings, which invalidates the read cache on every copy.
  const settings = () => cache.getOrLoad('commerce:settings', () => getSettings(db));
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  /** The caller's cart owner; a guest cart left over after login is merged into the customer's now. */
  async function ownerOf(req: FastifyRequest, reply: FastifyReply): Promise<svc.CartOwner> {
    const auth = await req.resolveAuth('customer');
    const token = req.cookies[CART_COOKIE];
    if (auth) {
      if (token) {
        await db.transaction((tx) => svc.mergeGuestCart(tx, token, auth.userId));
        reply.clearCookie(CART_COOKIE, { path: '/' });
      }
      return { userId: auth.userId };
    }
    return { token };
  }
  function keepToken(reply: FastifyReply, newToken?: string) {
    if (newToken) {
      reply.setCookie(CART_COOKIE, newToken, {
        path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: GUEST_CART_DAYS * 86_400,
      });
    }
  }
  const answer = async (owner: svc.CartOwner, cartId?: number) => ok(await svc.getCart(db, owner, await settings(), cartId));
  const route = routesOf(app, cartEndpoints);

  route('GET /Cart', async (req, reply) => answer(await ownerOf(req, reply)));

  route('POST /Cart/Add', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    const cart = await svc.addItem(db, owner, req.body);
    keepToken(reply, cart.newToken);
    return answer(owner, cart.id);
  });

  route('PUT /Cart/SetQuantity', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    return answer(owner, await svc.setQuantity(db, owner, req.body.itemId, req.body.quantity));
  });

  route('DELETE /Cart/Remove', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    return answer(owner, await svc.removeItem(db, owner, req.query.itemId));
  });

  route('POST /Cart/ApplyDiscount', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    const cart = await svc.applyDiscount(db, owner, req.body.code, await settings());
    keepToken(reply, cart.newToken);
    return answer(owner, cart.id);
  });

  route('DELETE /Cart/RemoveDiscount', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    return answer(owner, await svc.removeDiscount(db, owner));
  });

  /* ---------- discount codes (admin) ---------- */
  route('GET /Discount', async (req) =>
    ok(await discounts.listDiscounts(db, req.query.pageNumber ?? 1, req.query.pageSize ?? 10, req.query.search)));
  route('POST /Discount', async (req) => ok(await discounts.createDiscount(db, req.auth?.userId, req.body)));
  route('PUT /Discount', async (req) => ok(await discounts.updateDiscount(db, req.auth?.userId, req.body)));
  route('DELETE /Discount', async (req) => ok(await discounts.deleteDiscount(db, req.auth?.userId, req.query.id)));
};
