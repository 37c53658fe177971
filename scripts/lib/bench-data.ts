import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
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
  /** Words of the products' titles (for cold searches). */
  words: string[];
}

/** Seeds `products` demo products into the database (PGlite in `dataDir`, or `pgUrl`) unless it has them, and reads what the URLs are made of. */
export async function benchCatalogue(opts: { dataDir: string; pgUrl?: string; products: number; reuse: boolean }): Promise<{ ctx: BenchContext; seeded: string }> {
  const t = Date.now();
  const database = await openDatabase({ url: opts.pgUrl, dataDir: opts.dataDir });
  try {
    await runMigrations(database);
    const seeded = await seedCatalogue({ db: database.db, storage: localStorage(path.join(opts.dataDir, 'uploads')) }, { products: opts.products, imageBudget: 24 });
    if (!seeded && !opts.reuse) throw new Error('the bench database was not empty');
    const rows = await database.db.select({ id: products.id, title: products.title }).from(products).orderBy(asc(products.id));
    const categoryIds = (await database.db.select({ id: categories.id }).from(categories)).map((r) => r.id);
    const brandIds = (await database.db.select({ id: brands.id }).from(brands)).map((r) => r.id);
    const words = [...new Set(rows.flatMap((r) => r.title.split(/\s+/)).filter((w) => w.length >= 2 && !/^[\d۰-۹]+$/.test(w)))];
    const ctx: BenchContext = { productIds: rows.map((r) => r.id), categoryTitle: 'مراقبت پوست', categoryIds, brandIds, words };
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

/** What a shopper types into search: a word, a prefix, two words, or a word with a typo. */
export function searchText(ctx: BenchContext, r: Rng): string {
  const w = r.pick(ctx.words);
  const kind = r.next();
  return kind < 0.35 ? w
    : kind < 0.55 ? w.slice(0, Math.max(2, Math.ceil(w.length * 0.6)))
      : kind < 0.8 ? `${w} ${r.pick(ctx.words)}`
        : typo(w, r);
}

/**
 * How many of the searches a run asked (the first `n` of `paths`: a run takes them in order; each path's `search` or
 * `Title` parameter) find nothing, asked again of the shop's API one at a time. A page that finds nothing costs the
 * server about half one that finds something (docs/decisions/032), and two words drawn apart from the seeded titles
 * seldom meet in one — while single words, soon all drawn, thin out along the list — so the benches print the share
 * of what each run asked beside its figures.
 */
export async function searchesFindingNothing(base: string, paths: string[], n: number): Promise<{ asked: number; nothing: number }> {
  const texts = paths.slice(0, Math.max(0, Math.round(n))).map((p) => {
    const params = new URL(p, base).searchParams;
    return params.get('search') ?? params.get('Title') ?? '';
  });
  let nothing = 0;
  for (const text of texts) {
    const res = await fetch(`${base}/api/Product/All?Title=${encodeURIComponent(text)}&pageSize=1`);
    const body = (await res.json()) as { data?: { totalCount?: number } };
    if (body.data?.totalCount === 0) nothing++;
  }
  return { asked: texts.length, nothing };
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
