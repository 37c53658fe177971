import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearch } from '@sorkhab/shared';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { migrateForServer } from '../src/db/data-steps.js';
import { products } from '../src/db/schema/index.js';
import { catalogOf } from '../src/modules/catalog/catalog-sync.js';
import { localStorage } from '../src/modules/media/storage.js';
import { seedCatalogue } from '../src/seed/catalogue.js';
import { mountWeb } from '../src/web.js';
import { DB_KIND, freshDatabase } from './helpers.js';

/**
 * Issue 12: a 100,000-product catalogue (the demo generator's) answers a listing, a search and a product page
 * correctly — from memory, and from SQL on a copy whose catalogue is over its budget — checked against the
 * database itself. No timings here: `npm run bench -- --products 100000` measures them.
 */
const PRODUCTS = 100_000;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let memory: App;
let inSql: App;
const dirs: string[] = [];
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

beforeAll(async () => {
  database = await freshDatabase();
  await migrateForServer(database); // the data steps, recorded before the seed as on a shop's first start
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-scale-'));
  dirs.push(dir);
  await seedCatalogue({ db: database.db, storage: localStorage(path.join(dir, 'uploads')) }, { products: PRODUCTS, imageBudget: 6 });
  const make = async (overrides: Parameters<typeof testConfig>[0]) => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-scale-'));
    dirs.push(data);
    return buildApp(testConfig({ DATA_DIR: data, ...overrides }), { database });
  };
  memory = await make({});
  expect(await mountWeb(memory)).toBe(true); // the sitemap is a page of the web app
  inSql = await make({ CATALOG_MEMORY_MB: 0 });
  await (await catalogOf(memory.services.database.db, memory.services.cache)).ready;
}, 600_000);
afterAll(async () => {
  await inSql?.close();
  await memory?.close();
  await database?.drop();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const get = async (app: App, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data;
};

describe(`a ${PRODUCTS.toLocaleString('en')}-product catalogue (${DB_KIND})`, () => {
  it('is held in memory by one copy and over budget on the other', async () => {
    const catalog = await catalogOf(memory.services.database.db, memory.services.cache);
    expect(catalog.index?.size).toBe(PRODUCTS);
    expect((await catalogOf(inSql.services.database.db, inSql.services.cache)).index).toBeUndefined();
  });

  it('answers a filtered listing of a category and its descendants, deep in its pages, as the database orders it', async () => {
    const [top] = rows<{ id: number; n: number }>(await database.db.execute(sql`select c.id, count(p.id)::int as n from categories c
      join categories b on b.parent_id = c.id join categories l on l.parent_id = b.id join products p on p.category_id = l.id
      where c.parent_id is null group by c.id order by n desc limit 1`));
    const q = { minPrice: 150_000, maxPrice: 900_000 };
    const expected = rows<{ id: number }>(await database.db.execute(sql`select p.id from products p
      where p.category_id in (select l.id from categories l join categories b on l.parent_id = b.id where b.parent_id = ${top!.id})
        and p.off_price between ${q.minPrice} and ${q.maxPrice} and p.stock > 0 and not p.is_deleted and not p.is_draft
      order by p.off_price desc, p.id desc`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(1000);
    const url = `/api/Product/All?categoryId=${top!.id}&minPrice=${q.minPrice}&maxPrice=${q.maxPrice}&inStock=true&sort=dearest&pageNumber=40&pageSize=24`;
    for (const app of [memory, inSql]) {
      const page = await get(app, url);
      expect(page.totalCount).toBe(expected.length);
      expect(page.data.map((p: { id: number }) => p.id)).toEqual(expected.slice(39 * 24, 40 * 24));
    }
  });

  it('finds a product by its own title first, and every product that holds a word (memory and SQL agree)', async () => {
    const [target] = await database.db.select({ id: products.id, title: products.title }).from(products)
      .where(sql`${products.title} like '% کد %'`).orderBy(sql`${products.id} desc`).limit(1);
    const found = await get(memory, `/api/Product/All?Title=${encodeURIComponent(target!.title)}&pageSize=12`);
    expect(found.data[0].id).toBe(target!.id);

    const word = normalizeSearch('ماندگار');
    const [{ n }] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products
      where search_text like ${`%${word}%`} and not is_deleted and not is_draft`)) as [{ n: number }];
    const fromMemory = await get(memory, `/api/Product/All?Title=${encodeURIComponent(word)}&sort=newest&pageSize=48&pageNumber=3`);
    const fromSql = await get(inSql, `/api/Product/All?Title=${encodeURIComponent(word)}&sort=newest&pageSize=48&pageNumber=3`);
    expect(fromMemory.totalCount).toBeGreaterThanOrEqual(n); // substrings, and typo-near words too
    expect(fromSql).toEqual(fromMemory);
  });

  it('answers product pages with the product as stored, variants included', async () => {
    const sample = rows<{ id: number; title: string; price: number; variants: number }>(await database.db.execute(sql`select p.id, p.title,
      p.price::int as price, (select count(*)::int from product_variants v where v.product_id = p.id and not v.is_deleted) as variants
      from products p order by p.id % 997, p.id limit 25`));
    for (const p of sample) {
      const page = await get(memory, `/api/Product/ById?id=${p.id}`);
      expect(page).toMatchObject({ id: p.id, title: p.title, price: p.price });
      expect(page.variants).toHaveLength(p.variants);
    }
  });

  it('lists every product once in a sitemap index of files of 10,000 (the protocol allows 50,000 a file)', async () => {
    const xml = async (url: string, status = 200) => {
      const res = await memory.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      return res.body;
    };
    const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const [{ n }] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products
      where not is_deleted and not is_draft`)) as [{ n: number }];
    const index = await xml('/sitemap.xml');
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    expect(files).toEqual(['/sitemap/pages.xml', ...Array.from({ length: Math.ceil(n / 10_000) }, (_, i) => `/sitemap/products-${i + 1}.xml`)]);
    expect(locs(await xml('/sitemap/pages.xml'))).toEqual(expect.arrayContaining(['/', '/last-products', '/contact']));
    const seen: string[] = [];
    for (const file of files.slice(1)) {
      const paths = locs(await xml(file));
      expect(paths.length).toBeLessThanOrEqual(10_000);
      seen.push(...paths);
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    await xml(`/sitemap/products-${files.length}.xml`, 404);
    await xml('/sitemap/products-99999.xml', 404);
    await xml('/sitemap/products-100000.xml', 404);
    await xml('/sitemap/products-0.xml', 404);
    await xml('/sitemap/other.xml', 404);
  }, 120_000);
});
