/**
 * A listing's live count and facets (decision 027): how many products its filters hold, which brands
 * are in it without its brand filter and which categories without its category filter, with counts.
 * From the in-memory catalogue (one pass over the products the listing could hold), or in SQL when the
 * catalogue is not answering (decision 018).
 */
import { count, max } from 'drizzle-orm';
import { normalizeSearch, type ProductCountQuery, type ProductFacets, type ProductFacetsQuery } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { brandMap } from './brand.service.js';
import { categoryIndex } from './category.service.js';
import { catalogOf } from './catalog-sync.js';
import { whereOf } from './catalog-sql.js';
import type { Facets } from './catalog-index.js';
import { categoryIdsOf, checkPriceRange } from './product.service.js';
import { onStorefront } from './visible.js';

/** How many categories a facet lists at most (the commonest). */
const MAX_CATEGORIES = 40;

async function filtersOf(db: Db, cache: ReadCache, query: ProductCountQuery) {
  checkPriceRange(query);
  const index = await categoryIndex(db, cache);
  const search = query.title ? normalizeSearch(query.title) : '';
  return {
    index,
    filters: {
      categoryIds: categoryIdsOf(index, query), brandIds: query.brandIds?.length ? [...new Set(query.brandIds)] : undefined,
      minPrice: query.minPrice, maxPrice: query.maxPrice, inStock: query.inStock, hasOff: query.hasOff, search: search || undefined,
    },
  };
}

/** How many products a storefront listing's filters hold. */
export async function productCount(db: Db, cache: ReadCache, query: ProductCountQuery): Promise<{ totalCount: number }> {
  const { filters } = await filtersOf(db, cache, query);
  if (filters.categoryIds?.length === 0) return { totalCount: 0 };
  const catalog = (await catalogOf(db, cache)).index;
  // Without a search the listing's own count (a sum of list lengths, or one scan); with one, its matches unranked.
  if (catalog) return { totalCount: filters.search ? catalog.facets(filters).total : catalog.query({ ...filters, offset: 0, limit: 0 }).total };
  return { totalCount: await db.$count(products, whereOf({ ...filters, visible: onStorefront, searchMode: 'words' })) };
}

/**
 * The facets in SQL: a count per brand without the brand filter, per category without the category filter, the dearest
 * price with the category and the words alone.
 */
async function facetsInSql(db: Db, f: Awaited<ReturnType<typeof filtersOf>>['filters'], withCategories: boolean): Promise<Facets> {
  const base = { ...f, visible: onStorefront, searchMode: 'words' as const };
  const unfiltered = { categoryIds: f.categoryIds, search: f.search, visible: onStorefront, searchMode: 'words' as const };
  const [total, byBrand, byCategory, [top]] = await Promise.all([
    db.$count(products, whereOf(base)),
    db.select({ id: products.brandId, n: count() }).from(products).where(whereOf({ ...base, brandIds: undefined })).groupBy(products.brandId),
    withCategories
      ? db.select({ id: products.categoryId, n: count() }).from(products).where(whereOf({ ...base, categoryIds: undefined })).groupBy(products.categoryId)
      : Promise.resolve(null),
    db.select({ dearest: max(products.offPrice) }).from(products).where(whereOf(unfiltered)),
  ]);
  const mapOf = (rows: { id: number | null; n: number }[]) => new Map(rows.filter((r) => r.id !== null && r.n > 0).map((r) => [r.id!, r.n]));
  return { total, brands: mapOf(byBrand), categories: byCategory && mapOf(byCategory), dearest: Number(top?.dearest ?? 0) };
}

/** A storefront listing's brands and (when asked) categories, with counts, and its total. */
export async function productFacets(db: Db, cache: ReadCache, query: ProductFacetsQuery): Promise<ProductFacets> {
  const { index, filters } = await filtersOf(db, cache, query);
  const withCategories = !!query.withCategories;
  if (filters.categoryIds?.length === 0) return { totalCount: 0, priceCeiling: 0, brands: [], categories: [] };
  const catalog = (await catalogOf(db, cache)).index;
  const found = catalog ? catalog.facets({ ...filters, withCategories }) : await facetsInSql(db, filters, withCategories);
  const brandsById = await brandMap(db, cache);
  // A chosen brand stays listed at 0 (another filter emptied it), so it can be unticked.
  for (const id of filters.brandIds ?? []) if (!found.brands.has(id)) found.brands.set(id, 0);
  const brands = [...found.brands].flatMap(([id, n]) => {
    const b = brandsById.get(id);
    return b ? [{ id, title: b.title, alias: b.alias, count: n }] : [];
  }).sort((a, b) => b.count - a.count || a.title.localeCompare(b.title, 'fa'));
  const categories = [...found.categories ?? []].flatMap(([id, n]) => {
    const c = index.byId.get(id);
    return c ? [{ id, title: c.title, count: n }] : [];
  }).sort((a, b) => b.count - a.count || a.title.localeCompare(b.title, 'fa')).slice(0, MAX_CATEGORIES);
  return { totalCount: found.total, priceCeiling: found.dearest, brands, categories };
}
