import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { brands, categories, galleryImages, products, productVariants } from '../../db/schema/index.js';
import { DB_KIND, freshDatabase } from '../../../test/helpers.js';
import { CatalogSync } from './catalog-sync.js';
import { CatalogIndex } from './catalog-index.js';
import { removeCutSaves } from './save-file.js';
import { SnapshotWriter } from './snapshot.js';

/** A process id no process has: past Linux's largest (2^22). */
const GONE = 4_194_999;

/** A product page's body as Product/ById's JSON: the page kept gzipped, unzipped. */
const bodyOf = async (sync: CatalogSync, id: number, load: (block: number) => Promise<Map<number, Buffer>>) => {
  const gzipped = await sync.gzippedBody(id, load);
  return gzipped && zlib.gunzipSync(gzipped);
};

/**
 * The change log and its reader (decision 015), below the API: every kind of change reaches a copy's
 * in-memory catalogue on its next sync, and on PostgreSQL a transaction that commits after a later one
 * is not missed.
 */
describe(`catalogue sync (${DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let categoryId: number;
  const titlesOf = (sync: CatalogSync) => {
    const { slots } = sync.index!.query({ offset: 0, limit: 100 });
    return Array.from(slots, (s) => sync.index!.card(s).title).sort();
  };
  const insertProduct = async (title: string, extra: Partial<typeof products.$inferInsert> = {}) => {
    const [row] = await database.db.insert(products).values({ title, alias: 'a', price: 1000, offPrice: 1000, categoryId, searchText: title, ...extra }).returning();
    return row!.id;
  };

  beforeAll(async () => {
    database = await freshDatabase();
    const [cat] = await database.db.insert(categories).values({ title: 'دسته' }).returning();
    categoryId = cat!.id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('follows inserts, updates, drafts, hiding and deletes; a gallery or variant change drops the product page', async () => {
    const sync = new CatalogSync(database.db);
    const a = await insertProduct('الف');
    await sync.sync();
    expect(titlesOf(sync)).toEqual(['الف']);

    const b = await insertProduct('ب');
    const draft = await insertProduct('پیش‌نویس', { isDraft: true });
    await database.db.update(products).set({ title: 'الف تازه', stock: 7 }).where(eq(products.id, a));
    await sync.sync();
    expect(titlesOf(sync)).toEqual(['الف تازه', 'ب']);

    await database.db.update(products).set({ isDraft: false }).where(eq(products.id, draft));
    await database.db.update(products).set({ isDeleted: true }).where(eq(products.id, b));
    await sync.sync();
    expect(titlesOf(sync)).toEqual(['الف تازه', 'پیش‌نویس']);

    await database.db.delete(products).where(eq(products.id, draft));
    await sync.sync();
    expect(titlesOf(sync)).toEqual(['الف تازه']);

    // A kept product page goes when its gallery or variants change, and every page when a brand or category does.
    let loads = 0;
    const body = () => bodyOf(sync, a, async () => { loads++; return new Map([[a, Buffer.from(`v${loads}`)]]); });
    expect(String(await body())).toBe('v1');
    expect(String(await body())).toBe('v1');
    await database.db.insert(galleryImages).values({ productId: a, imageUri: '/uploads/x.jpg', filename: 'x' });
    await sync.sync();
    expect(String(await body())).toBe('v2');
    await database.db.insert(productVariants).values({ productId: a, stock: 3 });
    await sync.sync();
    expect(String(await body())).toBe('v3');
    await database.db.insert(brands).values({ title: 'برند تازه' });
    await sync.sync();
    expect(String(await body())).toBe('v4');
    await database.db.update(categories).set({ title: 'دسته تازه' }).where(eq(categories.id, categoryId));
    await sync.sync();
    expect(String(await body())).toBe('v5');
  });

  it('warms every product page once, a block at a time, and then answers them without loading', async () => {
    const sync = new CatalogSync(database.db);
    await sync.sync();
    const blocks: number[] = [];
    const load = async (block: number) => {
      blocks.push(block);
      return new Map(Array.from(sync.index!.productIds()).filter((id) => Math.floor(id / 64) === block).map((id) => [id, Buffer.from(`page ${id}`)]));
    };
    expect(await sync.warmPages(load)).toBe(blocks.length);
    expect(new Set(blocks).size).toBe(blocks.length);
    const ids = Array.from(sync.index!.productIds());
    for (const id of ids) expect(String(await bodyOf(sync, id, load))).toBe(`page ${id}`);
    expect(await sync.warmPages(load)).toBe(0);
    expect(blocks.length).toBe(new Set(ids.map((id) => Math.floor(id / 64))).size);
  });

  it('a second copy loading from scratch sees the same catalogue as one that followed the log', async () => {
    const follower = new CatalogSync(database.db);
    await follower.sync();
    for (let i = 0; i < 5; i++) await insertProduct(`کالا ${i}`);
    await database.db.execute(sql`update products set price = price + 1`);
    await follower.sync();
    const fresh = new CatalogSync(database.db);
    await fresh.sync();
    expect(titlesOf(fresh)).toEqual(titlesOf(follower));
    expect(fresh.index!.size).toBe(follower.index!.size);
  });

  it.runIf(DB_KIND === 'postgres')('does not miss a transaction that commits after a later one (xid order ≠ commit order)', async () => {
    const sync = new CatalogSync(database.db);
    await sync.sync();
    const early = await insertProduct('زودتر');
    const late = await insertProduct('دیرتر');
    await sync.sync();
    // T1 starts first (smaller xid) and changes `early`; T2 changes `late` and commits; a sync runs; then T1 commits.
    const t1 = new pg.Client({ connectionString: database.url });
    const t2 = new pg.Client({ connectionString: database.url });
    await Promise.all([t1.connect(), t2.connect()]);
    try {
      await t1.query('begin');
      await t1.query(`update products set title = 'زودتر تازه' where id = $1`, [early]);
      await t2.query(`update products set title = 'دیرتر تازه' where id = $1`, [late]);
      await sync.sync();
      expect(titlesOf(sync)).toContain('دیرتر تازه');
      expect(titlesOf(sync)).toContain('زودتر');
      await t1.query('commit');
      await sync.sync();
      expect(titlesOf(sync)).toContain('زودتر تازه');
    } finally {
      await Promise.all([t1.end(), t2.end()]);
    }
  });

  it.runIf(DB_KIND === 'postgres')('drops a changed product\'s pages once, not again at each read while an open transaction holds the xmin back', async () => {
    const sync = new CatalogSync(database.db);
    await sync.sync();
    const id = await insertProduct('نگه‌داشته');
    await sync.sync();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()'); // an xid older than the change below: the xmin stays behind it
      await database.db.update(products).set({ title: 'نگه‌داشته تازه' }).where(eq(products.id, id));
      await sync.sync();
      expect(titlesOf(sync)).toContain('نگه‌داشته تازه');
      // The page and its HTML are made again after the change, then the catalogue reads the log again.
      sync.useHtmlLabel('layout');
      expect(sync.keepHtml(id, Buffer.from('صفحه'), 'layout', sync.htmlEpoch)).toBe(true);
      const epoch = sync.htmlEpoch;
      await sync.sync();
      await sync.sync();
      expect(sync.hasHtml(id)).toBe(true);
      expect(sync.htmlEpoch).toBe(epoch);
      // A new change is still applied.
      await database.db.update(products).set({ title: 'نگه‌داشته تازه‌تر' }).where(eq(products.id, id));
      await sync.sync();
      expect(titlesOf(sync)).toContain('نگه‌داشته تازه‌تر');
      expect(sync.hasHtml(id)).toBe(false);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });
});

describe(`catalogue memory budget, snapshot and background load (${DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let categoryId: number;
  let dir: string;
  const titlesOf = (sync: CatalogSync) => {
    const { slots } = sync.index!.query({ offset: 0, limit: 1000 });
    return Array.from(slots, (s) => sync.index!.card(s).title).sort();
  };
  const insert = (titles: string[]) => database.db.insert(products).values(titles.map((title) => ({ title, alias: 'a', price: 1000, offPrice: 1000, categoryId, searchText: title })));

  beforeAll(async () => {
    database = await freshDatabase();
    const [cat] = await database.db.insert(categories).values({ title: 'دسته' }).returning();
    categoryId = cat!.id;
    await insert(Array.from({ length: 300 }, (_, i) => `کالای ${i}`));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-catalog-'));
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a catalogue over its budget is never loaded: listings stay in SQL', async () => {
    const sync = new CatalogSync(database.db, { budgetBytes: 300 * 100 });
    await sync.sync();
    await sync.ready;
    expect(sync.mode).toBe('sql');
    expect(sync.index).toBeUndefined();
    await insert(['پس از آن']);
    await sync.sync(); // still follows the log (product pages), still in SQL
    expect(sync.index).toBeUndefined();
  });

  it('a large catalogue loads behind SQL answers and is then installed, current', async () => {
    const sync = new CatalogSync(database.db, { loadInline: 10 });
    await sync.sync(); // does not wait for the load (listings meanwhile run in SQL)
    expect(['loading', 'memory']).toContain(sync.mode);
    await sync.ready;
    expect(sync.mode).toBe('memory');
    const fresh = new CatalogSync(database.db);
    await fresh.sync();
    expect(titlesOf(sync)).toEqual(titlesOf(fresh));
  });

  it('restarts from its snapshot and applies only what changed since, as a fresh load would see it', async () => {
    const file = path.join(dir, 'catalog.snapshot');
    const first = new CatalogSync(database.db, { snapshotFile: file });
    await first.sync();
    await first.save();
    // While "stopped": new, changed, hidden and deleted products.
    await insert(['تازه پس از ذخیره']);
    const [changed, hidden, removed] = (await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(3)).map((r) => r.id);
    await database.db.update(products).set({ title: 'عوض‌شده', searchText: 'عوض شده' }).where(eq(products.id, changed!));
    await database.db.update(products).set({ isDraft: true }).where(eq(products.id, hidden!));
    await database.db.delete(products).where(eq(products.id, removed!));

    const second = new CatalogSync(database.db, { snapshotFile: file });
    await second.sync();
    expect(second.restored).toBe(true);
    const fresh = new CatalogSync(database.db);
    await fresh.sync();
    expect(titlesOf(second)).toEqual(titlesOf(fresh));
    expect(second.index!.query({ search: 'عوض', offset: 0, limit: 5 }).total).toBe(1);
  });

  it('a restart keeps the product pages (and their HTML) saved beside its snapshot, less those changed since; another build loads them again', async () => {
    const snapshotFile = path.join(dir, 'pages.snapshot');
    const pagesFile = path.join(dir, 'catalog.pages');
    const htmlFile = path.join(dir, 'catalog.html');
    const html = (id: number) => Buffer.from(`<head></head><main>صفحه ${id}</main>`);
    const loads: number[] = [];
    const loader = (sync: CatalogSync, tag: string) => async (block: number) => {
      loads.push(block);
      return new Map(Array.from(sync.index!.productIds()).filter((id) => Math.floor(id / 64) === block).map((id) => [id, Buffer.from(`${tag} ${id}`)]));
    };
    const first = new CatalogSync(database.db, { snapshotFile, pagesFile, htmlFile, buildStamp: 'build-1' });
    await first.sync();
    await first.warmPages(loader(first, 'first'));
    const ids = Array.from(first.index!.productIds());
    first.useHtmlLabel('layout-1');
    for (const id of ids) expect(first.keepHtml(id, html(id), 'layout-1', first.htmlEpoch)).toBe(true);
    expect(first.keepHtml(ids[0]!, html(0), 'layout-0', first.htmlEpoch)).toBe(false); // rendered under another layout
    expect(first.keepHtml(ids[0]!, html(0), 'layout-1', first.htmlEpoch - 1)).toBe(false); // begun before a change
    // While it runs, its pages live in files beside their saves (named for this process); saving renames them.
    expect(fs.readdirSync(dir).filter((n) => n.startsWith(`catalog.html.${process.pid}-`))).toHaveLength(1);
    await first.save({ pages: true });
    first.close();
    expect(fs.existsSync(pagesFile)).toBe(true);
    expect(fs.existsSync(htmlFile)).toBe(true);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // While "stopped": one product changes (not the first of its block: warming looks at every page).
    const changed = [...ids].sort((a, b) => a - b)[5]!;
    await database.db.update(products).set({ price: 1234 }).where(eq(products.id, changed));

    // And a save of the snapshot cut short by a kill (a process id past Linux's largest), the HTML a killed server was
    // building, beside one of a live process.
    const cut = [`${htmlFile}.${GONE}-3.tmp`, `${snapshotFile}.${GONE}.tmp`];
    for (const f of [...cut, `${htmlFile}.${process.pid}.tmp`]) fs.writeFileSync(f, 'cut short');

    const second = new CatalogSync(database.db, { snapshotFile, pagesFile, htmlFile, buildStamp: 'build-1' });
    await second.sync();
    expect(cut.filter((f) => fs.existsSync(f))).toEqual([]);
    expect(fs.existsSync(`${htmlFile}.${process.pid}.tmp`)).toBe(true);
    fs.rmSync(`${htmlFile}.${process.pid}.tmp`);
    // Only the changed product's block is loaded again; every other page is the saved one. On PostgreSQL the xmin the
    // snapshot keeps is the cluster's, which other databases' open transactions (the suite's other files) can hold
    // back: the log read from it then drops more pages (those the tests before changed), never fewer.
    const exact = DB_KIND === 'pglite';
    expect(second.restored).toBe(true);
    expect(fs.existsSync(pagesFile)).toBe(false); // consumed: a crash from here on leaves no stale file
    expect(fs.existsSync(htmlFile)).toBe(false);
    expect(second.htmlLabel).toBe('layout-1');
    for (const id of ids) {
      if (id === changed) expect(second.hasHtml(id)).toBe(false);
      else if (exact) expect(second.pageHtml(id)?.equals(html(id)), `html ${id}`).toBe(true);
    }
    second.useHtmlLabel('layout-2'); // the layout changed: none of it is kept
    expect(ids.some((id) => second.hasHtml(id))).toBe(false);
    loads.length = 0;
    const warmed = await second.warmPages(loader(second, 'second'));
    if (exact) {
      expect(warmed).toBe(1);
      expect(loads).toEqual([Math.floor(changed / 64)]);
    } else expect(warmed).toBeGreaterThanOrEqual(1);
    for (const id of ids) {
      const page = String(await bodyOf(second, id, loader(second, 'again')));
      if (id === changed) expect(page).toBe(`second ${id}`);
      else if (exact) expect(page, `page ${id}`).toBe(`${Math.floor(id / 64) === Math.floor(changed / 64) ? 'second' : 'first'} ${id}`);
      else expect(page, `page ${id}`).toMatch(new RegExp(`^(first|second|again) ${id}$`));
    }
    await second.save({ pages: true });
    second.close();
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    // A new build (its pages may differ): the snapshot is used, the saved pages are not.
    const third = new CatalogSync(database.db, { snapshotFile, pagesFile, htmlFile, buildStamp: 'build-2' });
    await third.sync();
    expect(third.restored).toBe(true);
    expect(fs.existsSync(pagesFile)).toBe(false);
    expect(fs.existsSync(htmlFile)).toBe(false);
    expect(third.htmlLabel).toBeUndefined();
    expect(await third.warmPages(loader(third, 'third'))).toBe(new Set(ids.map((id) => Math.floor(id / 64))).size);
    third.close(); // closed unsaved: its pages' files go with it
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('removes the temporary copies of saves cut short and the page files of killed servers, and nothing else', () => {
    const here = fs.mkdtempSync(path.join(os.tmpdir(), 'cut-saves-'));
    const file = path.join(here, 'catalog.html');
    const gone = [`catalog.html.${GONE}.tmp`, `catalog.html.${GONE}-12.tmp`];
    const names = ['catalog.html', ...gone, `catalog.html.${process.pid}.tmp`, `catalog.html.${process.pid}-12.tmp`, `catalog.html.x${GONE}.tmp`,
      `catalog.html.${GONE}-x.tmp`, `catalog.html.${GONE}-.tmp`, `catalog.pages.${GONE}.tmp`, `catalog.html.${GONE}.tmp.keep`, 'notes.tmp'];
    for (const n of names) fs.writeFileSync(path.join(here, n), n);
    expect(removeCutSaves(file).sort()).toEqual(gone.sort());
    expect(fs.readdirSync(here).sort()).toEqual(names.filter((n) => !gone.includes(n)).sort());
    expect(removeCutSaves(path.join(here, 'missing', 'catalog.html'))).toEqual([]);
    fs.rmSync(here, { recursive: true });
  });

  it('ignores a snapshot of another database, or a damaged one, and loads instead', async () => {
    const file = path.join(dir, 'other.snapshot');
    const elsewhere = new CatalogIndex();
    elsewhere.load([{ id: 1, title: 'فقط در دیگری', alias: '', imageUri: null, tags: '', price: 1, offPrice: 1, offPersent: 0, hasOff: false, priceVaries: false, rate: 0, ratingAverage: 0, ratingCount: 0,
      brandId: null, categoryId, stock: 1, soldCount: 0, createdAt: 0, searchText: 'فقط در دیگری' }]);
    const w = new SnapshotWriter();
    w.write(file, { version: 1, database: '1/7300000000000000000/another/16384', xmin: '1', index: elsewhere.save(w) });
    const here = new CatalogSync(database.db, { snapshotFile: file });
    await here.sync();
    expect(here.restored).toBe(false);
    expect(titlesOf(here)).not.toContain('فقط در دیگری');

    fs.writeFileSync(file, 'SRKSNAP1 and then nothing useful');
    const damaged = new CatalogSync(database.db, { snapshotFile: file });
    await damaged.sync();
    expect(damaged.restored).toBe(false);
    expect(damaged.index!.size).toBe(here.index!.size);
  });
});
