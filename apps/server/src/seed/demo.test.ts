import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { discountedPrice, normalizeSearch, optionGroupsOf } from '@sorkhab/shared';
import { brands, categories, categoryAttributes, galleryImages, media, products, productVariants, slides } from '../db/schema/index.js';
import { sanitizeDescription } from '../modules/catalog/sanitize.js';
import { variantsOf } from '../modules/media/media.service.js';
import { rowsOf, type Db } from '../db/client.js';
import { buildTestApp, DB_KIND, freshDatabase, type TestApp } from '../../test/helpers.js';
import { tablesDue } from '../db/maintenance.js';
import { createCategory } from '../../test/factories.js';
import { seedDemoIfEmpty } from './demo.js';
import { planProducts, sizePricesOf } from './generate.js';

const fileOf = (t: TestApp, uri: string) => path.join(t.dataDir, 'uploads', uri.replace(/^\/uploads\//, ''));
const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);

describe('demo catalogue (seedDemoIfEmpty)', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

  beforeAll(async () => {
    t = await buildTestApp();
    first = await seedDemoIfEmpty(t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  it('creates the promised catalogue: 3-level categories with icons and attributes, brands, 120 products, slides and banners', async () => {
    expect(first).toMatchObject({ products: 120, slides: 3, banners: 2 });
    const cats = await t.db.select().from(categories);
    expect(cats.length).toBe(first!.categories);
    const byId = new Map(cats.map((c) => [c.id, c]));
    const depth = (id: number): number => { const c = byId.get(id)!; return c.parentId ? 1 + depth(c.parentId) : 1; };
    expect(cats.filter((c) => !c.parentId).length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...cats.map((c) => depth(c.id)))).toBe(3);
    expect(cats.every((c) => c.imageUri?.startsWith('/uploads/'))).toBe(true);
    expect(cats.map((c) => c.title)).toEqual(expect.arrayContaining(['آرایش صورت', 'آرایش چشم', 'آرایش لب', 'مراقبت پوست', 'مراقبت مو', 'عطر و ادکلن', 'رژ لب جامد', 'ریمل']));

    const [attrs] = await t.db.select({ n: count() }).from(categoryAttributes);
    expect(attrs!.n).toBeGreaterThan(40);
    const brandRows = await t.db.select().from(brands);
    expect(brandRows.length).toBeGreaterThanOrEqual(15);

    // Products sit in leaves (depth 3) only.
    const rows = await t.db.select().from(products);
    expect(rows).toHaveLength(120);
    expect(rows.every((p) => depth(p.categoryId) === 3)).toBe(true);
    expect(new Set(rows.map((p) => p.title)).size).toBe(120);

    const slideRows = await t.db.select().from(slides);
    expect(slideRows.filter((s) => s.kind === 'slide')).toHaveLength(3);
    expect(slideRows.filter((s) => s.kind === 'banner')).toHaveLength(2);
    expect(slideRows.every((s) => s.title && s.isActive && s.imageUri)).toBe(true);
  });

  it('gives every product a valid price, searchText and a stored picture whose variants exist on disk', async () => {
    const rows = await t.db
      .select({ p: products, brand: { title: brands.title, alias: brands.alias }, category: categories.title })
      .from(products).innerJoin(brands, eq(brands.id, products.brandId)).innerJoin(categories, eq(categories.id, products.categoryId));
    const mediaUris = new Set((await t.db.select({ uri: media.uri }).from(media)).map((m) => m.uri));
    for (const { p, brand, category } of rows) {
      expect(p.price).toBeGreaterThanOrEqual(80_000);
      expect(p.price).toBeLessThanOrEqual(3_500_000);
      expect(p.offPrice).toBe(discountedPrice(p.price, p.offPersent));
      expect(p.hasOff).toBe(p.offPersent > 0);
      expect(p.offPersent === 0 || (p.offPersent >= 5 && p.offPersent <= 40)).toBe(true);
      expect(p.rate).toBeGreaterThanOrEqual(0);
      expect(p.rate).toBeLessThanOrEqual(5);
      expect(p.searchText).toBe(normalizeSearch([p.title, p.alias, p.tags.replace(/[,،]/g, ' '), brand.title, brand.alias, category].join(' ')));
      expect(p.description).toMatch(/^<h3>/);
      expect(p.description).not.toMatch(/<script|on\w+=/i);
      expect(mediaUris.has(p.imageUri!)).toBe(true);
      expect(fs.existsSync(fileOf(t, p.imageUri!))).toBe(true);
      for (const v of variantsOf(p.imageUri)) expect(fs.existsSync(fileOf(t, v.uri)), v.uri).toBe(true);
    }
    const all = rows.map((r) => r.p);
    expect(all.filter((p) => p.stock === 0).length).toBeGreaterThan(0);
    expect(all.filter((p) => p.hasOff).length).toBeGreaterThan(10);
    const coloured = all.filter((p) => p.attributes.some((a) => a.select === 3 && a.colorObj?.length));
    expect(coloured.length).toBeGreaterThan(30);
    expect(coloured.every((p) => p.attributes.find((a) => a.select === 3)!.colorObj!.every((c) => /^#[0-9a-f]{6}$/.test(c.color) && c.name))).toBe(true);
    expect(all.every((p) => p.attributes.some((a) => a.select === 0 && a.value))).toBe(true);

    // Every product's stock lives in its variants (one per combination of its options) and is their sum.
    const variants = await t.db.select().from(productVariants);
    for (const p of all) {
      const own = variants.filter((v) => v.productId === p.id);
      const groups = optionGroupsOf(p.attributes);
      expect(own.length, p.title).toBe(Math.max(1, groups.reduce((n, g) => n * g.values.length, 1)));
      expect(own.reduce((n, v) => n + v.stock, 0), p.title).toBe(p.stock);
      // Prices settled as a save settles them (settledPrices): the product at its cheapest combination's, the dearer
      // volumes at their own, and the product marked as sold at several prices exactly when one has its own.
      expect(Math.min(...own.map((v) => v.price ?? p.price)), p.title).toBe(p.price);
      expect(own.every((v) => v.price === null || v.price > p.price), p.title).toBe(true);
      expect(p.priceVaries, p.title).toBe(own.some((v) => v.price !== null));
    }
    // A perfume sold in 30, 50 and 100 ml: the larger dearer, if not in proportion.
    const sized = all.filter((p) => p.priceVaries);
    expect(sized.length).toBeGreaterThan(10);
    expect(sizePricesOf(1_000_000, ['۳۰ میلی‌لیتر', '۵۰ میلی‌لیتر', '۱۰۰ میلی‌لیتر'])).toEqual({ '۵۰ میلی‌لیتر': 1_430_000, '۱۰۰ میلی‌لیتر': 2_323_000 });

    const gallery = await t.db.select().from(galleryImages);
    expect(gallery.length).toBeGreaterThan(10);
    for (const g of gallery) for (const v of variantsOf(g.imageUri)) expect(fs.existsSync(fileOf(t, v.uri))).toBe(true);
  });

  it('serves the seeded shop through the API, Persian search included', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/Product/All?CategoryTitle=${encodeURIComponent('آرایش لب')}&pageSize=12` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.totalCount).toBeGreaterThan(5);
    // Arabic ي in the query finds «ریمل».
    const search = await t.app.inject({ method: 'GET', url: `/api/Product/All?Title=${encodeURIComponent('ريمل')}` });
    expect(search.json().data.data.length).toBeGreaterThan(0);
    expect(search.json().data.data[0].title).toContain('ریمل');
    const tree = await t.app.inject({ method: 'GET', url: '/api/Category/GetCategories' });
    expect(tree.json().data[0].children[0].children.length).toBeGreaterThan(0);
  });

  it('leaves the products, variants and galleries with the indexes, foreign keys and triggers the migrations made', async () => {
    // The seed drops them (or turns them off) for the bulk load and builds them again (relaxTable): compared with an
    // empty migrated database. A trigger's tgenabled is O when it fires, D when it is turned off.
    const schemaOf = async (db: Db) => rowsOf<{ d: string }>(await db.execute(sql`select 'index ' || indexname || ': ' || indexdef as d from pg_indexes
      where schemaname = current_schema() and tablename in ('products', 'product_variants', 'gallery_images')
      union all select 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
      where conrelid in ('products'::regclass, 'product_variants'::regclass, 'gallery_images'::regclass)
      union all select 'trigger ' || tgname || ': ' || tgenabled::text from pg_trigger
      where not tgisinternal and tgrelid in ('products'::regclass, 'product_variants'::regclass, 'gallery_images'::regclass)
      order by 1`)).map((r) => r.d);
    const empty = await freshDatabase();
    try {
      const migrated = await schemaOf(empty.db);
      expect(migrated).toEqual(expect.arrayContaining([expect.stringMatching(/^constraint product_variants_product_id_products_id_fk: FOREIGN KEY \(product_id\) REFERENCES products\(id\) ON DELETE CASCADE$/)]));
      expect(migrated.filter((d) => d.startsWith('index ')).length).toBeGreaterThan(10);
      expect(migrated).toEqual(expect.arrayContaining(['trigger products_changed: O', 'trigger product_variants_changed: O', 'trigger gallery_images_changed: O']));
      expect(await schemaOf(t.db)).toEqual(migrated);
    } finally {
      await empty.drop();
    }
  });

  it('logs every product it wrote in the catalogue\'s change log, as the triggers it turned off would have', async () => {
    // What another copy of the server reads to learn of the products (catalog-sync.ts): one row each, from the seed's
    // transaction, none for a product that does not exist.
    const log = async () => rowsOf<{ id: number | null; xid: string | null }>(await t.db.execute(sql`select p.id, c.xid::text as xid from products p full join product_changes c on c.product_id = p.id
      where c.product_id is distinct from 0`));
    const seeded = await log();
    expect(seeded).toHaveLength(120);
    expect(seeded.every((r) => r.id !== null && r.xid !== null)).toBe(true);
    expect(new Set(seeded.map((r) => r.xid)).size).toBe(1);
    // The triggers fire again afterwards: a variant's change logs its product in a later transaction.
    const [variant] = await t.db.select({ productId: productVariants.productId }).from(productVariants).limit(1);
    await t.db.update(productVariants).set({ stock: sql`${productVariants.stock} + 1` }).where(eq(productVariants.productId, variant!.productId));
    const after = await log();
    expect(after.filter((r) => r.xid !== seeded[0]!.xid).map((r) => r.id)).toEqual([variant!.productId]);
  });

  it('leaves the catalogue vacuumed: a count reads the visibility map, and nothing is left for the maintenance', async () => {
    const pages = rowsOf<{ name: string; pages: number; visible: number }>(await t.db.execute(sql`select relname as name, relpages as pages, relallvisible as visible from pg_class
      where relname in ('products', 'product_variants') order by 1`));
    expect(pages).toHaveLength(2);
    for (const p of pages) expect(p.visible, p.name).toBe(p.pages);
    if (DB_KIND === 'pglite') expect((await tablesDue(t.db)).map((d) => d.table)).not.toContain('products');
  });

  it('changes nothing when called a second time', async () => {
    const before = {
      products: (await t.db.select({ n: count() }).from(products))[0]!.n,
      categories: (await t.db.select({ n: count() }).from(categories))[0]!.n,
      media: (await t.db.select({ n: count() }).from(media))[0]!.n,
      files: filesUnder(path.join(t.dataDir, 'uploads')).length,
    };
    expect(await seedDemoIfEmpty(t.app)).toBeNull();
    expect({
      products: (await t.db.select({ n: count() }).from(products))[0]!.n,
      categories: (await t.db.select({ n: count() }).from(categories))[0]!.n,
      media: (await t.db.select({ n: count() }).from(media))[0]!.n,
      files: filesUnder(path.join(t.dataDir, 'uploads')).length,
    }).toEqual(before);
  });
});

describe('demo catalogue on a shop that has data', () => {
  it('does nothing when a category exists', async () => {
    const t = await buildTestApp();
    try {
      await createCategory(t, { title: 'دسته من' });
      expect(await seedDemoIfEmpty(t.app)).toBeNull();
      expect((await t.db.select({ n: count() }).from(products))[0]!.n).toBe(0);
      expect((await t.db.select({ n: count() }).from(categories))[0]!.n).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('planProducts', () => {
  it('is deterministic for a seed and spreads products over every leaf category', () => {
    const strip = (list: ReturnType<typeof planProducts>) => list.map(({ createdAt: _c, ...p }) => p);
    expect(strip(planProducts(150))).toEqual(strip(planProducts(150)));
    expect(new Set(planProducts(120).map((p) => p.leaf)).size).toBeGreaterThan(40);
    expect(strip(planProducts(50, 7))).not.toEqual(strip(planProducts(50, 8)));
  });

  it('writes descriptions the sanitiser leaves as they are (the seed stores them without sanitising again)', () => {
    for (const p of planProducts(400)) expect(sanitizeDescription(p.description)).toBe(p.description);
  });
});
