import { normalizeSearch, type Category } from '@sorkhab/shared';

const allOf = (roots: Category[]): Category[] => roots.flatMap((c) => [c, ...allOf(c.children)]);

/**
 * The categories whose title is `title`, compared normalised (Arabic/Persian letters and digits, ZWNJ,
 * spacing, case): titles may repeat (the admin allows it). Leaves first, then the lowest id.
 */
export function categoriesTitled(roots: Category[], title: string): Category[] {
  const wanted = normalizeSearch(title);
  if (!wanted) return [];
  return allOf(roots)
    .filter((c) => normalizeSearch(c.title) === wanted)
    .sort((a, b) => Number(a.children.length > 0) - Number(b.children.length > 0) || a.id - b.id);
}

/**
 * The category of a link: by id (every storefront link carries it, in the spec's `brand` parameter),
 * or else by title alone (old links, the spec's `category={title}`): the best of the categories with
 * that title, preferring one that has products (`withProducts`, the ids whose listing is not empty,
 * when the caller knows them), then a leaf, then the lowest id. An id that no longer exists falls back
 * to the title.
 */
export function findCategory(roots: Category[], by: { id?: number; title?: string }, withProducts?: ReadonlySet<number>): Category | undefined {
  if (by.id !== undefined) {
    const found = allOf(roots).find((c) => c.id === by.id);
    if (found) return found;
  }
  if (by.title === undefined) return undefined;
  const titled = categoriesTitled(roots, by.title);
  return (withProducts && titled.find((c) => withProducts.has(c.id))) || titled[0];
}

/** The chain of categories from the root down to the given one. */
export function categoryTrail(roots: Category[], id: number): Category[] {
  const walk = (list: Category[], trail: Category[]): Category[] | null => {
    for (const c of list) {
      if (c.id === id) return [...trail, c];
      const found = walk(c.children, [...trail, c]);
      if (found) return found;
    }
    return null;
  };
  return walk(roots, []) ?? [];
}
