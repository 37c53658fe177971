import { count, sql } from 'drizzle-orm';
import { discountedPrice } from '@sorkhab/shared';
import { rowsOf, type Db, type DbOrTx } from '../db/client.js';
import { flushStatistics } from '../db/maintenance.js';
import { brands, categories, categoryAttributes, products, slides } from '../db/schema/index.js';
import { searchTextOf } from '../modules/catalog/product.service.js';
import { initialVariants } from '../modules/catalog/variant.service.js';
import { processImage, recordImage, UploadBatch, type StoredImage } from '../modules/media/media.service.js';
import type { Storage } from '../modules/media/storage.js';
import { imageId, LEAVES, plannedProducts, type ImageKey } from './generate.js';
import { bannerSvg, iconSvg, persianTextRenders, productSvg, renderJpeg, type BannerSpec } from './images.js';
import { BRANDS, TREE, type Group, type Leaf } from './taxonomy.js';

export interface SeedOptions {
  /** How many products (the demo has 120; the benchmark 10,000). */
  products?: number;
  seed?: number;
  /** At most this many distinct product pictures; products beyond share the nearest one. */
  imageBudget?: number;
  /** sharp pipelines at once (each already uses libvips threads). */
  concurrency?: number;
}

export interface SeedCounts {
  categories: number;
  attributes: number;
  brands: number;
  products: number;
  galleryImages: number;
  slides: number;
  banners: number;
  images: number;
  /** Time spent drawing pictures, and in all. */
  imagesMs: number;
  ms: number;
}

/** Products a chunk: each table's rows of a chunk go in one statement with one parameter. */
const PRODUCT_CHUNK = 2_000;

const PRODUCT_COLUMNS = {
  id: 'int', title: 'text', alias: 'text', tags: 'text', description: 'text', image_uri: 'text', rate: 'real', price: 'bigint',
  off_persent: 'int', has_off: 'bool', off_price: 'bigint', price_varies: 'bool', attributes: 'jsonb', category_id: 'int', brand_id: 'int', stock: 'int',
  sold_count: 'int', search_text: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
};
const VARIANT_COLUMNS = { product_id: 'int', options: 'jsonb', label: 'text', price: 'bigint', stock: 'int', sort_order: 'int' };
const GALLERY_COLUMNS = { product_id: 'int', image_uri: 'text', filename: 'text', sort_order: 'int' };

/**
 * Inserts rows passed as one json parameter (`json_to_recordset`): thousands of rows are one statement and one
 * parameter, where a multi-row VALUES list has a parameter per value. Names and types are the code's own. json, not
 * jsonb: the text is read once, straight into the rows, where jsonb first builds a binary copy of it all (the
 * variants were written in half the time).
 */
async function insertRecords(tx: DbOrTx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const types = sql.raw(names.map((n) => `"${n}" ${columns[n]}`).join(', '));
  await tx.execute(sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${types})`);
}

/**
 * Drops a table's secondary indexes (not its keys) and its foreign keys, and turns its own triggers off; answers what
 * builds them again as they were. Built once over the loaded rows, an index is faster than row by row (the trigram index
 * above all), and a foreign key added back checks every row in one join where it would otherwise look up the referenced
 * row for each (PostgreSQL's «Populating a Database»). The triggers are the catalogue's change log (migration 0006): an
 * upsert into `product_changes` for each product, variant and picture, which the seed writes for all its products in one
 * statement instead (a third of the products' and half of the variants' writing time at 100,000 products). All comes
 * back in the same transaction, so no other session sees the table without it.
 */
async function relaxTable(tx: DbOrTx, table: string): Promise<() => Promise<void>> {
  const indexes = rowsOf<{ name: string; def: string }>(await tx.execute(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`));
  const keys = rowsOf<{ name: string; def: string }>(await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${table}::regclass and contype = 'f'`));
  for (const { name } of keys) await tx.execute(sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`);
  for (const { name } of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
  return async () => {
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
    for (const { def } of indexes) await tx.execute(sql.raw(def));
    for (const { name, def } of keys) await tx.execute(sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} ${sql.raw(def)}`);
  };
}

/** `n` ids from the products' sequence, so a chunk's variants and gallery can name their product before it is written. */
async function nextIds(tx: DbOrTx, n: number): Promise<number[]> {
  const res = await tx.execute(sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${n})`);
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}
/** pg_advisory_xact_lock key: two copies starting on one empty PostgreSQL seed it once. */
const SEED_LOCK = 0x5eed_0001;

async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [[p], [c]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(categories),
  ]);
  return Number(p?.n ?? 0) === 0 && Number(c?.n ?? 0) === 0;
}

/** An iterable's items in arrays of `size`. */
function* chunksOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let part: T[] = [];
  for (const item of items) {
    part.push(item);
    if (part.length === size) { yield part; part = []; }
  }
  if (part.length) yield part;
}


async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }));
  return out;
}

function colourDistance(a: string, b: string) {
  const ca = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const cb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return ca.reduce((d, v, i) => d + (v - cb[i]!) ** 2, 0);
}

/**
 * Chooses which product pictures to draw within the budget — first the most used main picture of
 * every shape, then main pictures, then gallery shots — and maps every wanted picture to a drawn
 * one (itself, or the nearest in colour of the same shape).
 */
function choosePictures(wanted: Iterable<ImageKey>, budget: number): { draw: ImageKey[]; resolve: (k: ImageKey) => string } {
  const uses = new Map<string, { key: ImageKey; n: number; order: number }>();
  let order = 0;
  for (const key of wanted) {
    const id = imageId(key);
    const u = uses.get(id);
    if (u) u.n++;
    else uses.set(id, { key, n: 1, order });
    order++;
  }
  const all = [...uses.values()];
  const chosen = new Map<string, ImageKey>();
  const take = (k: ImageKey) => { if (chosen.size < budget) chosen.set(imageId(k), k); };
  const shapes = [...new Set(all.map((u) => u.key.shape))];
  for (const shape of shapes) {
    const best = all.filter((u) => u.key.shape === shape && u.key.variant === 0).sort((a, b) => b.n - a.n || a.order - b.order)[0];
    if (best) take(best.key);
  }
  // Most of the budget for main pictures (listings show them), the rest for gallery shots.
  const mains = all.filter((x) => x.key.variant === 0);
  for (const u of mains) if (chosen.size < Math.ceil(budget * 0.7)) take(u.key);
  for (const u of all.filter((x) => x.key.variant !== 0)) take(u.key);
  for (const u of mains) take(u.key);
  const drawn = [...chosen.values()];
  const memo = new Map<string, string>();
  const resolve = (k: ImageKey) => {
    const id = imageId(k);
    if (chosen.has(id)) return id;
    let hit = memo.get(id);
    if (!hit) {
      let best = Infinity;
      for (const d of drawn) {
        const score = (d.shape === k.shape ? 0 : 1e9) + (d.variant === k.variant ? 0 : 5e4) + colourDistance(d.color, k.color);
        if (score < best) { best = score; hit = imageId(d); }
      }
      memo.set(id, hit!);
    }
    return hit!;
  };
  return { draw: drawn, resolve };
}

const SLIDES: (BannerSpec & { kind: 'slide' | 'banner'; root: number })[] = [
  { kind: 'slide', root: 2, width: 1500, height: 500, colors: ['#ad1457', '#f48fb1'], headline: 'حراج پاییزه سرخاب', subline: 'تا ۴۰٪ تخفیف روی رژ لب، برق لب و رژگونه',
    items: [{ shape: 'lipstick', color: '#c62828', finish: 'gold' }, { shape: 'gloss', color: '#e57373', finish: 'gold' }, { shape: 'compact', color: '#f48fb1', finish: 'gold' }] },
  { kind: 'slide', root: 4, width: 1500, height: 500, colors: ['#00796b', '#80cbc4'], headline: 'درخشش پوست در هر فصل', subline: 'سرم، مرطوب‌کننده و ضدآفتاب اصل با ارسال سریع',
    items: [{ shape: 'dropper', color: '#ffb300', finish: 'black' }, { shape: 'jar', color: '#4fc3f7', finish: 'silver' }, { shape: 'tube', color: '#ffb74d', finish: 'white' }] },
  { kind: 'slide', root: 6, width: 1500, height: 500, colors: ['#5d4037', '#d7b98a'], headline: 'عطرهایی که به یاد می‌مانند', subline: 'ادو پرفیوم‌های زنانه و مردانه با ضمانت اصالت',
    items: [{ shape: 'perfume', color: '#f48fb1', finish: 'gold' }, { shape: 'perfume', color: '#455a64', finish: 'silver' }, { shape: 'spray', color: '#ffe0b2', finish: 'gold' }] },
  { kind: 'banner', root: 5, width: 800, height: 400, colors: ['#6a1b9a', '#ce93d8'], headline: 'مراقبت از مو', subline: 'شامپو، ماسک و روغن مو',
    items: [{ shape: 'shampoo', color: '#ab47bc', finish: 'white' }, { shape: 'jar', color: '#ffb74d', finish: 'gold' }] },
  { kind: 'banner', root: 1, width: 800, height: 400, colors: ['#283593', '#9fa8da'], headline: 'نگاه ماندگار', subline: 'ریمل، خط چشم و پالت سایه',
    items: [{ shape: 'mascara', color: '#151515', finish: 'silver' }, { shape: 'pencil', color: '#4e342e', finish: 'gold' }] },
];

export interface SeedTarget {
  db: Db;
  storage: Storage;
  log?: { info(obj: object, msg: string): void };
}

/**
 * Fills an empty catalogue: categories (3 levels, icons, attributes), brands, products with
 * generated pictures and galleries, slides and banners. Pictures are drawn first (content-addressed
 * files, safe to share); then every row is written in one transaction, so a crash leaves an empty
 * shop that the next start seeds again. Does nothing, and returns null, when the shop has data.
 */
export async function seedCatalogue(target: SeedTarget, opts: SeedOptions = {}): Promise<SeedCounts | null> {
  const started = Date.now();
  const { db } = target;
  if (!(await isEmpty(db))) return null;
  const total = opts.products ?? 120;
  // The products are generated twice from the seed (the same both times): once for their pictures, once to write them.
  const planned = () => plannedProducts(total, opts.seed);
  const concurrency = opts.concurrency ?? 3;

  // Pictures: product shots within the budget, category icons, slides and banners.
  const pictures = choosePictures((function* () { for (const p of planned()) yield* [p.image, ...p.gallery]; })(), opts.imageBudget ?? 48);
  const icons = new Map<string, ImageKey>();
  const iconOf = (k: ImageKey) => { const id = imageId(k); icons.set(id, k); return id; };
  const rootIcons = TREE.map((root) => iconOf({ shape: root.shape, color: root.color, finish: 'gold', variant: 0 }));
  // Icons take their root's colour: the menu looks coherent and same-shaped leaves share a file.
  const branchIcons = TREE.map((root) => root.branches.map((b) => iconOf({ shape: b.leaves[0]!.shape, color: root.color, finish: 'gold', variant: 0 })));
  const leafIcons = LEAVES.map(({ leaf, root }) => iconOf({ shape: leaf.shape, color: TREE[root]!.color, finish: 'gold', variant: 0 }));
  const withText = await persianTextRenders();

  type Job = { id: string; svg: () => string };
  const jobs: Job[] = [
    ...pictures.draw.map((k) => ({ id: `p:${imageId(k)}`, svg: () => productSvg(k) })),
    ...[...icons].map(([id, k]) => ({ id: `i:${id}`, svg: () => iconSvg(k.shape, k.color, k.finish) })),
    // A slide's title is shown as text beside its picture (home page); only the banners carry their words inside.
    ...SLIDES.map((s, i) => ({ id: `s:${i}`, svg: () => bannerSvg(s, withText && s.kind === 'banner') })),
  ];
  const batch = new UploadBatch(target.storage);
  const stored = new Map<string, StoredImage>();
  try {
    await mapLimit(jobs, concurrency, async (job) => {
      stored.set(job.id, await processImage(batch, await renderJpeg(job.svg())));
    });
  } catch (err) {
    await batch.rollback();
    throw err;
  }
  const uri = (id: string) => stored.get(id)!.uri;
  const imagesMs = Date.now() - started;

  let counts: Omit<SeedCounts, 'ms' | 'images' | 'imagesMs'>;
  try {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (!(await isEmpty(tx))) return null; // another copy of the server seeded first
      for (const image of stored.values()) await recordImage(tx, image);

      // Categories, level by level, each with its icon.
      const rootRows = await tx.insert(categories).values(TREE.map((root, r) => ({
        title: root.title, alias: root.alias, select: true, uri: `/product-list?category=${encodeURIComponent(root.title)}`,
        imageUri: uri(`i:${rootIcons[r]}`), sortOrder: r,
      }))).returning({ id: categories.id });
      const branchList = TREE.flatMap((root, r) => root.branches.map((branch, b) => ({ branch, r, b })));
      const branchRows = await tx.insert(categories).values(branchList.map(({ branch, r, b }) => ({
        title: branch.title, alias: branch.alias, select: b === 0, uri: `/product-list?category=${encodeURIComponent(branch.title)}`,
        imageUri: uri(`i:${branchIcons[r]![b]}`), parentId: rootRows[r]!.id, sortOrder: b,
      }))).returning({ id: categories.id });
      const branchId = (r: number, b: number) => branchRows[branchList.findIndex((x) => x.r === r && x.b === b)]!.id;
      const leafRows = await tx.insert(categories).values(LEAVES.map(({ leaf, root, branch }, i) => ({
        title: leaf.title, alias: leaf.alias, select: false, uri: `/product-list?category=${encodeURIComponent(leaf.title)}`,
        imageUri: uri(`i:${leafIcons[i]}`), parentId: branchId(root, branch),
        sortOrder: TREE[root]!.branches[branch]!.leaves.indexOf(leaf),
      }))).returning({ id: categories.id });

      const attributes = LEAVES.flatMap(({ leaf }, i) => attributesOf(leaf).map((a) => ({ ...a, categoryId: leafRows[i]!.id })));
      await tx.insert(categoryAttributes).values(attributes);

      const brandRows = await tx.insert(brands).values(BRANDS.map((b) => ({ title: b.title, alias: b.alias }))).returning({ id: brands.id });

      // Products with their variants and galleries, a chunk at a time, each table in one statement a chunk, with the
      // three tables' secondary indexes and foreign keys put back once afterwards (relaxTable). The generator writes its
      // descriptions escaped, as the sanitiser leaves them (seed/generate.test.ts checks it).
      let galleryCount = 0;
      const restore: (() => Promise<void>)[] = [];
      for (const table of ['products', 'product_variants', 'gallery_images']) restore.push(await relaxTable(tx, table));
      for (const part of chunksOf(planned(), PRODUCT_CHUNK)) {
        const ids = await nextIds(tx, part.length);
        // A larger volume sells at its own price (the smallest at the product's); the variants' trigger that marks such a
        // product (`price_varies`) is off during this load, so the rows say it themselves.
        const variants = part.map((p) => initialVariants(p.attributes, p.stock)
          .map((v) => ({ ...v, price: v.options.map((o) => p.sizePrices[o]).find((x) => x !== undefined) ?? null })));
        await insertRecords(tx, 'products', PRODUCT_COLUMNS, part.map((p, i) => {
          const brand = BRANDS[p.brand]!;
          const leaf = LEAVES[p.leaf]!.leaf;
          return {
            id: ids[i], title: p.title, alias: p.alias, tags: p.tags, description: p.description,
            image_uri: uri(`p:${pictures.resolve(p.image)}`), rate: p.rate,
            price: p.price, off_persent: p.offPersent, has_off: p.offPersent > 0, off_price: discountedPrice(p.price, p.offPersent),
            price_varies: variants[i]!.some((v) => v.price !== null), attributes: p.attributes, category_id: leafRows[p.leaf]!.id, brand_id: brandRows[p.brand]!.id,
            stock: variants[i]!.reduce((sum, v) => sum + v.stock, 0), sold_count: p.soldCount, search_text: searchTextOf(p, brand, leaf.title),
            created_at: p.createdAt, updated_at: p.createdAt,
          };
        }));
        await insertRecords(tx, 'product_variants', VARIANT_COLUMNS, part.flatMap((_, i) => variants[i]!.map((v) => ({
          product_id: ids[i], options: v.options, label: v.label, price: v.price, stock: v.stock, sort_order: v.sortOrder,
        }))));
        const gallery = part.flatMap((p, i) => {
          const main = pictures.resolve(p.image);
          const shots = [...new Set(p.gallery.map(pictures.resolve))].filter((id) => id !== main);
          return shots.map((id, k) => ({ product_id: ids[i], image_uri: uri(`p:${id}`), filename: `gallery-${k + 1}.jpg`, sort_order: k }));
        });
        await insertRecords(tx, 'gallery_images', GALLERY_COLUMNS, gallery);
        galleryCount += gallery.length;
      }
      // The change log the relaxed tables' triggers would have written, for every product at once (a variant's or a
      // picture's row names its product).
      await tx.execute(sql`insert into product_changes (product_id, xid) select id, pg_current_xact_id() from ${products}
        on conflict (product_id) do update set xid = excluded.xid`);
      for (const r of restore) await r();

      await tx.insert(slides).values(SLIDES.map((s, i) => ({
        kind: s.kind, title: s.headline, imageUri: uri(`s:${i}`), link: `/product-list?category=${encodeURIComponent(TREE[s.root]!.title)}`,
        categoryId: rootRows[s.root]!.id, sortOrder: i, isActive: true,
      })));
      return {
        categories: rootRows.length + branchRows.length + leafRows.length, attributes: attributes.length, brands: brandRows.length,
        products: total, galleryImages: galleryCount,
        slides: SLIDES.filter((s) => s.kind === 'slide').length, banners: SLIDES.filter((s) => s.kind === 'banner').length,
      };
    });
    if (!result) return null;
    counts = result;
  } catch (err) {
    await batch.rollback();
    throw err;
  }
  // Fresh statistics, so the planner sees thousands of rows (and the trigram index) at once; and the visibility map,
  // without which a count's index-only scan (products_listing_idx) reads the table's every page too (at a million
  // products on PostgreSQL, the whole 1.9 GB table; 182 ms after). Autovacuum would set it some time later; PGlite has
  // none (db/maintenance.ts). Its statistics are flushed first, so the rows just written count as vacuumed.
  await flushStatistics(db);
  await db.execute(sql`vacuum (analyze)`);
  const done = { ...counts, images: stored.size, imagesMs, ms: Date.now() - started };
  target.log?.info(done, `demo catalogue: ${done.categories} categories, ${done.brands} brands, ${done.products} products, ${done.galleryImages} gallery images, ${done.slides} slides, ${done.banners} banners, ${done.images} generated images in ${done.ms} ms`);
  return done;
}

const ATTRS: Record<Group, { title: string; key: string; type: 'string' | 'array' | 'object' | 'color' }[]> = {
  face: [{ title: 'نوع پوست', key: 'skin_type', type: 'string' }, { title: 'ماندگاری', key: 'longevity', type: 'string' }],
  eye: [{ title: 'ضد آب', key: 'waterproof', type: 'string' }, { title: 'ماندگاری', key: 'longevity', type: 'string' }],
  lip: [{ title: 'بافت', key: 'finish', type: 'string' }, { title: 'ماندگاری', key: 'longevity', type: 'string' }],
  nail: [{ title: 'حجم', key: 'volume', type: 'string' }, { title: 'زمان خشک شدن', key: 'dry_time', type: 'string' }],
  skin: [{ title: 'نوع پوست', key: 'skin_type', type: 'string' }, { title: 'فاقد پارابن', key: 'paraben_free', type: 'string' }],
  hair: [{ title: 'نوع مو', key: 'hair_type', type: 'string' }, { title: 'فاقد سولفات', key: 'sulfate_free', type: 'string' }],
  perfume: [{ title: 'غلظت', key: 'concentration', type: 'string' }, { title: 'گروه بویایی', key: 'olfactory', type: 'string' }],
  body: [{ title: 'مناسب برای', key: 'gender', type: 'string' }, { title: 'رایحه', key: 'scent', type: 'string' }],
  oral: [{ title: 'ویژگی', key: 'feature', type: 'string' }, { title: 'طعم', key: 'flavour', type: 'string' }],
  shave: [{ title: 'مناسب برای', key: 'skin_type', type: 'string' }, { title: 'رایحه', key: 'scent', type: 'string' }],
};

/** The attributes a leaf category offers the admin's product form (keys: latin snake_case, unique in the leaf). */
export function attributesOf(leaf: Leaf) {
  const out = [...ATTRS[leaf.group]];
  if (leaf.palette) out.unshift({ title: 'رنگ', key: 'color', type: 'color' });
  if (leaf.option) out.unshift({ title: leaf.option.title, key: 'volume', type: leaf.option.select === 1 ? 'array' : 'object' });
  out.push({ title: 'کشور سازنده', key: 'origin', type: 'string' });
  return out;
}
