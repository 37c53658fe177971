import { sharedCategories } from '../../lib/context';
import { knownMenu } from '../../features/layout/menu';
import { menuVersionOf } from '../../features/layout/menu.server';
import type { Route } from './+types/menu';

/** The same answer for everyone: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

/**
 * `/menu/<version>.json`: the category menu of that version (features/layout/menu.ts), cached by the browser for a
 * year (a new tree has a new version). A version this copy no longer knows (a page from before the categories
 * changed) gets the current tree, not cached, so that page still hydrates.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const version = /^([\w-]{16})\.json$/.exec(params.file)?.[1];
  if (!version) return Response.json({ success: false, data: null, error: { code: 'NOT_FOUND', message: 'منو پیدا نشد' } }, { status: 404 });
  const known = knownMenu(version);
  if (known) return Response.json(known, { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } });
  const current = menuVersionOf(await sharedCategories(context));
  return Response.json(knownMenu(current), { headers: { 'Cache-Control': current === version ? 'public, max-age=31536000, immutable' : 'no-cache' } });
}
