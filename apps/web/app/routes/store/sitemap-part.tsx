import { apiOf } from '../../lib/context';
import { notFoundXml, pagePaths, productCount, productFiles, productPaths, urlSet, xmlResponse } from '../../lib/sitemap';
import type { Route } from './+types/sitemap-part';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

/** One file of a big shop's sitemap index (/sitemap.xml): `pages.xml`, or `products-N.xml` (lib/sitemap.ts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = apiOf(context);
  if (params.file === 'pages.xml') return xmlResponse(urlSet(context.origin, await pagePaths(api)));
  const n = /^products-([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1];
  if (!n || Number(n) > productFiles(await productCount(api))) return notFoundXml();
  return xmlResponse(urlSet(context.origin, await productPaths(api, Number(n))));
}
