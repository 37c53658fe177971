import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearch } from '@sorkhab/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { Rng } from '../../seed/prng.js';
import { DB_KIND, freshDatabase, login, ADMIN, bearer } from '../../../test/helpers.js';
import { catalogOf } from './catalog-sync.js';

/**
 * The storefront's listings answered in SQL (a catalogue over its memory budget, decision 018) are the
 * listings the in-memory catalogue answers: two copies on one database, one with the catalogue in
 * memory and one with a budget of 0, asked the same random listings (every filter, sort and page,
 * categories with descendants), and the admin's table (in SQL) of published products likewise.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let memory: App;
let inSql: App;
let token: string;
const dirs: string[] = [];
const tree: { id: number; parentId: number | null }[] = [];
const brandIds: number[] = [];
const words = ['کرم', 'مرطوب', 'کننده', 'رژ', 'لب', 'مات', 'شامپو', 'ضد', 'شوره', 'ریمل', 'حجم', 'دهنده', 'سرم', 'ویتامین'];

beforeAll(async () => {
  database = await freshDatabase();
  const make = (overrides: Parameters<typeof testConfig>[0]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-sqllist-'));
    dirs.push(dir);
    return buildApp(testConfig({ DATA_DIR: dir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...overrides }), { database });
  };
  memory = await make({});
  inSql = await make({ CATALOG_MEMORY_MB: 0 });
  token = await login(inSql, ADMIN.username, ADMIN.password);

  const r = new Rng(21);
  const [root1, root2] = await database.db.insert(categories).values([{ title: 'ریشه یک' }, { title: 'ریشه دو' }]).returning();
  tree.push({ id: root1!.id, parentId: null }, { id: root2!.id, parentId: null });
  for (let i = 0; i < 6; i++) {
    const parent = tree[r.int(0, tree.length - 1)]!;
    const [c] = await database.db.insert(categories).values({ title: `دسته ${i}`, parentId: parent.id }).returning();
    tree.push({ id: c!.id, parentId: parent.id });
  }
  for (let i = 0; i < 5; i++) brandIds.push((await database.db.insert(brands).values({ title: `برند ${i}` }).returning())[0]!.id);
  const day = 86_400_000;
  // Approved reviews' average and count (the popular sort), ties on purpose; 13/3 is not exact in a float.
  // Their own generator, so the rest of the rows stay what the tests below were written against.
  const stars = new Rng(34);
  const rated = () => {
    const ratingCount = stars.pick([0, 0, 1, 3, 12]);
    return { ratingCount, ratingAverage: ratingCount ? stars.pick([5, 4.5, 4, 13 / 3, 3]) : 0 };
  };
  await database.db.insert(products).values(Array.from({ length: 420 }, () => {
    const price = r.int(1, 30) * 10_000;
    const off = r.pick([0, 0, 10, 20, 35]);
    const title = Array.from({ length: r.int(2, 4) }, () => r.pick(words)).join(' ');
    return {
      title, alias: 'a', searchText: normalizeSearch(title), price, offPersent: off, hasOff: off > 0, offPrice: Math.round(price * (100 - off) / 100),
      rate: r.int(0, 10) / 2, ...rated(), stock: r.pick([0, 0, 1, 5, 20]), soldCount: r.int(0, 20), categoryId: r.pick(tree).id,
      brandId: r.next() < 0.9 ? r.pick(brandIds) : null, isDraft: r.next() < 0.05, isDeleted: r.next() < 0.05,
      createdAt: new Date(Date.UTC(2026, 0, 1) + r.int(0, 30) * day), // ties on purpose
    };
  }));
  await memory.services.cache.invalidate();
  await inSql.services.cache.invalidate();
});
afterAll(async () => {
  await inSql?.close();
  await memory?.close();
  await database?.drop();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const answer = async (app: App, url: string, headers = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const { data, totalCount } = res.json().data;
  return { totalCount, ids: data.map((x: { id: number }) => x.id) };
};

describe(`storefront listings in SQL and in memory (${DB_KIND})`, () => {
  it('the copies are in the modes this test compares', async () => {
    expect((await catalogOf(memory.services.database.db, memory.services.cache)).index).toBeDefined();
    expect((await catalogOf(inSql.services.database.db, inSql.services.cache)).index).toBeUndefined();
  });

  it('answers every filter, sort and page alike (300 random listings)', async () => {
    const r = new Rng(5);
    for (let i = 0; i < 300; i++) {
      const q = new URLSearchParams();
      if (r.next() < 0.8) q.set('categoryId', String(r.pick(tree).id));
      if (r.next() < 0.3) q.set('brandIds', r.next() < 0.5 ? String(r.pick(brandIds)) : `${r.pick(brandIds)},${r.pick(brandIds)}`);
      if (r.next() < 0.3) { const lo = r.int(0, 15) * 10_000; q.set('minPrice', String(lo)); q.set('maxPrice', String(lo + r.int(1, 15) * 10_000)); }
      if (r.next() < 0.3) q.set('inStock', 'true');
      if (r.next() < 0.2) q.set('hasOff', String(r.next() < 0.5));
      if (r.next() < 0.85) q.set('sort', r.pick(['newest', 'cheapest', 'dearest', 'bestselling', 'discount']));
      q.set('pageNumber', String(r.next() < 0.8 ? r.int(1, 3) : r.int(4, 12)));
      q.set('pageSize', String(r.pick([12, 24])));
      const url = `/api/Product/All?${q}`;
      expect(await answer(inSql, url), url).toEqual(await answer(memory, url));
    }
  });

  it('counts and lists facets alike: the filter sheet\'s count, brands without the brand filter, categories without the category filter, the price slider\'s end (150 random)', async () => {
    const r = new Rng(8);
    const facets = async (app: App, url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    for (let i = 0; i < 150; i++) {
      const q = new URLSearchParams();
      if (r.next() < 0.6) q.set('categoryId', String(r.pick(tree).id));
      if (r.next() < 0.4) q.set('brandIds', r.next() < 0.5 ? String(r.pick(brandIds)) : `${r.pick(brandIds)},${r.pick(brandIds)}`);
      if (r.next() < 0.3) { const lo = r.int(0, 15) * 10_000; q.set('minPrice', String(lo)); q.set('maxPrice', String(lo + r.int(1, 15) * 10_000)); }
      if (r.next() < 0.3) q.set('inStock', 'true');
      if (r.next() < 0.2) q.set('hasOff', String(r.next() < 0.5));
      if (r.next() < 0.3) q.set('title', r.pick(['کرم', 'ویتامین', 'رژ لب', 'ضد شوره']));
      if (r.next() < 0.5) q.set('withCategories', 'true');
      const count = `/api/Product/Count?${q}`;
      const facetsUrl = `/api/Product/Facets?${q}`;
      const inMemory = await facets(memory, facetsUrl);
      expect(await facets(inSql, facetsUrl), facetsUrl).toEqual(inMemory);
      // The price slider's end: the dearest product's price with the category and the words alone, whatever the rest.
      const alone = new URLSearchParams([...q].filter(([k]) => k === 'categoryId' || k === 'title'));
      const dearest = (await facets(memory, `/api/Product/All?${alone}&sort=dearest&pageSize=1`)).data[0];
      expect(inMemory.priceCeiling, facetsUrl).toBe(dearest ? dearest.offPrice : 0);
      expect(await facets(inSql, count), count).toEqual({ totalCount: inMemory.totalCount });
      expect(await facets(memory, count), count).toEqual({ totalCount: inMemory.totalCount });
    }
  });

  it('answers the best sellers and the most popular alike', async () => {
    for (const url of ['/api/Product/SuggestProducts?pageSize=24', '/api/Product/PopularProducts?pageSize=24', '/api/Product/LastProducts?pageSize=24&pageNumber=2']) {
      expect(await answer(inSql, url), url).toEqual(await answer(memory, url));
    }
  });

  it('finds the same products for a word or two in a listing sorted by price, and the admin\'s table in SQL lists what the storefront lists', async () => {
    for (const w of ['کرم', 'ویتامین', 'رژ لب', 'ضد شوره']) {
      const url = `/api/Product/All?Title=${encodeURIComponent(w)}&sort=cheapest&pageSize=100`;
      expect(await answer(inSql, url), url).toEqual(await answer(memory, url));
    }
    for (const c of tree) {
      const query = `categoryId=${c.id}&sort=dearest&pageSize=24`;
      const admin = await answer(inSql, `/api/Product/Admin?${query}&status=published`, bearer(token));
      expect(admin, query).toEqual(await answer(memory, `/api/Product/All?${query}`));
    }
  });

  it('ranks a search in SQL as decision 007 does: the text that starts with the query first, then the phrase', async () => {
    const url = `/api/Product/All?Title=${encodeURIComponent('رژ لب')}&pageSize=100`;
    const [sqlAnswer, memoryAnswer] = [await answer(inSql, url), await answer(memory, url)];
    expect(new Set(sqlAnswer.ids)).toEqual(new Set(memoryAnswer.ids));
    const titles = new Map((await database.db.select({ id: products.id, t: products.searchText }).from(products)).map((x) => [x.id, x.t]));
    const tier = (id: number) => (titles.get(id)!.startsWith('رژ لب') ? 2 : titles.get(id)!.includes('رژ لب') ? 1 : 0);
    const tiers = sqlAnswer.ids.map(tier);
    expect(tiers).toEqual([...tiers].sort((a: number, b: number) => b - a));
    expect(tiers[0]).toBe(2);
  });

  it('ranks whole words above a hit inside a longer word in SQL too («رژ» is not «بورژوا»)', async () => {
    const [inside] = await database.db.insert(products).values({
      title: 'ریمل بورژوا', alias: 'a', searchText: normalizeSearch('ریمل بورژوا'), price: 10_000, offPrice: 10_000, soldCount: 1_000, categoryId: tree[0]!.id,
    }).returning({ id: products.id });
    await inSql.services.cache.invalidate();
    const { ids } = await answer(inSql, `/api/Product/All?Title=${encodeURIComponent('رژ')}&pageSize=100`);
    const titles = new Map((await database.db.select({ id: products.id, t: products.searchText }).from(products)).map((x) => [x.id, x.t]));
    const whole = ids.filter((id: number) => ` ${titles.get(id)} `.includes(' رژ '));
    expect(whole.length).toBeGreaterThan(0);
    // The best seller of them all, but only «رژ» inside «بورژوا»: after every whole-word hit.
    expect(ids.indexOf(inside!.id)).toBe(whole.length);
  });
});
