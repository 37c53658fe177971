import type { Category } from '@sorkhab/shared';

/**
 * Category links as the spec has them: a top-level category carries its id in `brand`
 * (/product-list?category={title}&brand={id}); second- and third-level ones only their title.
 */
export function categoryHref(cat: Pick<Category, 'id' | 'title' | 'parentId'>): string {
  const q = new URLSearchParams({ category: cat.title });
  if (cat.parentId === null) q.set('brand', String(cat.id));
  return `/product-list?${q}`;
}

export const productHref = (id: number) => `/product/${id}`;
