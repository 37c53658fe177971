import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Storefront pages (inside the shop layout). A page the server may cache for everyone says so in its module with
 * `export const handle = { sharedPage: true }` (docs/decisions/010-html-page-cache.md); a page that does not is
 * rendered for each request.
 */
export const storeRoutes: RouteConfigEntry[] = [
  index('routes/store/home.tsx'),
  route('product-list', 'routes/store/product-list.tsx'),
  route('product/:id', 'routes/store/product.tsx'),
  route('search', 'routes/store/search.tsx'),
  route('last-products', 'routes/store/last-products.tsx'),
  route('suggest-products', 'routes/store/suggest-products.tsx'),
  route('contact', 'routes/store/contact.tsx'),
  route('faq', 'routes/store/faq.tsx'),
  route('compare', 'routes/store/compare.tsx'),
  route('shipping', 'routes/store/shipping-redirect.tsx'),
  // Resource routes (no component): only their own loader runs.
  route('sitemap.xml', 'routes/store/sitemap.tsx'),
  route('sitemap/:file', 'routes/store/sitemap-part.tsx'),
  route('robots.txt', 'routes/store/robots.tsx'),
  route('menu/:file', 'routes/store/menu.tsx'),
  route('*', 'routes/store/not-found.tsx'),
];
