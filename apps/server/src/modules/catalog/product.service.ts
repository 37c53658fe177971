import { and, asc, between, eq, inArray } from 'drizzle-orm';
import {
  discountedPrice, normalizeSearch, optionGroupsOf, type ProductDeleteResult, type ProductDetail, type ProductForm, type ProductListItem,
  type ProductAdminFilter, type ProductListQuery,
} from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { brands, cartItems, categories, galleryImages, orderItems, products, productVariants } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { JsonText, ok } from '../../lib/envelope.js';
import type { ServiceContext, UploadContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { processImage, recordImage, variantsOf } from '../media/media.service.js';
import { brandMap } from './brand.service.js';
import { categoryIndex, descendantIds, pathOf, type CategoryIndex } from './category.service.js';
import { sanitizeDescription } from './sanitize.js';
import { notifyRestocked } from './restock.js';
import { attributesWithStock, liveVariantsOf, syncVariants, toVariant } from './variant.service.js';
import { inAdmin, onStorefront } from './visible.js';
import { searchTextOf } from './search-index.js';
import { catalogOf, PRODUCT_BLOCK } from './catalog-sync.js';
import { cardColumns, listInSql, whereOf } from './catalog-sql.js';
import { getLowStockThreshold } from './low-stock.js';
import type { CardJsonParts, CatalogSort } from './catalog-index.js';
import { JsonBytes } from './json-bytes.js';

export { searchTextOf };

type Row = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

const DEFAULT_PAGE_SIZE = 12;

type ListRow = { [K in keyof typeof cardColumns]: Row[K] };

function toListItem(row: ListRow, index: CategoryIndex, brandsById: Map<number, { id: number; title: string }>): ProductListItem {
  const brand = row.brandId ? brandsById.get(row.brandId) : undefined;
  return {
    id: row.id, title: row.title, alias: row.alias, imageUri: row.imageUri, imageVariants: variantsOf(row.imageUri),
    price: row.price, offPrice: row.offPrice, offPersent: row.offPersent, hasOff: row.hasOff, priceVaries: row.priceVaries, rate: row.rate,
    ratingAverage: Math.round(row.ratingAverage * 100) / 100, ratingCount: row.ratingCount,
    tags: row.tags, brand: brand ? { id: brand.id, title: brand.title } : null, categoryId: row.categoryId,
    categoryDescs: index.byId.get(row.categoryId)?.title ?? '', stock: row.stock, isDraft: row.isDraft,
  };
}

export type ListMode = 'all' | 'latest' | 'bestselling' | 'popular';

/**
 * A listing: the storefront's (published products only, answered by the in-memory catalogue, decision
 * 015), or the admin's (`admin`: drafts too, and `status` picks drafts or published ones; in SQL).
 */
/** The categories a listing asks for, each with its descendants (undefined: every category). */
export function categoryIdsOf(index: CategoryIndex, query: Pick<ProductListQuery, 'categoryId' | 'categoryTitle'>) {
  let categoryIds: number[] | undefined;
  if (query.categoryId) categoryIds = descendantIds(index, query.categoryId);
  if (query.categoryTitle) {
    const ids = (index.byTitle.get(query.categoryTitle.toLowerCase()) ?? []).flatMap((id) => descendantIds(index, id));
    categoryIds = categoryIds ? categoryIds.filter((id) => ids.includes(id)) : ids;
  }
  return categoryIds;
}

/** A price range whose floor is above its ceiling is the shopper's (or a crawler's) mistake: 400, in Persian. */
export function checkPriceRange(query: { minPrice?: number; maxPrice?: number }) {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    const message = 'حداقل قیمت نباید از حداکثر قیمت بیشتر باشد';
    throw badRequest(message, { minPrice: message });
  }
}

/** The admin's filters as SQL (drafts too; the finder matches the text as one substring): the table's, a bulk action's, an export's. */
async function adminQueryOf(db: Db, index: CategoryIndex, query: ProductAdminFilter) {
  const visible = query.status ? and(inAdmin, eq(products.isDraft, query.status === 'draft'))! : inAdmin;
  return {
    lowStockThreshold: query.stock === 'low' ? await getLowStockThreshold(db) : undefined,
    visible, categoryIds: categoryIdsOf(index, query), brandIds: query.brandIds, minPrice: query.minPrice, maxPrice: query.maxPrice,
    inStock: query.inStock, hasOff: query.hasOff, stockLevel: query.stock, search: query.title ? normalizeSearch(query.title) || undefined : undefined,
    searchMode: 'substring' as const,
  };
}

/** Which products an admin filter takes, as one SQL condition. */
export async function adminWhere(db: Db, cache: ReadCache, query: ProductAdminFilter) {
  return whereOf(await adminQueryOf(db, await categoryIndex(db, cache), query));
}

export async function listProducts(db: Db, cache: ReadCache, query: ProductListQuery & Partial<ProductAdminFilter>, mode: ListMode = 'all',
  admin = false) {
  const found = await listing(db, cache, query, mode, admin);
  if (found.rows) return found.rows;
  const { catalog, slots, index, brandsById, ...counts } = found;
  return { data: Array.from(slots, (slot) => toListItem({ ...catalog.card(slot), isDraft: false }, index, brandsById)), ...counts };
}

/**
 * A storefront listing as the JSON `JSON.stringify(await listProducts(…))` would write, as UTF-8 (the route sends it as it
 * is): from the catalogue in memory each card is copied from its stored texts (`CatalogIndex.cardJson`) instead of
 * decoded, parsed into objects and written again — a third of a cold listing's own cost.
 */
export async function listProductsJson(db: Db, cache: ReadCache, query: ProductListQuery, mode: ListMode = 'all'): Promise<JsonText> {
  const found = await listing(db, cache, query, mode, false);
  if (found.rows) return new JsonText(JSON.stringify(found.rows));
  const { catalog, slots, page, pageSize, totalCount } = found;
  const parts = cardJsonParts(found.index, found.brandsById);
  out.ascii('{"data":[');
  for (let i = 0; i < slots.length; i++) {
    if (i) out.ascii(',');
    catalog.cardJson(slots[i]!, parts, out);
  }
  return new JsonText(out.ascii(`],"page":${page},"pageSize":${pageSize},"totalCount":${totalCount}}`).take());
}

/** The listings' writer (one thread: one at a time). */
const out = new JsonBytes();

/** A category index's and a brand map's pieces of card JSON, made once per index and map (each lives until a change). */
const cardPartsMade = new WeakMap<CategoryIndex, WeakMap<Map<number, { id: number; title: string }>, CardJsonParts>>();
function cardJsonParts(index: CategoryIndex, brandsById: Map<number, { id: number; title: string }>): CardJsonParts {
  let byBrands = cardPartsMade.get(index);
  if (!byBrands) cardPartsMade.set(index, (byBrands = new WeakMap()));
  let parts = byBrands.get(brandsById);
  if (!parts) {
    const brandJson = new Map<number, Buffer>();
    const titleJson = new Map<number, Buffer>();
    parts = {
      brand: (id) => {
        let json = brandJson.get(id);
        if (json === undefined) {
          const brand = id ? brandsById.get(id) : undefined;
          brandJson.set(id, (json = Buffer.from(brand ? JSON.stringify({ id: brand.id, title: brand.title }) : 'null')));
        }
        return json;
      },
      categoryTitle: (id) => {
        let json = titleJson.get(id);
        if (json === undefined) titleJson.set(id, (json = Buffer.from(JSON.stringify(index.byId.get(id)?.title ?? ''))));
        return json;
      },
    };
    byBrands.set(brandsById, parts);
  }
  return parts;
}

/** A listing's page: slots of the catalogue in memory, or rows from SQL (the admin's, or while the catalogue is not in memory). */
async function listing(db: Db, cache: ReadCache, query: ProductListQuery & Partial<ProductAdminFilter>, mode: ListMode, admin: boolean) {
  const page = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const index = await categoryIndex(db, cache);
  const brandsById = await brandMap(db, cache);

  checkPriceRange(query);
  const categoryIds = categoryIdsOf(index, query);
  if (categoryIds?.length === 0) return { rows: { data: [] as ProductListItem[], page, pageSize, totalCount: 0 } };
  const q = query.title ? normalizeSearch(query.title) : '';

  const sort: CatalogSort = query.sort ?? (mode === 'bestselling' ? 'bestselling' : mode === 'popular' ? 'popular' : q ? 'relevance' : 'newest');
  const filters = {
    categoryIds, brandIds: query.brandIds, minPrice: query.minPrice, maxPrice: query.maxPrice, inStock: query.inStock,
    hasOff: query.hasOff, sort, offset: (page - 1) * pageSize, limit: pageSize,
  };
  const catalog = admin ? undefined : (await catalogOf(db, cache)).index;
  if (catalog) {
    const { total, slots } = catalog.query({ ...filters, search: q || undefined });
    return { catalog, slots, index, brandsById, page, pageSize, totalCount: total };
  }
  // In SQL: the admin's table (drafts too; its finder matches the text as one substring), or the storefront's
  // when its catalogue is not in memory (decision 018).
  const { total, rows } = await listInSql(db, admin ? { ...filters, ...await adminQueryOf(db, index, query) }
    : { ...filters, visible: onStorefront, search: q || undefined, searchMode: 'words' });
  return { rows: { data: rows.map((r) => toListItem(r, index, brandsById)), page, pageSize, totalCount: total } };
}

/**
 * What the search box suggests for a half-typed query: products holding a word that begins with each query word
 * (or, for a word nothing begins with, its typos, the words holding it, or the two words it joins), from the
 * catalogue in memory; when the catalogue is in SQL (decision 018), the full search's first results.
 */
export async function suggestProducts(db: Db, cache: ReadCache, q: string, limit: number): Promise<ProductListItem[]> {
  const catalog = (await catalogOf(db, cache)).index;
  if (!catalog) return (await listProducts(db, cache, { title: q, pageSize: limit })).data;
  const slots = catalog.suggest(q, limit);
  if (!slots.length) return [];
  const [index, brandsById] = await Promise.all([categoryIndex(db, cache), brandMap(db, cache)]);
  return Array.from(slots, (slot) => toListItem({ ...catalog.card(slot), isDraft: false }, index, brandsById));
}

/** The cards of some products still on the storefront (others left out), by id: the wishlist's. */
export async function storefrontCards(db: Db, cache: ReadCache, ids: number[]): Promise<Map<number, ProductListItem>> {
  if (!ids.length) return new Map();
  const [index, brandsById] = await Promise.all([categoryIndex(db, cache), brandMap(db, cache)]);
  const rows = await db.select(cardColumns).from(products).where(and(inArray(products.id, ids), onStorefront));
  return new Map(rows.map((r) => [r.id, toListItem(r, index, brandsById)]));
}

type GalleryRow = typeof galleryImages.$inferSelect;

function toDetail(row: Row, index: CategoryIndex, brandsById: Map<number, { id: number; title: string }>, gallery: GalleryRow[],
  variants: VariantRow[]): ProductDetail {
  const options = optionGroupsOf(row.attributes);
  const attributes = attributesWithStock(row.attributes, options, variants);
  return {
    ...toListItem(row, index, brandsById),
    description: row.description,
    attribute: JSON.stringify(attributes),
    attributes,
    options,
    variants: variants.map((v) => toVariant(v, row)),
    brandId: row.brandId,
    categoryPath: pathOf(index, row.categoryId),
    gallery: gallery.map((g) => ({ id: g.id, imageUri: g.imageUri, filename: g.filename, imageVariants: variantsOf(g.imageUri) })),
    soldCount: row.soldCount,
    weightGrams: row.weightGrams,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One product as the admin edits it: drafts included. */
export async function getProduct(db: Db, cache: ReadCache, id: number): Promise<ProductDetail> {
  const [row] = await db.select().from(products).where(and(eq(products.id, id), inAdmin));
  if (!row) throw notFound('محصول');
  const [index, brandsById, gallery, variants] = await Promise.all([
    categoryIndex(db, cache), brandMap(db, cache),
    db.select().from(galleryImages).where(eq(galleryImages.productId, id)).orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id)),
    liveVariantsOf(db, [id]),
  ]);
  return toDetail(row, index, brandsById, gallery, variants.get(id) ?? []);
}

/** The storefront's products whose ids fall in one block (catalog-sync.ts), as getProduct answers them. */
async function getProductBlock(db: Db, cache: ReadCache, block: number): Promise<Map<number, ProductDetail>> {
  const from = block * PRODUCT_BLOCK;
  const to = from + PRODUCT_BLOCK - 1;
  const [rows, gallery, index, brandsById] = await Promise.all([
    db.select().from(products).where(and(between(products.id, from, to), onStorefront)),
    db.select().from(galleryImages).where(between(galleryImages.productId, from, to)).orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id)),
    categoryIndex(db, cache), brandMap(db, cache),
  ]);
  const variants = await liveVariantsOf(db, rows.map((r) => r.id));
  const galleryOf = new Map<number, GalleryRow[]>();
  for (const g of gallery) galleryOf.set(g.productId, [...(galleryOf.get(g.productId) ?? []), g]);
  return new Map(rows.map((row) => [row.id, toDetail(row, index, brandsById, galleryOf.get(row.id) ?? [], variants.get(row.id) ?? [])]));
}

/** The product pages of one block, as Product/ById sends them. */
export async function productPages(db: Db, cache: ReadCache, block: number): Promise<Map<number, Buffer>> {
  return new Map([...await getProductBlock(db, cache, block)].map(([id, detail]) => [id, Buffer.from(JSON.stringify(ok(detail)))]));
}

async function searchTextFor(tx: DbOrTx, input: { title: string; alias: string; tags: string; brandId?: number | null; categoryId: number }) {
  const [brand] = input.brandId ? await tx.select({ title: brands.title, alias: brands.alias }).from(brands).where(eq(brands.id, input.brandId)) : [];
  const [cat] = await tx.select({ title: categories.title }).from(categories).where(eq(categories.id, input.categoryId));
  return searchTextOf(input, brand, cat?.title);
}

async function checkRefs(tx: DbOrTx, input: { categoryId: number; brandId?: number | null }) {
  const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!cat) throw badRequest('دسته‌بندی انتخاب‌شده پیدا نشد', { categoryId: 'دسته‌بندی انتخاب‌شده پیدا نشد' });
  if (input.brandId) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!brand) throw badRequest('برند انتخاب‌شده پیدا نشد', { brandId: 'برند انتخاب‌شده پیدا نشد' });
  }
}

export function priceFields(price: number, hasOff: boolean | undefined, offPersent: number | undefined) {
  const off = hasOff === false ? 0 : offPersent ?? 0;
  return { price, offPersent: off, hasOff: off > 0, offPrice: discountedPrice(price, off) };
}

export async function saveProduct(ctx: UploadContext, input: ProductForm, image?: UploadedFile) {
  const stored = image ? await processImage(ctx.batch, image.buffer) : undefined;
  const description = sanitizeDescription(input.description);
  if (!description) throw badRequest('توضیحات الزامی است', { description: 'توضیحات الزامی است' });
  const id = await write(ctx, async (tx) => {
    await checkRefs(tx, input);
    if (stored) await recordImage(tx, stored);
    const values = {
      title: input.title, alias: input.alias, tags: input.tags, description, categoryId: input.categoryId,
      brandId: input.brandId ?? null, ...priceFields(input.price, input.hasOff, input.offPersent),
      searchText: await searchTextFor(tx, input), updatedAt: new Date(),
      ...(input.rate !== undefined ? { rate: input.rate } : {}),
      ...(input.attribute !== undefined ? { attributes: input.attribute } : {}),
      ...(input.isDraft !== undefined ? { isDraft: input.isDraft } : {}),
      ...(input.weightGrams !== undefined ? { weightGrams: input.weightGrams } : {}),
      ...(stored ? { imageUri: stored.uri } : {}),
    };
    // The stock is the variants' (syncVariants); the row's own number follows them.
    const [row] = input.id
      ? await tx.update(products).set(values).where(and(eq(products.id, input.id), inAdmin)).returning()
      : await tx.insert(products).values(values).returning();
    if (!row) throw notFound('محصول');
    await syncVariants(tx, row, row.attributes, { variants: input.variants, stock: input.stock });
    return row.id;
  }, {
    invalidates: true,
    audit: (id) => ({ action: input.id ? 'product.update' : 'product.create', entity: 'product', id, data: { title: input.title, price: input.price } }),
  });
  return getProduct(ctx.db, ctx.cache, id);
}

async function updateOne(ctx: ServiceContext, id: number, action: string, set: (row: Row) => Partial<Row>) {
  await write(ctx, async (tx) => {
    const [row] = await tx.select().from(products).where(and(eq(products.id, id), inAdmin)).for('update');
    if (!row) throw notFound('محصول');
    const values = set(row);
    await tx.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, id));
    // Published with stock (restocked while it was a draft): back for whoever waited for it, as a bulk publish.
    if (values.isDraft === false && row.isDraft) await notifyRestocked(tx, [id]);
    return values;
  }, { invalidates: true, audit: (values) => ({ action, entity: 'product', id, data: values }) });
  return getProduct(ctx.db, ctx.cache, id);
}

export const setProductOff = (ctx: ServiceContext, id: number, offPersent: number) =>
  updateOne(ctx, id, 'product.off', (row) => priceFields(row.price, true, offPersent));

export const setProductRate = (ctx: ServiceContext, id: number, rate: number) =>
  updateOne(ctx, id, 'product.rate', () => ({ rate }));

/** Publishes a draft, or takes a product off the storefront back to draft. */
export const setProductDraft = (ctx: ServiceContext, id: number, isDraft: boolean) =>
  updateOne(ctx, id, isDraft ? 'product.unpublish' : 'product.publish', () => ({ isDraft }));

/**
 * A copy to edit into a sibling product: a draft with the same texts, prices, options, pictures and
 * combinations, without stock (the units are the original's) and without SKUs (they are unique).
 */
export async function duplicateProduct(ctx: ServiceContext, id: number): Promise<ProductDetail> {
  const copyId = await write(ctx, async (tx) => {
    const [row] = await tx.select().from(products).where(and(eq(products.id, id), inAdmin)).for('update');
    if (!row) throw notFound('محصول');
    const { id: _id, createdAt: _c, updatedAt: _u, stock: _s, soldCount: _sold, ...rest } = row;
    const title = `${row.title} (کپی)`.slice(0, 200);
    const [copy] = await tx.insert(products).values({ ...rest, title, isDraft: true, stock: 0, soldCount: 0 }).returning();
    const gallery = await tx.select().from(galleryImages).where(eq(galleryImages.productId, id)).orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id));
    if (gallery.length) {
      await tx.insert(galleryImages).values(gallery.map((g) => ({ productId: copy!.id, imageUri: g.imageUri, filename: g.filename, sortOrder: g.sortOrder })));
    }
    const variants = (await liveVariantsOf(tx, [id])).get(id) ?? [];
    await syncVariants(tx, copy!, copy!.attributes, {
      variants: variants.map((v) => ({ options: v.options, price: v.price, stock: 0, imageUri: v.imageUri ?? undefined, barcode: null, sku: null })),
    });
    return copy!.id;
  }, { invalidates: true, audit: (copyId) => ({ action: 'product.duplicate', entity: 'product', id: copyId, data: { from: id } }) });
  return getProduct(ctx.db, ctx.cache, copyId);
}

/**
 * Of these products, the ones a delete hides instead (deleteProduct, the bulk delete): those an order holds (its
 * history) or a cart does (the shopper sees the line «ناموجود» instead of it vanishing without a word). The order and
 * cart lines are read from the shared schema (order_items.product_id is ON DELETE RESTRICT), not through the orders
 * and cart modules: modules import one way (orders → cart → catalog).
 */
export async function heldProducts(tx: DbOrTx, ids: number[]): Promise<number[]> {
  const ordered = await tx.selectDistinct({ id: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, ids));
  const carted = await tx.selectDistinct({ id: cartItems.productId }).from(cartItems).where(inArray(cartItems.productId, ids));
  return [...new Set([...ordered, ...carted].map((r) => r.id))];
}

/**
 * A product an order or a cart holds is hidden, not deleted (heldProducts); the others are deleted.
 */
export async function deleteProduct(ctx: ServiceContext, id: number): Promise<ProductDeleteResult> {
  const hidden = await write(ctx, async (tx) => {
    const [row] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, id), inAdmin)).for('update');
    if (!row) throw notFound('محصول');
    const keep = (await heldProducts(tx, [id])).length > 0;
    if (keep) await tx.update(products).set({ isDeleted: true, updatedAt: new Date() }).where(eq(products.id, id));
    else await tx.delete(products).where(eq(products.id, id));
    return keep;
  }, { invalidates: true, audit: (keep) => ({ action: keep ? 'product.hide' : 'product.delete', entity: 'product', id }) });
  return { id, hidden };
}

/* ---------- gallery ---------- */
/** A product's gallery: a draft's only to its editors (`withDrafts`), as its page is. */
export async function listGallery(db: DbOrTx, productId: number, withDrafts: boolean) {
  const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), withDrafts ? inAdmin : onStorefront));
  if (!p) throw notFound('محصول');
  const rows = await db.select().from(galleryImages).where(eq(galleryImages.productId, productId)).orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id));
  return rows.map((g) => ({ id: g.id, productId: g.productId, imageUri: g.imageUri, filename: g.filename, imageVariants: variantsOf(g.imageUri) }));
}

export async function addGalleryImages(ctx: UploadContext, productId: number, files: UploadedFile[]) {
  if (files.length === 0) throw badRequest('حداقل یک تصویر انتخاب کنید', { imageFiles: 'حداقل یک تصویر انتخاب کنید' });
  const [p] = await ctx.db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isDeleted, false)));
  if (!p) throw notFound('محصول');
  const stored: { file: UploadedFile; image: Awaited<ReturnType<typeof processImage>> }[] = [];
  for (const file of files) stored.push({ file, image: await processImage(ctx.batch, file.buffer) });
  await write(ctx, async (tx) => {
    for (const { file, image } of stored) {
      await recordImage(tx, image);
      await tx.insert(galleryImages).values({ productId, imageUri: image.uri, filename: file.filename.slice(0, 255) || 'image' });
    }
  }, { invalidates: true, audit: { action: 'gallery.add', entity: 'product', id: productId, data: { count: stored.length } } });
  return listGallery(ctx.db, productId, true);
}

export async function deleteGalleryImage(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    const [row] = await tx.delete(galleryImages).where(eq(galleryImages.id, id)).returning();
    if (!row) throw notFound('تصویر');
    return row.productId;
  }, { invalidates: true, audit: (productId) => ({ action: 'gallery.delete', entity: 'product', id: productId, data: { imageId: id } }) });
}
