import { endpoints, PERMISSIONS, routeOf, type EndpointKey } from '@sorkhab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The API's routes are the shared endpoint map (packages/shared/src/endpoints): what the web client is
 * typed against is exactly what the server registers, with the same access and schemas.
 */
describe('endpoint map ↔ registered routes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t?.close(); });

  /** `/api` routes that are not JSON endpoints: the gateway's return is a redirect to a page; a return's or a review's photo is an image. */
  const PAGES = new Set(['GET /api/Payment/Callback', 'GET /api/Return/Photo', 'GET /api/Return/AdminPhoto', 'GET /api/Review/Photo', 'GET /api/Review/AdminPhoto']);

  const registered = () => t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) => ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD').map((m) => ({ key: `${m} ${r.url}`, route: r })));

  it('registers every endpoint of the map once, with its declared access and schemas', () => {
    const routes = registered();
    for (const [key, def] of Object.entries(endpoints) as [EndpointKey, (typeof endpoints)[keyof typeof endpoints]][]) {
      const { method, path } = routeOf(key);
      const found = routes.filter((r) => r.key === `${method} /api${path}`);
      expect(found, key).toHaveLength(1);
      const route = found[0]!.route;
      expect(route.config?.access, key).toBe(def.access);
      const schema = route.schema as Record<string, unknown>;
      expect(schema.querystring, `${key} query`).toBe('query' in def ? def.query : undefined);
      expect(schema.body, `${key} body`).toBe('body' in def ? def.body : 'form' in def ? def.form : undefined);
      expect(schema.security !== undefined, `${key} security`).toBe(def.access !== 'public');
    }
  });

  it('opens to guests and shoppers exactly the endpoints listed here; everything else is admin-only', () => {
    const byAccess = (access: string) => Object.entries(endpoints).filter(([, d]) => d.access === access).map(([k]) => k).sort();
    expect(byAccess('public')).toEqual([
      'GET /health',
      'GET /Category/GetCategories', 'GET /Category/GetDesendOfLevel', 'GET /Category/GetAttByCId', 'GET /Brand/GetAll',
      'GET /Product/LastProducts', 'GET /Product/SuggestProducts', 'GET /Product/PopularProducts', 'GET /Product/All',
      'GET /Product/ById', 'GET /Product/Count', 'GET /Product/Facets', 'GET /Product/Suggest', 'GET /Product/DidYouMean', 'GET /Gallery/:productId', 'GET /Slider/Get', 'GET /Slider/GetByCId', 'GET /Settings',
      'POST /User/Login', 'PUT /User/UpdatePassword', 'POST /Auth/SendCode', 'POST /Auth/VerifyCode', 'GET /Location/Provinces',
      'GET /Cart', 'POST /Cart/Add', 'PUT /Cart/SetQuantity', 'DELETE /Cart/Remove', 'POST /Cart/ApplyDiscount',
      'DELETE /Cart/RemoveDiscount', 'GET /Order/Track', 'GET /Review/Product', 'GET /Question/Product',
    ].sort());
    expect(byAccess('customer')).toEqual([
      'POST /Auth/Logout', 'GET /Auth/Me', 'GET /Profile', 'PUT /Profile', 'GET /Address', 'GET /Address/ById', 'POST /Address',
      'PUT /Address', 'DELETE /Address', 'POST /Order/Checkout', 'POST /Order/Pay', 'GET /Order/Mine', 'GET /Order/MineById',
      'GET /Return/Mine', 'POST /Return/Create', 'GET /Shipping/Quote',
      'GET /Review/Mine', 'POST /Review/Create', 'POST /Review/Vote', 'POST /Question/Create',
      'GET /Wishlist/Ids', 'GET /Wishlist', 'POST /Wishlist/Add', 'DELETE /Wishlist/Remove', 'POST /StockAlert/Subscribe', 'DELETE /StockAlert/Cancel',
    ].sort());
    const staff = new Set<string>(['staff', 'admin', ...PERMISSIONS.map((p) => `admin:${p}`)]);
    expect(Object.values(endpoints).filter((d) => !['public', 'customer'].includes(d.access) && !staff.has(d.access))).toEqual([]);
  });

  it('has no API route outside the map (other than the documented pages)', () => {
    const unmapped = registered().map((r) => r.key).filter((key) => !PAGES.has(key) && !(key.replace(' /api', ' ') in endpoints));
    expect(unmapped).toEqual([]);
    expect(Object.keys(endpoints).length).toBeGreaterThan(70);
  });

  it('documents every endpoint in OpenAPI, with the access it declares', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const [key, def] of Object.entries(endpoints)) {
      const { method, path } = routeOf(key as EndpointKey);
      const op = doc.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(Boolean(op!.security?.length), `${key} security`).toBe(def.access !== 'public');
    }
  });
});
