import { MAX_PRODUCT_PAGE_SIZE, type Category } from '@sorkhab/shared';
import type { ApiClient } from './api';
import { categoryHref } from './links';

/**
 * Sitemaps (sitemaps.org protocol 0.9). A file may list at most 50,000 URLs; this shop puts at most
 * SITEMAP_FILE_URLS in one so that each answer stays small: a shop that fits is one `/sitemap.xml`, a bigger one gets a
 * sitemap index there, pointing to `/sitemap/pages.xml` (home, listings, categories) and `/sitemap/products-N.xml`.
 */
export const SITEMAP_FILE_URLS = 10_000;
/** Product/All pages (of MAX_PRODUCT_PAGE_SIZE) that make one products file. */
const LIST_PAGES_PER_FILE = SITEMAP_FILE_URLS / MAX_PRODUCT_PAGE_SIZE;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const loc = (origin: string, path: string) => `<loc>${esc(origin + encodeURI(decodeURI(path)))}</loc>`;

export const xmlResponse = (body: string) =>
  new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' } });

export const notFoundXml = () =>
  new Response('<?xml version="1.0" encoding="UTF-8"?>\n<error>نقشه سایت پیدا نشد</error>\n', {
    status: 404, headers: { 'content-type': 'application/xml; charset=utf-8' },
  });

export const urlSet = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
    paths.map((p) => `  <url>${loc(origin, p)}</url>`).join('\n')
  }\n</urlset>\n`;

export const sitemapIndex = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
    paths.map((p) => `  <sitemap>${loc(origin, p)}</sitemap>`).join('\n')
  }\n</sitemapindex>\n`;

/** Home, the listings, the contact page and every category. */
export async function pagePaths(api: ApiClient): Promise<string[]> {
  const roots = await api.load('GET /Category/GetCategories');
  const paths = ['/', '/last-products', '/suggest-products', '/contact'];
  const walk = (list: Category[]) => list.forEach((c) => { paths.push(categoryHref(c)); walk(c.children); });
  walk(roots);
  return paths;
}

/** How many products the storefront lists (what the sitemap covers). */
export async function productCount(api: ApiClient): Promise<number> {
  return (await api.load('GET /Product/All', { query: { pageNumber: 1, pageSize: 1, sort: 'newest' } })).totalCount;
}

/** The product pages of products file `file` (1-based), newest first; `all` reads every product (the one-file map). */
export async function productPaths(api: ApiClient, file: number | 'all'): Promise<string[]> {
  const paths: string[] = [];
  let page = file === 'all' ? 1 : (file - 1) * LIST_PAGES_PER_FILE + 1;
  const last = file === 'all' ? Infinity : file * LIST_PAGES_PER_FILE;
  for (; page <= last; page++) {
    const list = await api.load('GET /Product/All', { query: { pageNumber: page, pageSize: MAX_PRODUCT_PAGE_SIZE, sort: 'newest' } });
    for (const p of list.data) paths.push(`/product/${p.id}`);
    if (page * MAX_PRODUCT_PAGE_SIZE >= list.totalCount) break;
  }
  return paths;
}

/** The number of products files a catalogue of `products` products needs. */
export const productFiles = (products: number) => Math.max(1, Math.ceil(products / SITEMAP_FILE_URLS));
