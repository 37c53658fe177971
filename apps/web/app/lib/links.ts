import type { Category } from '@sorkhab/shared';

/**
 * A category's link: the spec's /product-list?category={title}&brand={id}, with the id at every level
 * (`brand` holds a category id), so two categories that share a title each open their own listing.
 */
export function categoryHref(cat: Pick<Category, 'id' | 'title'>): string {
  return `/product-list?${new URLSearchParams({ category: cat.title, brand: String(cat.id) })}`;
}

export const productHref = (id: number) => `/product/${id}`;
