import type { Category } from '@sorkhab/shared';

/** Finds a category in the tree by id, or else by title (first match, depth first). */
export function findCategory(roots: Category[], by: { id?: number; title?: string }): Category | undefined {
  const stack = [...roots];
  let byTitle: Category | undefined;
  while (stack.length) {
    const cat = stack.shift()!;
    if (by.id !== undefined && cat.id === by.id) return cat;
    if (!byTitle && by.title !== undefined && cat.title === by.title) byTitle = cat;
    stack.push(...cat.children);
  }
  return by.id !== undefined ? undefined : byTitle;
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
