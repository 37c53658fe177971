import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplyDiscountSchema, CART_COOKIE, CartAddSchema, CartRemoveQuerySchema, CartSchema, CartSetQuantitySchema,
  DiscountFormSchema, DiscountListQuerySchema, DiscountSchema, DiscountUpdateSchema, envelope, IdQuerySchema, OkSchema, paged,
} from '@sorkhab/shared';
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
  const tags = ['cart'];
  const pub = { access: 'public' as const };

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
  const response = { 200: envelope(CartSchema) };

  app.get('/Cart', { config: pub, schema: { tags, summary: 'The shopper\'s cart (guest or customer)', response } },
    async (req, reply) => answer(await ownerOf(req, reply)));

  app.post('/Cart/Add', { config: pub, schema: { tags, body: CartAddSchema, response } }, async (req, reply) => {
    const owner = await ownerOf(req, reply);
    const cart = await svc.addItem(db, owner, req.body);
    keepToken(reply, cart.newToken);
    return answer(owner, cart.id);
  });

  app.put('/Cart/SetQuantity', { config: pub, schema: { tags, summary: 'Set a line\'s quantity (0 removes it)', body: CartSetQuantitySchema, response } },
    async (req, reply) => {
      const owner = await ownerOf(req, reply);
      return answer(owner, await svc.setQuantity(db, owner, req.body.itemId, req.body.quantity));
    });

  app.delete('/Cart/Remove', { config: pub, schema: { tags, querystring: CartRemoveQuerySchema, response } }, async (req, reply) => {
    const owner = await ownerOf(req, reply);
    return answer(owner, await svc.removeItem(db, owner, req.query.itemId));
  });

  app.post('/Cart/ApplyDiscount', { config: pub, schema: { tags, body: ApplyDiscountSchema, response } }, async (req, reply) => {
    const owner = await ownerOf(req, reply);
    const cart = await svc.applyDiscount(db, owner, req.body.code, await settings());
    keepToken(reply, cart.newToken);
    return answer(owner, cart.id);
  });

  app.delete('/Cart/RemoveDiscount', { config: pub, schema: { tags, response } }, async (req, reply) => {
    const owner = await ownerOf(req, reply);
    return answer(owner, await svc.removeDiscount(db, owner));
  });

  /* ---------- discount codes (admin) ---------- */
  const dtags = ['discounts'];
  const security = [{ bearer: [] }];
  app.get('/Discount', { schema: { tags: dtags, security, querystring: DiscountListQuerySchema, response: { 200: envelope(paged(DiscountSchema)) } } },
    async (req) => ok(await discounts.listDiscounts(db, req.query.pageNumber ?? 1, req.query.pageSize ?? 10, req.query.search)));
  app.post('/Discount', { schema: { tags: dtags, security, body: DiscountFormSchema, response: { 200: envelope(DiscountSchema) } } },
    async (req) => ok(await discounts.createDiscount(db, req.auth?.userId, req.body)));
  app.put('/Discount', { schema: { tags: dtags, security, body: DiscountUpdateSchema, response: { 200: envelope(DiscountSchema) } } },
    async (req) => ok(await discounts.updateDiscount(db, req.auth?.userId, req.body)));
  app.delete('/Discount', { schema: { tags: dtags, security, querystring: IdQuerySchema, response: { 200: OkSchema } } },
    async (req) => ok(await discounts.deleteDiscount(db, req.auth?.userId, req.query.id)));
};
