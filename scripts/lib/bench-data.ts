import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrateForServer } from '../../apps/server/src/db/data-steps.js';
import { brands, categories, products } from '../../apps/server/src/db/schema/index.js';
import { localStorage } from '../../apps/server/src/modules/media/storage.js';
import { seedCatalogue } from '../../apps/server/src/seed/catalogue.js';
import { Rng } from '../../apps/server/src/seed/prng.js';
import { sleep } from './child.js';

/**
 * The benchmarks' catalogue and URLs (npm run bench and npm run bench:web): a catalogue of N products from the
 * demo generator, what the cold mixes are built from, and the generators of distinct URLs.
 */

export interface BenchContext {
  productIds: number[];
  /** A top-level category title (the listing includes its descendants). */
  categoryTitle: string;
  categoryIds: number[];
  brandIds: number[];
  /** Words of the products' titles (searches of two words drawn apart, decision 033). */
  words: string[];
  /** What a shopper searching for each product types (`searchText`), in `productIds`' order. */
  searchable: Searchable[];
}

/** A product as a shopper names it: its kind (its category), its brand in Persian and Latin letters, its line. */
export interface Searchable { kind: string; brand: string; brandLatin: string; line: string; brandId: number | null }

/** Seeds `products` demo products into the database (PGlite in `dataDir`, or `pgUrl`) unless it has them, and reads what the URLs are made of. */
export async function benchCatalogue(opts: { dataDir: string; pgUrl?: string; products: number; reuse: boolean }): Promise<{ ctx: BenchContext; seeded: string }> {
  const t = Date.now();
  const database = await openDatabase({ url: opts.pgUrl, dataDir: opts.dataDir });
  try {
    await migrateForServer(database);
    const seeded = await seedCatalogue({ db: database.db, storage: localStorage(path.join(opts.dataDir, 'uploads')) }, { products: opts.products, imageBudget: 24 });
    if (!seeded && !opts.reuse) throw new Error('the bench database was not empty');
    const rows = await database.db.select({ id: products.id, title: products.title, brandId: products.brandId, categoryId: products.categoryId })
      .from(products).orderBy(asc(products.id));
    const categoryRows = await database.db.select({ id: categories.id, title: categories.title }).from(categories);
    const brandRows = await database.db.select({ id: brands.id, title: brands.title, alias: brands.alias }).from(brands);
    const words = [...new Set(rows.flatMap((r) => r.title.split(/\s+/)).filter((w) => w.length >= 2 && !/^[\d۰-۹]+$/.test(w)))];
    const kindOf = new Map(categoryRows.map((c) => [c.id, c.title]));
    const brandOf = new Map(brandRows.map((b) => [b.id, b]));
    const searchable = rows.map((r) => {
      const brand = r.brandId ? brandOf.get(r.brandId) : undefined;
      // The demo's titles: "{kind} {brand} مدل {line}", then "حجم …" or "کد …" where two would be the same.
      const line = /\sمدل\s(.+?)(?:\s(?:حجم|کد)\s|$)/.exec(r.title)?.[1] ?? '';
      return { kind: kindOf.get(r.categoryId) ?? '', brand: brand?.title ?? '', brandLatin: brand?.alias ?? '', line, brandId: r.brandId };
    });
    const ctx: BenchContext = {
      productIds: rows.map((r) => r.id), categoryTitle: 'مراقبت پوست', categoryIds: categoryRows.map((c) => c.id), brandIds: brandRows.map((b) => b.id), words, searchable,
    };
    return {
      ctx,
      seeded: seeded
        ? `seeded ${seeded.products} products, ${seeded.categories} categories, ${seeded.galleryImages} gallery images in ${((Date.now() - t) / 1000).toFixed(1)} s (pictures ${(seeded.imagesMs / 1000).toFixed(1)} s)`
        : `reused ${rows.length} products in ${opts.dataDir}`,
    };
  } finally {
    await database.close();
  }
}

/** A fresh database on DATABASE_URL's server (default the local one), dropped by `drop()`. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: server.toString() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Waits until the server's log has a line with `msg`, and answers that line. */
export async function waitForLog(file: string, msg: string, timeoutMs: number): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => l.includes(`"msg":"${msg}"`));
    if (line) return JSON.parse(line) as Record<string, number>;
    if (Date.now() > deadline) throw new Error(`the server did not log "${msg}" in time`);
    await sleep(500);
  }
}

/** The demo generator's seeded random source: the same URLs for the same seed, run after run. */
export const rng = (seed: number) => new Rng(seed);

/** Up to `n` distinct URLs from a generator (stops early when it keeps repeating itself). */
export function distinct(n: number, seed: number, make: (r: Rng) => string): string[] {
  const r = rng(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 5; tries++) out.add(make(r));
  return [...out];
}

export function shuffle<T>(xs: T[], seed: number): T[] {
  const r = rng(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A shopper's typo: a letter dropped, doubled or swapped with its neighbour. */
function typo(w: string, r: Rng): string {
  if (w.length < 3) return w + w.at(-1);
  const i = r.int(1, w.length - 2);
  const kind = r.int(0, 2);
  if (kind === 0) return w.slice(0, i) + w.slice(i + 1);
  if (kind === 1) return w.slice(0, i) + w[i] + w.slice(i);
  return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
}

/**
 * What a shopper types into search (docs/decisions/033): one product named as shoppers name things — its kind («کرم
 * ضد آفتاب», or only «کرم»), its brand in Persian or Latin letters, its line, the kind and the brand («ریمل میبلین»),
 * the brand and the line — sometimes cut short while typing or with a typo; and one search in seven two words drawn
 * apart from every title's, which seldom meet in one product (a product the shop does not sell, two things at once).
 * Not the words the demo's titles are joined with («مدل», «حجم», «کد», units), which no shopper searches for.
 */
export function searchText(ctx: BenchContext, r: Rng): string {
  return searchDraw(ctx, r).text;
}

/** `searchText` and the brand of the product it names (none for two words drawn apart). */
function searchDraw(ctx: BenchContext, r: Rng): { text: string; brandId: number | null } {
  if (r.next() < 1 / 7) return { text: `${r.pick(ctx.words)} ${r.pick(ctx.words)}`, brandId: null };
  const p = r.pick(ctx.searchable);
  const brand = r.next() < 1 / 3 && p.brandLatin ? p.brandLatin : p.brand;
  const kind = r.next();
  const named = kind < 0.25 ? p.kind
    : kind < 0.35 ? p.kind.split(' ')[0]!
      : kind < 0.55 ? brand
        : kind < 0.65 ? p.line
          : kind < 0.85 ? `${p.kind} ${brand}`
            : `${brand} ${p.line}`;
  const text = named.trim() || p.kind;
  const change = r.next();
  if (change < 0.7) return { text, brandId: p.brandId };
  const words = text.split(' ');
  const last = words.length - 1;
  if (change < 0.85) words[last] = words[last]!.slice(0, Math.max(2, Math.ceil(words[last]!.length * 0.6)));
  else { const i = r.int(0, last); words[i] = typo(words[i]!, r); }
  return { text: words.join(' '), brandId: p.brandId };
}

/**
 * A search page's query as a shopper or a crawler reaches it: the text (`searchText`), and one time in three a link
 * of the result page — another sort, a later page, the brand of the product the text came from, in stock only.
 * `names` are the parameters' names where the API and the storefront differ.
 */
export function searchQuery(ctx: BenchContext, r: Rng, names: { search: string; brands: string; page: string }): URLSearchParams {
  const { text, brandId } = searchDraw(ctx, r);
  const p = new URLSearchParams({ [names.search]: text });
  const link = r.next();
  if (link < 0.12) p.set('sort', r.pick(['newest', 'cheapest', 'dearest', 'bestselling', 'discount']));
  else if (link < 0.22) p.set(names.page, String(r.int(2, 4)));
  else if (link < 0.28) { if (brandId) p.set(names.brands, String(brandId)); } // two words drawn apart name no product
  else if (link < 0.33) p.set('inStock', 'true');
  return p;
}

/**
 * How many of the searches a run asked (the first `n` of `paths`: a run takes them in order; each path's text, brand
 * and stock filters, the storefront's names or the API's) find nothing, asked again of the shop's API one at a time. A
 * page that finds nothing costs the server about half one that finds something (docs/decisions/032), so the benches
 * print the share of what each run asked beside its figures.
 */
export async function searchesFindingNothing(base: string, paths: string[], n: number): Promise<{ asked: number; nothing: number }> {
  const queries = paths.slice(0, Math.max(0, Math.round(n))).map((p) => {
    const params = new URL(p, base).searchParams;
    const query = new URLSearchParams({ Title: params.get('search') ?? params.get('Title') ?? '', pageSize: '1' });
    const brand = params.get('brands') ?? params.get('brandIds');
    if (brand) query.set('brandIds', brand);
    if (params.get('inStock')) query.set('inStock', 'true');
    return query;
  });
  let nothing = 0;
  for (const query of queries) {
    const res = await fetch(`${base}/api/Product/All?${query}`);
    const body = (await res.json()) as { data?: { totalCount?: number } };
    if (body.data?.totalCount === 0) nothing++;
  }
  return { asked: queries.length, nothing };
}

/** The line the benches print for `searchesFindingNothing`'s answer. */
export const describeNothingFound = ({ asked, nothing }: { asked: number; nothing: number }, whose: string) =>
  `${whose}: ${nothing.toLocaleString('en')} of the ${asked.toLocaleString('en')} searches asked find nothing (${asked ? Math.round((nothing / asked) * 100) : 0}%, cheaper to answer than those that find something)`;

/**
 * A random listing's query: category (with descendants), sometimes a brand, a price range, in stock, discount; a
 * sort and a page. `names` are the parameters' names where the API and the storefront differ.
 */
export function listingQuery(ctx: BenchContext, r: Rng, names: { category: string; brands: string; page: string; firstPage: boolean }): URLSearchParams {
  const p = new URLSearchParams({ [names.category]: String(r.pick(ctx.categoryIds)) });
  if (r.next() < 0.4) p.set(names.brands, String(r.pick(ctx.brandIds)));
  if (r.next() < 0.3) { const lo = r.int(0, 40) * 25_000; p.set('minPrice', String(lo)); p.set('maxPrice', String(lo + r.int(1, 20) * 50_000)); }
  if (r.next() < 0.3) p.set('inStock', 'true');
  if (r.next() < 0.15) p.set('hasOff', 'true');
  p.set('sort', r.pick(['newest', 'cheapest', 'dearest', 'bestselling', 'discount']));
  const page = r.next() < 0.9 ? r.int(1, 5) : r.int(6, 60);
  if (page > 1 || names.firstPage) p.set(names.page, String(page));
  return p;
}
