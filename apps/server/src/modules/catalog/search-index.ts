import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { normalizeSearch } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';

/** What search matches a product on: its title, alias, tags, brand and category names, normalised. */
export function searchTextOf(input: { title: string; alias: string; tags: string }, brand?: { title: string; alias: string }, categoryTitle?: string) {
  return normalizeSearch([input.title, input.alias, input.tags.replace(/[,،]/g, ' '), brand?.title, brand?.alias, categoryTitle].filter(Boolean).join(' '));
}

/**
 * Recomputes the search text of the products `where` selects: a renamed brand or category must be
 * found by its new name (and no longer by the old one) on the very next search.
 */
export async function reindexProducts(tx: DbOrTx, where: SQL) {
  const rows = await tx.select({
    id: products.id, title: products.title, alias: products.alias, tags: products.tags, brandId: products.brandId, categoryId: products.categoryId,
  }).from(products).where(where);
  if (rows.length === 0) return;
  const brandIds = [...new Set(rows.map((r) => r.brandId).filter((id): id is number => id !== null))];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const brandRows = brandIds.length ? await tx.select({ id: brands.id, title: brands.title, alias: brands.alias }).from(brands).where(inArray(brands.id, brandIds)) : [];
  const catRows = await tx.select({ id: categories.id, title: categories.title }).from(categories).where(inArray(categories.id, categoryIds));
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const catById = new Map(catRows.map((c) => [c.id, c.title]));
  for (const r of rows) {
    const searchText = searchTextOf(r, r.brandId ? brandById.get(r.brandId) : undefined, catById.get(r.categoryId));
    await tx.update(products).set({ searchText }).where(eq(products.id, r.id));
  }
}

/**
 * A data step after a change of `normalizeSearch`: recomputes every product's search text in batches and writes
 * the rows whose text changed (the catalogue's change log carries them to every copy's index).
 */
export async function refreshSearchTexts(db: DbOrTx) {
  const brandById = new Map((await db.select({ id: brands.id, title: brands.title, alias: brands.alias }).from(brands)).map((b) => [b.id, b]));
  const catById = new Map((await db.select({ id: categories.id, title: categories.title }).from(categories)).map((c) => [c.id, c.title]));
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await db.select({
      id: products.id, title: products.title, alias: products.alias, tags: products.tags, brandId: products.brandId,
      categoryId: products.categoryId, searchText: products.searchText,
    }).from(products).where(gt(products.id, after)).orderBy(asc(products.id)).limit(2_000);
    if (!rows.length) return changed;
    for (const r of rows) {
      const searchText = searchTextOf(r, r.brandId ? brandById.get(r.brandId) : undefined, catById.get(r.categoryId));
      if (searchText === r.searchText) continue;
      await db.update(products).set({ searchText }).where(and(eq(products.id, r.id), eq(products.searchText, r.searchText)));
      changed++;
    }
    after = rows.at(-1)!.id;
  }
}
