import type { PgSelect } from 'drizzle-orm/pg-core';

export interface Paging {
  page: number;
  pageSize: number;
}

/** What every paged list answers (`paged(…)` in packages/shared is its schema). */
export interface Page<T> extends Paging {
  data: T[];
  totalCount: number;
}

/**
 * One page of a list, the one way services page: `rows` is the ordered query made `.$dynamic()`
 * (this adds the limit and offset), `total` counts every match (`db.$count(table, where)`); both run
 * together, and `map` turns the page's rows into what the API answers.
 */
export async function pageOf<Q extends PgSelect, T>(
  rows: Q, total: PromiseLike<number>, { page, pageSize }: Paging, map: (rows: Awaited<Q>) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const [found, totalCount] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize) as unknown as Awaited<Q>, total]);
  return { data: await map(found), page, pageSize, totalCount };
}
