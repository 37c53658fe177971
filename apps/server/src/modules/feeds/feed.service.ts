import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { discountedPrice, optionGroupsOf, specificationsOf } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { galleryImages, products, productVariants } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { brandMap } from '../catalog/brand.service.js';
import { categoryIndex } from '../catalog/category.service.js';
import { onStorefront } from '../catalog/visible.js';

/*
 * What price-comparison sites read (Torob's product API v3, and a plain feed for crawlers in the Emalls style):
 * one entry per sellable variant of every storefront product, straight from the catalogue, with nothing for the
 * owner to enter. A product without options is one entry under its own id; a product with options is one entry
 * per variant (`<product>-<variant>`), grouped by the product's id, whose link opens the page with that variant
 * chosen (`?variant=`).
 */

export const FEED_PAGE_SIZE = 100;

export type FeedSort = 'date_added_desc' | 'date_updated_desc' | 'product_id_desc';

export interface FeedEntry {
  unique: string;
  groupId: string | null;
  productId: number;
  variantId: number;
  path: string;
  title: string;
  brand: string | null;
  /** What a unit sells at now, in toman (0 when it cannot be bought). */
  price: number;
  /** The price before the discount, when there is one and the variant is in stock. */
  oldPrice: number | null;
  available: boolean;
  category: string | null;
  /** Site-relative or absolute image addresses, the variant's own image first. */
  images: string[];
  spec: Record<string, string>;
  addedAt: Date;
  updatedAt: Date;
}

interface Row {
  pid: number; vid: number; title: string; imageUri: string | null; price: number; offPersent: number;
  attributes: (typeof products.$inferSelect)['attributes']; categoryId: number; brandId: number | null;
  createdAt: Date; updatedAt: Date; options: string[]; label: string; vPrice: number | null; stock: number; vImage: string | null;
}

const live = and(onStorefront, eq(productVariants.isDeleted, false));

const ORDER: Record<FeedSort, SQL[]> = {
  date_added_desc: [desc(products.createdAt), desc(products.id), asc(productVariants.sortOrder), asc(productVariants.id)],
  date_updated_desc: [desc(products.updatedAt), desc(products.id), asc(productVariants.sortOrder), asc(productVariants.id)],
  product_id_desc: [desc(products.id), desc(productVariants.id)],
};

function select(db: Db) {
  return db.select({
    pid: products.id, vid: productVariants.id, title: products.title, imageUri: products.imageUri, price: products.price,
    offPersent: products.offPersent, attributes: products.attributes, categoryId: products.categoryId, brandId: products.brandId,
    createdAt: products.createdAt, updatedAt: products.updatedAt, options: productVariants.options, label: productVariants.label,
    vPrice: productVariants.price, stock: productVariants.stock, vImage: productVariants.imageUri,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId));
}

/** How many entries the feed has. */
export async function countEntries(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId)).where(live);
  return row?.n ?? 0;
}

/** One page (1-based) of the feed in one of Torob's orders. */
export async function entriesPage(db: Db, cache: ReadCache, sort: FeedSort, page: number): Promise<FeedEntry[]> {
  const rows = await select(db).where(live).orderBy(...ORDER[sort]).limit(FEED_PAGE_SIZE).offset((page - 1) * FEED_PAGE_SIZE);
  return toEntries(db, cache, rows);
}

/** A cursor page by product id (highest first): `cursor` is the last entry's `<product>.<variant>` of the page before. */
export async function entriesAfter(db: Db, cache: ReadCache, cursor: { productId: number; variantId: number } | null) {
  const where = cursor ? and(live, sql`(${products.id}, ${productVariants.id}) < (${cursor.productId}, ${cursor.variantId})`) : live;
  const rows = await select(db).where(where).orderBy(...ORDER.product_id_desc).limit(FEED_PAGE_SIZE);
  const entries = await toEntries(db, cache, rows);
  const last = rows.at(-1);
  return { entries, next: rows.length === FEED_PAGE_SIZE && last ? `${last.pid}.${last.vid}` : null };
}

/** The entries named by their unique ids or page addresses (Torob's single-product requests), highest id first. */
export async function entriesById(db: Db, cache: ReadCache, wanted: { productId: number; variantId: number | null }[]): Promise<FeedEntry[]> {
  const ids = [...new Set(wanted.map((w) => w.productId))];
  if (!ids.length) return [];
  const rows = await select(db).where(and(live, inArray(products.id, ids))).orderBy(...ORDER.product_id_desc);
  const entries = await toEntries(db, cache, rows);
  // A product's address or plain id names all of its entries; `<product>-<variant>` or `?variant=` names one.
  return entries.filter((e) => wanted.some((w) => w.productId === e.productId && (w.variantId === null || w.variantId === e.variantId)));
}

async function toEntries(db: Db, cache: ReadCache, rows: Row[]): Promise<FeedEntry[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.pid))];
  const [cats, brandsById, gallery, counts] = await Promise.all([
    categoryIndex(db, cache), brandMap(db, cache),
    db.select({ productId: galleryImages.productId, uri: galleryImages.imageUri }).from(galleryImages)
      .where(inArray(galleryImages.productId, ids)).orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id)),
    // A product is "with options" when it has more than one live variant or its one variant has values.
    db.select({ productId: productVariants.productId, n: sql<number>`count(*)::int` }).from(productVariants)
      .where(and(inArray(productVariants.productId, ids), eq(productVariants.isDeleted, false))).groupBy(productVariants.productId),
  ]);
  const galleryOf = new Map<number, string[]>();
  for (const g of gallery) galleryOf.set(g.productId, [...(galleryOf.get(g.productId) ?? []), g.uri]);
  const variantCount = new Map(counts.map((c) => [c.productId, c.n]));
  return rows.map((r) => {
    const grouped = r.options.length > 0 || (variantCount.get(r.pid) ?? 1) > 1;
    const base = r.vPrice ?? r.price;
    const available = r.stock > 0;
    const spec: Record<string, string> = {};
    for (const s of specificationsOf(r.attributes)) spec[s.title] = s.value;
    optionGroupsOf(r.attributes).forEach((g, i) => { if (r.options[i]) spec[g.title] = r.options[i]!; });
    const images = [...new Set([r.vImage, r.imageUri, ...(galleryOf.get(r.pid) ?? [])].filter((u): u is string => !!u))];
    const price = discountedPrice(base, r.offPersent);
    return {
      unique: grouped ? `${r.pid}-${r.vid}` : String(r.pid),
      groupId: grouped ? String(r.pid) : null,
      productId: r.pid,
      variantId: r.vid,
      path: grouped ? `/product/${r.pid}?variant=${r.vid}` : `/product/${r.pid}`,
      title: grouped && r.label ? `${r.title} - ${r.label}` : r.title,
      brand: r.brandId ? brandsById.get(r.brandId)?.title ?? null : null,
      price: available ? price : 0,
      oldPrice: available && price < base ? base : null,
      available,
      category: cats.byId.get(r.categoryId)?.title ?? null,
      images,
      spec,
      addedAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}
