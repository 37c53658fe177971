import { apiOf } from '../../lib/context';
import { notFoundXml, pagePaths, productPaths, urlSet, xmlResponse } from '../../lib/sitemap';
import type { Route } from './+types/sitemap-part';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

/** One file of a big shop's sitemap index (/sitemap.xml): `pages.xml`, or `products-N.xml` (lib/sitemap.ts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = apiOf(context);
  if (params.file === 'pages.xml') return xmlResponse(urlSet(context.origin, await pagePaths(api)));
  // Up to 99,999 files (a billion products) keeps the last one's list page within the API's 1,000,000.
  const n = Number(/^products-([1-9]\d{0,4})\.xml$/.exec(params.file)?.[1]);
  if (!n) return notFoundXml();
  // A file past the catalogue's end reads one empty page (the list's own count): 404. The first file always exists.
  const paths = await productPaths(api, n);
  return paths.length || n === 1 ? xmlResponse(urlSet(context.origin, paths)) : notFoundXml();
}
