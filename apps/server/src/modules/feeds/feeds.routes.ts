import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { shopOrigin } from '../../lib/origin.js';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { z } from 'zod';
import {
  countEntries, entriesAfter, entriesById, entriesPage, FEED_PAGE_SIZE, type FeedEntry,
} from './feed.service.js';

/**
 * Torob's published key for its product API v3 tokens (EdDSA, "Torob API Token Guide: JWT Validation" in
 * github.com/torob/Torob-Sync). TOROB_PUBLIC_KEY replaces it (tests sign with a key of their own).
 */
const TOROB_PUBLISHED_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAt6Mu4T0pBORY11W+QeM35UsmLO3vsf+6yKpFDEImFk0=
-----END PUBLIC KEY-----`;

const MAX_PAGE = 100_000;
const ids = z.array(z.string().max(1500)).min(1).max(FEED_PAGE_SIZE);
/** Exactly one of Torob's four request shapes; no defaults (the spec asks for a 400 rather than a guess). */
const TorobRequest = z.union([
  z.strictObject({ page_urls: ids }),
  z.strictObject({ page_uniques: ids }),
  z.strictObject({ page: z.number().int().min(1).max(MAX_PAGE), sort: z.enum(['date_added_desc', 'date_updated_desc']) }),
  z.strictObject({ sort: z.literal('product_id_desc'), cursor: z.string().regex(/^\d{1,10}\.\d{1,10}$/).optional() }),
]);

const UNIQUE = /^(\d{1,10})(?:-(\d{1,10}))?$/;
const PRODUCT_PATH = /^\/product\/(\d{1,10})\/?$/;

/** `12` or `12-345` → the product and (maybe) the variant. */
function fromUnique(s: string) {
  const m = UNIQUE.exec(s);
  return m ? { productId: Number(m[1]), variantId: m[2] ? Number(m[2]) : null } : null;
}

/** `https://shop/product/12?variant=345` → the product and (maybe) the variant; other addresses name nothing. */
function fromUrl(s: string) {
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  const m = PRODUCT_PATH.exec(url.pathname);
  if (!m) return null;
  const variant = url.searchParams.get('variant');
  return { productId: Number(m[1]), variantId: variant && /^\d{1,10}$/.test(variant) ? Number(variant) : null };
}

const absolute = (origin: string, uri: string) => (/^https?:\/\//.test(uri) ? uri : `${origin}${uri}`);

function torobProduct(e: FeedEntry, origin: string) {
  return {
    page_unique: e.unique,
    page_url: `${origin}${e.path}`,
    ...(e.groupId ? { product_group_id: e.groupId } : {}),
    title: e.title.slice(0, 500),
    ...(e.brand ? { subtitle: e.brand.slice(0, 500) } : {}),
    current_price: e.price,
    ...(e.oldPrice ? { old_price: e.oldPrice } : {}),
    availability: e.available,
    ...(e.category ? { category_name: e.category.slice(0, 200) } : {}),
    image_links: e.images.map((u) => absolute(origin, u)),
    spec: e.spec,
    date_added: e.addedAt.toISOString(),
    date_updated: e.updatedAt.toISOString(),
  };
}

/** The price-comparison feeds. Registered without the /api prefix: their paths and shapes are the crawlers'. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  const { database, cache, config } = app.services;
  const db = database.db;
  const originOf = (req: FastifyRequest) => shopOrigin(config.PUBLIC_URL, req);
  let key: Promise<CryptoKey> | undefined;
  const torobKey = () => (key ??= importSPKI(config.TOROB_PUBLIC_KEY ?? TOROB_PUBLISHED_KEY, 'EdDSA'));
  const allowedAudiences = (req: FastifyRequest) => [...new Set([req.host, config.PUBLIC_URL && new URL(config.PUBLIC_URL).host].filter((h): h is string => !!h))];

  const refuse = (reply: FastifyReply, status: number, error: string) => reply.code(status).header('cache-control', 'no-store').send({ error });

  // Torob's product API v3 (product_api_v3.md in github.com/torob/Torob-Sync): POST, a signed token, one of four bodies.
  app.post('/torob_api/v3/products', { config: { access: 'public' }, bodyLimit: 256 * 1024, schema: { hide: true } }, async (req, reply) => {
    const token = req.headers['x-torob-token'];
    if (typeof token !== 'string' || !token) return refuse(reply, 401, 'X-Torob-Token header is missing');
    try {
      // Signature (EdDSA only), exp and nbf, and the audience: this shop's host, so a token made for another shop fails.
      await jwtVerify(token, await torobKey(), { algorithms: ['EdDSA'], audience: allowedAudiences(req), requiredClaims: ['exp'] });
    } catch {
      return refuse(reply, 401, 'invalid token');
    }
    const parsed = TorobRequest.safeParse(req.body);
    if (!parsed.success) {
      const body = req.body as Record<string, unknown> | null;
      return refuse(reply, 400, body && typeof body === 'object' && 'page' in body && !('sort' in body)
        ? 'sort parameter is not provided' : 'invalid request parameters');
    }
    const q = parsed.data;
    const origin = originOf(req);
    reply.header('cache-control', 'no-store');
    const answer = (entries: FeedEntry[], page: number, total: number | null, maxPages: number | null, nextCursor?: string | null) => ({
      api_version: 'torob_api_v3', current_page: page, total, max_pages: maxPages,
      ...(nextCursor !== undefined ? { next_cursor: nextCursor } : {}),
      products: entries.map((e) => torobProduct(e, origin)),
    });

    if ('page_urls' in q || 'page_uniques' in q) {
      const wanted = ('page_urls' in q ? q.page_urls.map(fromUrl) : q.page_uniques.map(fromUnique)).filter((w) => w !== null);
      const entries = await entriesById(db, cache, wanted);
      return answer(entries, 1, entries.length, 1);
    }
    if ('page' in q) {
      const [total, entries] = await Promise.all([countEntries(db), entriesPage(db, cache, q.sort, q.page)]);
      return answer(entries, q.page, total, Math.max(1, Math.ceil(total / FEED_PAGE_SIZE)));
    }
    const [productId, variantId] = q.cursor ? q.cursor.split('.').map(Number) : [];
    const { entries, next } = await entriesAfter(db, cache, q.cursor ? { productId: productId!, variantId: variantId! } : null);
    return answer(entries, 1, null, null, next);
  });

  // A plain product feed for crawlers that read a list (Emalls and the like): public, paged, cacheable.
  const PlainQuery = z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1) });
  app.get('/feeds/products.json', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const parsed = PlainQuery.safeParse(req.query);
    if (!parsed.success) return refuse(reply, 400, 'page must be a whole number from 1');
    const { page } = parsed.data;
    const origin = originOf(req);
    const [total, entries] = await Promise.all([countEntries(db), entriesPage(db, cache, 'date_added_desc', page)]);
    reply.header('cache-control', 'public, max-age=600');
    return {
      page, pages: Math.max(1, Math.ceil(total / FEED_PAGE_SIZE)), total,
      products: entries.map((e) => ({
        id: e.unique, title: e.title, url: `${origin}${e.path}`, price: e.price, old_price: e.oldPrice, is_available: e.available,
        image: e.images[0] ? absolute(origin, e.images[0]) : null, category: e.category, brand: e.brand,
      })),
    };
  });
};
