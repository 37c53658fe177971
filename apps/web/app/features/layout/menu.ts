import { use } from 'react';
import { preload } from 'react-dom';
import type { Category } from '@sorkhab/shared';

/**
 * The category menu the header, the mobile bar and the home page draw. Every page shows it, so it is not part of
 * a page's hydration data: the shop layout's loader answers only its version (a digest of the tree), the server
 * renders from its own copy (menu.server.ts), and the browser fetches `/menu/<version>.json` once — an immutable
 * file its cache keeps until the catalogue's categories change. A page hydrates when the tree is there; until
 * then the server's HTML stays as it was drawn.
 */
export type MenuCategory = Pick<Category, 'id' | 'title' | 'parentId' | 'imageUri' | 'imageVariants'> & { children: MenuCategory[] };

/** The trees this process knows, by version (the server's current ones; the browser's fetched ones). */
const trees = new Map<string, MenuCategory[]>();
/** The browser's fetches under way, by version (React's use() needs the same promise on each render). */
const fetches = new Map<string, Promise<MenuCategory[]>>();

const menuUrl = (version: string) => `/menu/${version}.json`;

/** Remembers a tree under its version (a few versions at most: the newest are kept). */
export function keepMenu(version: string, tree: MenuCategory[]): void {
  trees.delete(version);
  trees.set(version, tree);
  if (trees.size > 4) trees.delete(trees.keys().next().value!);
}

export function knownMenu(version: string): MenuCategory[] | undefined {
  return trees.get(version);
}

/** The browser's copy of a version: fetched once (the HTTP cache usually answers), kept after. */
function fetchMenu(version: string): Promise<MenuCategory[]> {
  let pending = fetches.get(version);
  if (!pending) {
    pending = fetch(menuUrl(version)).then(async (res) => {
      if (!res.ok) throw new Error(`menu ${version}: ${res.status}`);
      const tree = (await res.json()) as MenuCategory[];
      keepMenu(version, tree);
      return tree;
    });
    pending.catch(() => fetches.delete(version)); // a failed fetch is tried again on the next render
    fetches.set(version, pending);
  }
  return pending;
}

/**
 * The tree of a version: at once when known, else (in the browser) once fetched, suspending meanwhile. The page's
 * head asks for the file with the HTML (a preload), so hydration does not wait one more round trip for it. No
 * version (a page outside the shop layout): no menu.
 */
export function useMenu(version: string | undefined): MenuCategory[] {
  if (!version) return [];
  preload(menuUrl(version), { as: 'fetch', crossOrigin: 'anonymous' });
  return knownMenu(version) ?? use(fetchMenu(version));
}
