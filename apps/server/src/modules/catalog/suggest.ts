import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeSearch, suggestEndpoints, type Suggestions } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import type { ReadCache } from '../../lib/cache.js';
import { readsOf, routesOf } from '../../lib/endpoint.js';
import { tooMany } from '../../lib/errors.js';
import { clientAddress } from '../../lib/limiter.js';
import { cachedJson, sendCached } from '../../lib/route-helpers.js';
import { brandMap } from './brand.service.js';
import { categoryIndex } from './category.service.js';
import { didYouMean } from './did-you-mean.js';
import { suggestProducts } from './product.service.js';

const PRODUCTS = 6;
const NAMES = 4;
/** Letters (spaces aside) before anything is suggested. */
const MIN_LETTERS = 2;

interface Named { id: number; words: string; title: string }
/** Category and brand names, normalised once per catalogue change (the read cache drops them after any write). */
async function namesOf(db: Db, cache: ReadCache) {
  return cache.getOrLoad('suggest-names', async () => {
    const [cats, brands] = await Promise.all([categoryIndex(db, cache), brandMap(db, cache)]);
    return {
      categories: [...cats.byId.values()].map((c) => ({
        id: c.id, title: c.title, words: normalizeSearch(`${c.title} ${c.alias}`), parentTitle: c.parentId ? cats.byId.get(c.parentId)?.title ?? null : null,
      })),
      brands: [...brands.values()].filter((b) => (b.productCount ?? 0) > 0).map((b) => ({ id: b.id, title: b.title, alias: b.alias, words: normalizeSearch(`${b.title} ${b.alias}`) })),
    };
  });
}

/** The names holding every word of the query (as the start of one of their words first), shortest first. */
function matchNames<T extends Named>(names: T[], words: string[]): T[] {
  const scored: { n: T; starts: number }[] = [];
  for (const n of names) {
    const own = n.words.split(' ');
    if (!words.every((w) => n.words.includes(w))) continue;
    scored.push({ n, starts: words.filter((w) => own.some((o) => o.startsWith(w))).length });
  }
  scored.sort((a, b) => b.starts - a.starts || a.n.title.length - b.n.title.length || a.n.id - b.n.id);
  return scored.slice(0, NAMES).map((s) => s.n);
}

async function suggest(db: Db, cache: ReadCache, query: string): Promise<Suggestions> {
  const q = normalizeSearch(query);
  if ([...q.replace(/ /g, '')].length < MIN_LETTERS) return { products: [], categories: [], brands: [] };
  const words = q.split(' ');
  const [products, names] = await Promise.all([suggestProducts(db, cache, q, PRODUCTS), namesOf(db, cache)]);
  return {
    products,
    categories: matchNames(names.categories, words).map(({ id, title, parentTitle }) => ({ id, title, parentTitle })),
    brands: matchNames(names.brands, words).map(({ id, title, alias }) => ({ id, title, alias })),
  };
}

export const suggestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache, limiter, config } = app.services;
  const db = app.services.database.db;
  const route = routesOf(app, suggestEndpoints);
  // Each distinct prefix is answered once per catalogue version (the read cache), as a shopper's typing repeats them.
  route('GET /Product/Suggest', async (req, reply) => {
    // A shopper types a few words a second; a script asking thousands is refused like search's (Product/All).
    if (config.RATE_LIMIT && !(await limiter.hit(`suggest:${clientAddress(req.ip)}`, 300, 10_000))) throw tooMany();
    return sendCached(reply, `suggest:${normalizeSearch(req.query.q)}`, async () => suggest(db, cache, req.query.q));
  });
  // Asked by the search page when a search finds nothing; once per query and catalogue version, like the listings.
  // Also read in process by the search page's loader (lib/in-process.ts).
  readsOf(app, suggestEndpoints)('GET /Product/DidYouMean', async (query, caller) => {
    if (config.RATE_LIMIT && !(await limiter.hit(`suggest:${clientAddress(caller.ip)}`, 300, 10_000))) throw tooMany();
    return cachedJson(cache, `did-you-mean:${normalizeSearch(query.q)}`, async () => didYouMean(db, cache, query.q));
  });
};
