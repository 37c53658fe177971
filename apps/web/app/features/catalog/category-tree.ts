import { normalizeSearch, type Category } from '@sorkhab/shared';

const allOf = (roots: Category[]): Category[] => roots.flatMap((c) => [c, ...allOf(c.children)]);

/**
 * A tree's categories by id, made once per tree: the tree every listing reads is one object, kept for every visitor
 * until a write (lib/context.ts, sharedCategories), and walking it whole was ≈ 2% of a cold listing's thread.
 */
const indexes = new WeakMap<Category[], Map<number, Category>>();
function byId(roots: Category[]): Map<number, Category> {
  let index = indexes.get(roots);
  if (!index) {
    index = new Map(allOf(roots).map((c) => [c.id, c]));
    indexes.set(roots, index);
  }
  return index;
}

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
    const found = byId(roots).get(by.id);
    if (found) return found;
  }
  if (by.title === undefined) return undefined;
  const titled = categoriesTitled(roots, by.title);
  return (withProducts && titled.find((c) => withProducts.has(c.id))) || titled[0];
}

/** The chain of categories from the root down to the given one (empty when it is not in the tree). */
export function categoryTrail(roots: Category[], id: number): Category[] {
  const index = byId(roots);
  const trail: Category[] = [];
  for (let c = index.get(id); c && trail.length <= index.size; c = c.parentId == null ? undefined : index.get(c.parentId)) trail.unshift(c);
  return trail;
}
