/** One item of a pager: a page number or a gap. */
export type PagerItem = number | 'gap';

/**
 * The pages a pager shows (spec section 9): every page when there are 6 or fewer; otherwise the
 * first 4 pages while the current page is below 4, the last 3 once it is above count-3, and a
 * window around the current page in between, always with the first and last page and gaps.
 */
export function pagerWindow(current: number, count: number): PagerItem[] {
  if (count <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), count);
  if (count <= 6) return Array.from({ length: count }, (_, i) => i + 1);
  if (page < 4) return [1, 2, 3, 4, 'gap', count];
  if (page > count - 3) return [1, 'gap', count - 2, count - 1, count];
  return [1, 'gap', page - 1, page, page + 1, 'gap', count];
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalCount / Math.max(1, pageSize)));
}
