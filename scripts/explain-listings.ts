/**
 * Prints the plan of every listing and search shape the SQL path runs (modules/catalog/catalog-sql.ts), on a
 * seeded database, with EXPLAIN (ANALYZE, BUFFERS): the evidence behind docs/decisions/018-listings-at-scale.md.
 *
 *   node --import tsx scripts/explain-listings.ts --data DIR        a PGlite data dir (e.g. one kept by npm run bench -- --data DIR)
 *   node --import tsx scripts/explain-listings.ts --url postgres://…  a PostgreSQL database
 *   --summary                                                        one line per query: its index scans, sorts and time
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openDatabase, rowsOf, type Db } from '../apps/server/src/db/client.js';
import { migrateForServer } from '../apps/server/src/db/data-steps.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { brands, categories, products } from '../apps/server/src/db/schema/index.js';
import { listInSql, type SqlListQuery } from '../apps/server/src/modules/catalog/catalog-sql.js';
import { inAdmin, onStorefront } from '../apps/server/src/modules/catalog/visible.js';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const url = option('--url');
const dataDir = option('--data');
if (!url && !dataDir) throw new Error('give --data DIR or --url postgres://…');
const SUMMARY = argv.includes('--summary');

const database = await openDatabase({ url, dataDir: dataDir ? path.resolve(dataDir) : undefined });
await migrateForServer(database);
const client = (database.db as unknown as { $client: unknown }).$client;
const captured: { sql: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => { captured.push({ sql: query, params }); } };
const db = (database.kind === 'postgres'
  ? drizzlePg(client as never, { schema, logger })
  : drizzlePglite(client as never, { schema, logger })) as unknown as Db;
await database.db.execute(sql`vacuum analyze products`); // as autovacuum would have (index-only counts need the visibility map)

// The shapes: a top category with its descendants, a leaf, a big brand, a price band, every sort, a deep page.
const tree = await database.db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
const childrenOf = (id: number): number[] => tree.filter((c) => c.parentId === id).flatMap((c) => [c.id, ...childrenOf(c.id)]);
const top = tree.filter((c) => c.parentId === null).map((c) => ({ id: c.id, all: [c.id, ...childrenOf(c.id)] })).sort((a, b) => b.all.length - a.all.length)[0]!;
const [{ leaf }] = rowsOf<{ leaf: number }>(await database.db.execute(sql`select category_id as leaf from products group by category_id order by count(*) desc limit 1`)) as [{ leaf: number }];
const [{ brand }] = rowsOf<{ brand: number }>(await database.db.execute(sql`select brand_id as brand from products where brand_id is not null group by brand_id order by count(*) desc limit 1`)) as [{ brand: number }];
const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${products}`)) as [{ n: number }];
const word = (await database.db.select({ t: products.title }).from(products).limit(1))[0]!.t.split(' ')[0]!;
console.log(`${database.kind}, ${n.toLocaleString('en')} products; top category ${top.id} with ${top.all.length - 1} descendants, leaf ${leaf}, brand ${brand} (${(await database.db.select().from(brands)).length} brands), search word «${word}»`);

const page = (p: number) => ({ offset: (p - 1) * 12, limit: 12 });
const shapes: [string, SqlListQuery][] = [
  ['category with descendants, newest, page 1', { visible: onStorefront, categoryIds: top.all, sort: 'newest', ...page(1) }],
  ['one category, cheapest, page 1', { visible: onStorefront, categoryIds: [leaf], sort: 'cheapest', ...page(1) }],
  ['category with descendants + brand, dearest', { visible: onStorefront, categoryIds: top.all, brandIds: [brand], sort: 'dearest', ...page(1) }],
  ['category with descendants + price range, best selling', { visible: onStorefront, categoryIds: top.all, minPrice: 200_000, maxPrice: 600_000, sort: 'bestselling', ...page(1) }],
  ['category with descendants + in stock, discount', { visible: onStorefront, categoryIds: top.all, inStock: true, sort: 'discount', ...page(1) }],
  ['category with descendants + discounted only, popular', { visible: onStorefront, categoryIds: top.all, hasOff: true, sort: 'popular', ...page(1) }],
  ['category with descendants, newest, deep page 60', { visible: onStorefront, categoryIds: top.all, sort: 'newest', ...page(60) }],
  ['every product, cheapest, page 1', { visible: onStorefront, sort: 'cheapest', ...page(1) }],
  ['every product, newest, deep page 60', { visible: onStorefront, sort: 'newest', ...page(60) }],
  ['a brand alone, newest', { visible: onStorefront, brandIds: [brand], sort: 'newest', ...page(1) }],
  ['search, one word (SQL fallback), relevance', { visible: onStorefront, search: word, searchMode: 'words', ...page(1) }],
  ['search, two words with a typo (SQL fallback), relevance', { visible: onStorefront, search: `${word} ${word.slice(0, -1)}`, searchMode: 'words', ...page(1) }],
  ["admin's table: drafts too, a substring, newest", { visible: inAdmin, search: word.slice(0, 3), searchMode: 'substring', sort: 'newest', ...page(1) }],
  // The product desk's filters (decision 023).
  ["admin's table: out of stock, newest", { visible: inAdmin, stockLevel: 'none', sort: 'newest', ...page(1) }],
  ["admin's table: low stock, newest", { visible: inAdmin, stockLevel: 'low', sort: 'newest', ...page(1) }],
  ["admin's table: category with descendants + brand + discounted + low stock", { visible: inAdmin, categoryIds: top.all, brandIds: [brand], hasOff: true, stockLevel: 'low', sort: 'newest', ...page(1) }],
];

const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : v instanceof Date ? `'${v.toISOString()}'` : String(v));
for (const [name, q] of shapes) {
  captured.length = 0;
  await listInSql(db, q);
  console.log(`\n## ${name}`);
  for (const { sql: text, params } of captured) {
    const bound = text.replace(/\$(\d+)/g, (_, i) => literal(params[Number(i) - 1]));
    const plan = rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`explain (analyze, buffers, costs off) ${bound}`))).map((r) => Object.values(r)[0]!);
    const kind = /^select count/.test(text) ? 'count' : 'page';
    if (SUMMARY) {
      const scans = [...new Set(plan.flatMap((l) => /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)?(?: using| on) (\w+)/.exec(l)?.slice(0, 1) ?? []))];
      const sorts = plan.filter((l) => /Sort|Merge Append/.test(l)).map((l) => l.trim().replace(/\s+\(.*$/, ''));
      console.log(`  ${kind}: ${plan.at(-1)!.trim()} · ${[...scans, ...new Set(sorts)].join(' · ')}`);
    } else {
      console.log(`\n${kind}:\n${bound}\n${plan.join('\n')}`);
    }
  }
}
await database.close();
