import crypto from 'node:crypto';
import type { Category } from '@sorkhab/shared';
import { categoryThumbVariants } from '../../components/CategoryThumb';
import { keepMenu, knownMenu, type MenuCategory } from './menu';

/** Only what the menus draw. */
function slimCategory(c: Category): MenuCategory {
  return {
    id: c.id, title: c.title, parentId: c.parentId, imageUri: c.imageUri,
    imageVariants: categoryThumbVariants(c.imageVariants), children: c.children.map(slimCategory),
  };
}

/** The menu of a category tree: its version (a digest of what the menus draw), the tree kept under it for renders and /menu/<version>.json. */
export function menuVersionOf(categories: Category[]): string {
  const tree = categories.map(slimCategory);
  const version = crypto.createHash('sha256').update(JSON.stringify(tree)).digest('base64url').slice(0, 16);
  if (!knownMenu(version)) keepMenu(version, tree);
  return version;
}
