import { MAX_PRODUCT_PAGE_SIZE, type Category } from '@sorkhab/shared';
import { apiOf } from '../../lib/context';
import { categoryHref } from '../../lib/links';
import type { Route } from './+types/sitemap';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** /sitemap.xml: home, listings, every category and every product. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = apiOf(context);
  const origin = context.origin;
  const [roots, first] = await Promise.all([
    api.load('GET /Category/GetCategories'),
    api.load('GET /Product/All', { query: { pageNumber: 1, pageSize: MAX_PRODUCT_PAGE_SIZE, sort: 'newest' } }),
  ]);
  const products = [...first.data];
  const pages = Math.ceil(first.totalCount / MAX_PRODUCT_PAGE_SIZE);
  for (let page = 2; page <= pages; page++) {
    products.push(...(await api.load('GET /Product/All', { query: { pageNumber: page, pageSize: MAX_PRODUCT_PAGE_SIZE, sort: 'newest' } })).data);
  }
  const urls: string[] = ['/', '/last-products', '/suggest-products', '/contact'];
  const walk = (list: Category[]) => list.forEach((c) => { urls.push(categoryHref(c)); walk(c.children); });
  walk(roots);
  for (const p of products) urls.push(`/product/${p.id}`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
    urls.map((u) => `  <url><loc>${esc(origin + encodeURI(decodeURI(u)))}</loc></url>`).join('\n')
  }\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' } });
}
