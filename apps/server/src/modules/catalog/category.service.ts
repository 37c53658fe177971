import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Attribute, Category, CategoryForm } from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, categoryAttributes, products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { attributeKeyTaken, namedUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ServiceContext, UploadContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { processImage, recordImage, variantsOf } from '../media/media.service.js';
import { reindexProducts } from './search-index.js';
import type { UploadedFile } from '../../lib/multipart.js';

const MAX_CATEGORY_DEPTH = 3;

export interface CategoryIndex {
  roots: Category[];
  byId: Map<number, Category>;
  /** lower-cased title → ids (titles may repeat under different parents). */
  byTitle: Map<string, number[]>;
}

type Row = typeof categories.$inferSelect;

function toCategory(row: Row): Category {
  const imageUri = row.imageUri?.replace(/\\/g, '/') ?? null;
  return {
    id: row.id, title: row.title, alias: row.alias, select: row.select, uri: row.uri,
    imageUri, imageVariants: variantsOf(imageUri), parentId: row.parentId, sortOrder: row.sortOrder, children: [],
  };
}

async function loadCategoryIndex(db: DbOrTx): Promise<CategoryIndex> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  const byId = new Map(rows.map((r) => [r.id, toCategory(r)]));
  const byTitle = new Map<string, number[]>();
  const roots: Category[] = [];
  for (const cat of byId.values()) {
    const parent = cat.parentId ? byId.get(cat.parentId) : undefined;
    if (parent) parent.children.push(cat);
    else roots.push(cat);
    const key = cat.title.toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), cat.id]);
  }
  // Parents that loop (written before the tree's writes took turns, or by hand): each loop is cut at its first
  // category in the tree's order, which is shown as a root, so that every walk of the tree ends and nothing vanishes.
  const reached = new Set<number>();
  const reach = (cat: Category) => {
    reached.add(cat.id);
    for (const child of cat.children) if (!reached.has(child.id)) reach(child);
  };
  roots.forEach(reach);
  for (const cat of byId.values()) {
    if (reached.has(cat.id)) continue;
    const parent = byId.get(cat.parentId!)!;
    parent.children = parent.children.filter((c) => c !== cat);
    roots.push(cat);
    reach(cat);
  }
  return { roots, byId, byTitle };
}

export const categoryIndex = (db: Db, cache: ReadCache) => cache.getOrLoad('category-index', () => loadCategoryIndex(db));

/** The category and all of its descendants. */
export function descendantIds(index: CategoryIndex, id: number): number[] {
  const out: number[] = [];
  const walk = (cat: Category | undefined) => {
    if (!cat) return;
    out.push(cat.id);
    cat.children.forEach(walk);
  };
  walk(index.byId.get(id));
  return out;
}

/** The categories from `id` up to its root (a loop of parents ends where it comes back). */
function upFrom(index: CategoryIndex, id: number): Category[] {
  const out: Category[] = [];
  const seen = new Set<number>();
  for (let cat = index.byId.get(id); cat && !seen.has(cat.id); cat = cat.parentId ? index.byId.get(cat.parentId) : undefined) {
    seen.add(cat.id);
    out.push(cat);
  }
  return out;
}

const depthOf = (index: CategoryIndex, id: number): number => upFrom(index, id).length;

export const pathOf = (index: CategoryIndex, id: number): { id: number; title: string }[] =>
  upFrom(index, id).reverse().map((cat) => ({ id: cat.id, title: cat.title }));

function subtreeHeight(cat: Category): number {
  return 1 + Math.max(0, ...cat.children.map(subtreeHeight));
}

async function withImage(ctx: UploadContext, file: UploadedFile | undefined) {
  return file ? processImage(ctx.batch, file.buffer) : undefined;
}

/**
 * The tree's writes take turns (a transaction-level advisory lock): two moves checked at once against the same tree
 * (A under B, B under A) would each pass and together make a loop of parents.
 */
const TREE_LOCK = 0x5ca7e001;

/** Waits until the tree's other writers are done; held until `tx` ends. */
const lockTree = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`);

/** The category tree as `tx` reads it once the other writers of the tree are done. */
async function lockedTree(tx: DbOrTx): Promise<CategoryIndex> {
  await lockTree(tx);
  return loadCategoryIndex(tx);
}

/** Refuses a parent that does not exist, that is the category or one of its own, or that makes the tree too deep. */
function checkParent(index: CategoryIndex, parentId: number | null, moved?: Category) {
  if (!parentId) return;
  if (!index.byId.has(parentId)) throw badRequest('دسته‌بندی والد پیدا نشد', { parentId: 'دسته‌بندی والد پیدا نشد' });
  if (moved && descendantIds(index, moved.id).includes(parentId)) {
    throw badRequest('دسته‌بندی نمی‌تواند زیرمجموعه خودش یا فرزندانش باشد', { parentId: 'والد انتخاب‌شده زیرمجموعه همین دسته‌بندی است' });
  }
  if (!moved && depthOf(index, parentId) >= MAX_CATEGORY_DEPTH) {
    throw badRequest('دسته‌بندی‌ها حداکثر سه سطح دارند', { parentId: 'زیر این دسته‌بندی نمی‌توان دسته‌ای ساخت؛ حداکثر سه سطح مجاز است' });
  }
  if (moved && depthOf(index, parentId) + subtreeHeight(moved) > MAX_CATEGORY_DEPTH) {
    throw badRequest('دسته‌بندی‌ها حداکثر سه سطح دارند', { parentId: 'با این والد، درخت بیش از سه سطح می‌شود' });
  }
}

export async function createCategory(ctx: UploadContext, input: CategoryForm, icon?: UploadedFile) {
  const parentId = input.parentId ?? null;
  // Checked before the icon is processed (a refusal costs no image work), and again under the tree's lock.
  checkParent(await loadCategoryIndex(ctx.db), parentId);
  const image = await withImage(ctx, icon);
  const row = await write(ctx, async (tx) => {
    checkParent(await lockedTree(tx), parentId);
    if (image) await recordImage(tx, image);
    const [created] = await tx.insert(categories).values({
      title: input.title, alias: input.alias ?? '', select: input.select ?? false, uri: input.uri ?? '',
      imageUri: image?.uri ?? null, parentId, sortOrder: input.sortOrder ?? 0,
    }).returning();
    return created!;
  }, { invalidates: true, audit: (r) => ({ action: 'category.create', entity: 'category', id: r.id, data: { title: input.title } }) });
  return toCategory(row);
}

export async function updateCategory(ctx: UploadContext, input: CategoryForm & { id: number }, icon?: UploadedFile) {
  const parentId = input.parentId ?? null;
  const before = await loadCategoryIndex(ctx.db);
  const seen = before.byId.get(input.id);
  if (!seen) throw notFound('دسته‌بندی');
  checkParent(before, parentId, seen);
  const image = await withImage(ctx, icon);
  const row = await write(ctx, async (tx) => {
    const index = await lockedTree(tx);
    const current = index.byId.get(input.id);
    if (!current) throw notFound('دسته‌بندی');
    checkParent(index, parentId, current);
    if (image) await recordImage(tx, image);
    const [updated] = await tx.update(categories).set({
      title: input.title, alias: input.alias ?? current.alias, select: input.select ?? current.select,
      uri: input.uri ?? current.uri, parentId, sortOrder: input.sortOrder ?? current.sortOrder,
      ...(image ? { imageUri: image.uri } : {}),
    }).where(eq(categories.id, input.id)).returning();
    if (input.title !== current.title) await reindexProducts(tx, eq(products.categoryId, input.id));
    return updated!;
  }, { invalidates: true, audit: { action: 'category.update', entity: 'category', id: input.id, data: { title: input.title } } });
  return toCategory(row);
}

export async function deleteCategory(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    await lockTree(tx);
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound('دسته‌بندی');
    const [{ n: children }] = (await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id))) as [{ n: number }];
    if (children > 0) throw conflict('این دسته‌بندی زیرمجموعه دارد؛ ابتدا زیرمجموعه‌های آن را حذف یا جابه‌جا کنید');
    const [{ n: prods }] = (await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id))) as [{ n: number }];
    if (prods > 0) throw conflict(`این دسته‌بندی ${prods.toLocaleString('fa-IR')} محصول دارد؛ ابتدا محصولات را به دسته‌بندی دیگری منتقل کنید`);
    await tx.delete(categories).where(eq(categories.id, id));
  }, { invalidates: true, audit: { action: 'category.delete', entity: 'category', id } });
}

/* ---------- attributes ---------- */
type AttrInput = { title: string; key: string; type: Attribute['type']; categoryId: number };

/**
 * The category exists, and `key` is not used by another of its attributes. The category row is locked
 * (FOR NO KEY UPDATE: product writes referring to it are not blocked), so two writers adding the same
 * key to one category take turns; the unique index `category_attributes_key_uq` says the same.
 */
async function assertKeyFree(tx: DbOrTx, categoryId: number, key: string, exceptId?: number) {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('no key update');
  if (!row) throw badRequest('دسته‌بندی پیدا نشد', { categoryId: 'دسته‌بندی پیدا نشد' });
  const sameKey = and(eq(categoryAttributes.categoryId, categoryId), eq(categoryAttributes.key, key),
    exceptId === undefined ? undefined : ne(categoryAttributes.id, exceptId));
  const [taken] = await tx.select({ id: categoryAttributes.id }).from(categoryAttributes).where(sameKey).limit(1);
  if (taken) throw attributeKeyTaken(key);
}

/** Should the unique index refuse a key all the same, the answer is the same Persian 409 (with its field). */
const keyConflict = (err: unknown): never => { throw namedUniqueViolation(err) ?? err; };

export async function listAttributes(db: DbOrTx, categoryId: number): Promise<Attribute[]> {
  const rows = await db.select().from(categoryAttributes).where(eq(categoryAttributes.categoryId, categoryId)).orderBy(asc(categoryAttributes.id));
  if (rows.length === 0) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!cat) throw notFound('دسته‌بندی');
  }
  return rows as Attribute[];
}

export async function createAttribute(ctx: ServiceContext, input: AttrInput) {
  return write(ctx, async (tx) => {
    await assertKeyFree(tx, input.categoryId, input.key);
    const [row] = await tx.insert(categoryAttributes).values(input).returning();
    return row as Attribute;
  }, { audit: (r) => ({ action: 'attribute.create', entity: 'attribute', id: r.id, data: input }) }).catch(keyConflict);
}

export async function updateAttribute(ctx: ServiceContext, input: AttrInput & { id: number }) {
  return write(ctx, async (tx) => {
    await assertKeyFree(tx, input.categoryId, input.key, input.id);
    const [row] = await tx.update(categoryAttributes).set(input).where(eq(categoryAttributes.id, input.id)).returning();
    if (!row) throw notFound('ویژگی');
    return row as Attribute;
  }, { audit: { action: 'attribute.update', entity: 'attribute', id: input.id, data: input } }).catch(keyConflict);
}

export async function deleteAttribute(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    const [row] = await tx.delete(categoryAttributes).where(eq(categoryAttributes.id, id)).returning({ id: categoryAttributes.id });
    if (!row) throw notFound('ویژگی');
  }, { audit: { action: 'attribute.delete', entity: 'attribute', id } });
}
