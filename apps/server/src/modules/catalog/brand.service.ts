import { asc, count, eq, ne, and } from 'drizzle-orm';
import type { Brand } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { brands, products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { catalogOf } from './catalog-sync.js';
import { reindexProducts } from './search-index.js';
import { onStorefront } from './visible.js';

/** The brands with how many products of each the storefront lists (counted by the in-memory catalogue, or in SQL). */
export async function listBrands(db: Db, cache: ReadCache): Promise<Brand[]> {
  return cache.getOrLoad('brands', async () => {
    const [rows, catalog] = await Promise.all([
      db.select({ id: brands.id, title: brands.title, alias: brands.alias }).from(brands).orderBy(asc(brands.title)),
      catalogOf(db, cache),
    ]);
    const { index } = catalog;
    const counts = index ? undefined : new Map((await db.select({ id: products.brandId, n: count() }).from(products)
      .where(onStorefront).groupBy(products.brandId)).map((r) => [r.id, r.n]));
    return rows.map((b) => ({ ...b, productCount: index ? index.brandCount(b.id) : counts!.get(b.id) ?? 0 }));
  });
}

export async function brandMap(db: Db, cache: ReadCache): Promise<Map<number, Brand>> {
  return cache.getOrLoad('brand-map', async () => new Map((await listBrands(db, cache)).map((b) => [b.id, b])));
}

async function assertUniqueTitle(db: Db, title: string, exceptId?: number) {
  const where = exceptId ? and(eq(brands.title, title), ne(brands.id, exceptId)) : eq(brands.title, title);
  const [dup] = await db.select({ id: brands.id }).from(brands).where(where);
  if (dup) throw conflict(`برندی با عنوان «${title}» از قبل وجود دارد`);
}

export async function createBrand(ctx: ServiceContext, input: { title: string; alias?: string }) {
  await assertUniqueTitle(ctx.db, input.title);
  const row = await write(ctx, async (tx) => {
    const [created] = await tx.insert(brands).values({ title: input.title, alias: input.alias ?? '' }).returning();
    return created!;
  }, { invalidates: true, audit: (r) => ({ action: 'brand.create', entity: 'brand', id: r.id, data: input }) });
  return { id: row.id, title: row.title, alias: row.alias };
}

export async function updateBrand(ctx: ServiceContext, input: { id: number; title: string; alias?: string }) {
  await assertUniqueTitle(ctx.db, input.title, input.id);
  const row = await write(ctx, async (tx) => {
    const [updated] = await tx.update(brands).set({ title: input.title, ...(input.alias !== undefined ? { alias: input.alias } : {}) })
      .where(eq(brands.id, input.id)).returning();
    if (!updated) throw notFound('برند');
    await reindexProducts(tx, eq(products.brandId, input.id));
    return updated;
  }, { invalidates: true, audit: { action: 'brand.update', entity: 'brand', id: input.id, data: input } });
  return { id: row.id, title: row.title, alias: row.alias };
}

export async function deleteBrand(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id));
    if (!row) throw notFound('برند');
    const [{ n }] = (await tx.select({ n: count() }).from(products).where(and(eq(products.brandId, id), eq(products.isDeleted, false)))) as [{ n: number }];
    if (n > 0) throw conflict(`این برند ${n.toLocaleString('fa-IR')} محصول دارد؛ ابتدا برند آن محصولات را تغییر دهید`);
    await tx.delete(brands).where(eq(brands.id, id));
  }, { invalidates: true, audit: { action: 'brand.delete', entity: 'brand', id } });
}
