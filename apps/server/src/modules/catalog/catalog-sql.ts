/**
 * Listings and search in SQL (decision 018): the admin's product table always, and the storefront's
 * whenever the in-memory catalogue (decision 015) is not answering — larger than its memory budget, or
 * still loading after a start. Every shape is index-backed (the plans are in the decision):
 *
 * - one ordering index per sort, with and without the category in front (migration 0007);
 * - a category with descendants is one ordered subquery per category, limited to the page's end and
 *   merged (`UNION ALL … ORDER BY … LIMIT`: PostgreSQL's Merge Append over index scans), the way the
 *   in-memory catalogue merges its per-category lists — never a sort of the whole category;
 * - the count is a separate `count(*)` over the category, brand and filter columns;
 * - a search word matches as a substring or a trigram-near word (`like '%w%' or w <% search_text`),
 *   both answered by the trigram GIN index, ranked as decision 007 ranks.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import type { ProductStockFilter } from '@sorkhab/shared';
import { products, productVariants } from '../../db/schema/index.js';
import type { CatalogSort } from './catalog-index.js';

export type ListSort = Exclude<CatalogSort, 'relevance'>;

type Key = [PgColumn, 'asc' | 'desc'];
interface UnionOf<R> { orderBy(...terms: SQL[]): { limit(n: number): { offset(n: number): Promise<R> } } }
/** Each sort's keys: the ties go by id in the direction an index on (key, id) reads them. */
const SORT_KEYS: Record<ListSort, Key[]> = {
  newest: [[products.createdAt, 'desc'], [products.id, 'desc']],
  cheapest: [[products.offPrice, 'asc'], [products.id, 'asc']],
  dearest: [[products.offPrice, 'desc'], [products.id, 'desc']],
  bestselling: [[products.soldCount, 'desc'], [products.id, 'desc']],
  discount: [[products.offPersent, 'desc'], [products.id, 'desc']],
  // «محبوب‌ترین»: the shoppers' approved reviews (average, then how many), as WooCommerce's rating sort; then sales.
  popular: [[products.ratingAverage, 'desc'], [products.ratingCount, 'desc'], [products.soldCount, 'desc'], [products.id, 'desc']],
};
const orderOf = (keys: Key[]) => keys.map(([c, d]) => (d === 'asc' ? asc(c) : desc(c)));
/** The same keys over a union's output, where a column is known by its name. */
const outerOrderOf = (keys: Key[]) => keys.map(([c, d]) => sql`${sql.identifier(`k_${c.name}`)} ${sql.raw(d)}`);

export interface SqlListQuery {
  /** Which products at all: the storefront's (`onStorefront`) or the admin's. */
  visible: SQL;
  categoryIds?: number[];
  brandIds?: number[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  hasOff?: boolean;
  /** The admin's stock filter: `none` every variant at 0 (products.stock = 0), `low` some live variant at or below `lowStockThreshold`. */
  stockLevel?: ProductStockFilter;
  /** The owner's low-stock threshold (settings, low-stock.ts). */
  lowStockThreshold?: number;
  /** A normalised search text. */
  search?: string;
  /** `substring`: the whole text as one substring (the admin's finder); `words`: decision 007's rules. */
  searchMode?: 'substring' | 'words';
  /** Absent: relevance for a word search, newest otherwise. */
  sort?: CatalogSort;
  offset: number;
  limit: number;
}

const likePattern = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;
const MAX_WORDS = 8;

function searchTerms(q: Pick<SqlListQuery, 'search' | 'searchMode'>): { where: SQL[]; rank?: SQL[] } {
  if (!q.search) return { where: [] };
  if (q.searchMode !== 'words') return { where: [sql`${products.searchText} like ${likePattern(q.search)}`] };
  const words = [...new Set(q.search.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
  if (!words.length) return { where: [sql`false`] };
  // pg_trgm's `<%` is word_similarity ≥ 0.6 (its default threshold): decision 007's typo rule.
  const where = words.map((w) => sql`(${products.searchText} like ${likePattern(w)} or ${w} <% ${products.searchText})`);
  const score = sql.join(words.map((w) => sql`case when ${products.searchText} like ${likePattern(w)} then 1 else word_similarity(${w}, ${products.searchText}) end`), sql` + `);
  // Whole words before hits inside longer words («رژ» before «بورژوا»), as the in-memory search ranks (search-match.ts).
  const wholeWords = sql.join(words.map((w) => sql`(' ' || ${products.searchText} || ' ' like ${likePattern(` ${w} `)})::int`), sql` + `);
  const rank = [
    sql`(${products.searchText} like ${`${q.search.replace(/[%_\\]/g, '\\$&')}%`}) desc`,
    sql`(${products.searchText} like ${likePattern(q.search)}) desc`,
    sql`(${wholeWords}) desc`,
    sql`round((${score})::numeric, 4) desc`,
    desc(products.soldCount), desc(products.id),
  ];
  return { where, rank };
}

/** The filters every shape shares (not the category). */
function filtersOf(q: Omit<SqlListQuery, 'offset' | 'limit' | 'sort'>): SQL[] {
  const where: SQL[] = [q.visible];
  if (q.brandIds?.length) where.push(inArray(products.brandId, q.brandIds));
  if (q.minPrice !== undefined) where.push(gte(products.offPrice, q.minPrice));
  if (q.maxPrice !== undefined) where.push(lte(products.offPrice, q.maxPrice));
  if (q.inStock) where.push(sql`${products.stock} > 0`);
  if (q.hasOff !== undefined) where.push(eq(products.hasOff, q.hasOff));
  if (q.stockLevel === 'none') where.push(eq(products.stock, 0));
  if (q.stockLevel === 'low') {
    // Read from product_variants_stock_idx (a partial index of the live variants by stock).
    where.push(sql`${products.id} in (select ${productVariants.productId} from ${productVariants}
      where ${productVariants.stock} <= ${q.lowStockThreshold ?? 0} and not ${productVariants.isDeleted})`);
  }
  return where;
}

/** Every condition of a listing (filters, search, categories), without its order or page: what a bulk action or an export takes. */
export function whereOf(q: Omit<SqlListQuery, 'offset' | 'limit' | 'sort'>): SQL | undefined {
  const cats = q.categoryIds;
  if (cats?.length === 0) return sql`false`;
  return and(...filtersOf(q), ...searchTerms(q).where, ...(cats ? [inArray(products.categoryId, cats)] : []));
}

/** A product card's columns: what a listing answers of each product. */
export const cardColumns = {
  id: products.id, title: products.title, alias: products.alias, imageUri: products.imageUri, price: products.price,
  offPrice: products.offPrice, offPersent: products.offPersent, hasOff: products.hasOff, priceVaries: products.priceVaries, rate: products.rate,
  ratingAverage: products.ratingAverage, ratingCount: products.ratingCount, tags: products.tags, brandId: products.brandId, categoryId: products.categoryId, stock: products.stock, isDraft: products.isDraft,
};

/** One page of products in SQL and how many match. */
export async function listInSql(db: DbOrTx, q: SqlListQuery) {
  const columns = cardColumns;
  const search = searchTerms(q);
  const where = [...filtersOf(q), ...search.where];
  const keys = SORT_KEYS[!q.sort || q.sort === 'relevance' ? 'newest' : q.sort];
  const order = (!q.sort || q.sort === 'relevance') && search.rank ? search.rank : orderOf(keys);
  const cats = q.categoryIds;
  if (cats?.length === 0) return { total: 0, rows: [] };
  const inCategories = cats ? [cats.length === 1 ? eq(products.categoryId, cats[0]!) : inArray(products.categoryId, cats)] : [];
  const count = db.$count(products, and(...where, ...inCategories));
  const end = q.offset + q.limit;
  const plain = db.select(columns).from(products).$dynamic().where(and(...where, ...inCategories)).orderBy(...order).limit(q.limit).offset(q.offset);
  let page: Promise<Awaited<typeof plain>> = plain;
  if (cats && cats.length > 1 && !search.rank) {
    // Each category's first `end` in order, merged: Merge Append over one index scan per category.
    const withKeys = { ...columns, ...Object.fromEntries(keys.map(([c]) => [`k_${c.name}`, sql`${c}`.as(`k_${c.name}`)])) };
    const parts = cats.map((c) => db.select(withKeys).from(products).$dynamic().where(and(eq(products.categoryId, c), ...where)).orderBy(...order).limit(end));
    // (Drizzle's types do not follow a union of a generic selection; the rows are the plain query's.)
    const union = (unionAll as unknown as (...qs: unknown[]) => UnionOf<Awaited<typeof plain>>)(...parts);
    page = union.orderBy(...outerOrderOf(keys)).limit(q.limit).offset(q.offset);
  }
  const [rows, total] = await Promise.all([page, count]);
  return { total, rows };
}
