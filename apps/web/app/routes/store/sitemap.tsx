import { apiOf } from '../../lib/context';
import { pagePaths, productCount, productFiles, productPaths, sitemapIndex, SITEMAP_FILE_URLS, urlSet, xmlResponse } from '../../lib/sitemap';
import type { Route } from './+types/sitemap';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

/**
 * /sitemap.xml: home, listings, every category and every product in one file while they fit in one
 * (lib/sitemap.ts); a bigger catalogue gets a sitemap index of `/sitemap/pages.xml` and `/sitemap/products-N.xml`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = apiOf(context);
  const [pages, products] = await Promise.all([pagePaths(api), productCount(api)]);
  if (pages.length + products <= SITEMAP_FILE_URLS) {
    return xmlResponse(urlSet(context.origin, [...pages, ...(await productPaths(api, 'all'))]));
  }
  const files = Array.from({ length: productFiles(products) }, (_, i) => `/sitemap/products-${i + 1}.xml`);
  return xmlResponse(sitemapIndex(context.origin, ['/sitemap/pages.xml', ...files]));
}
