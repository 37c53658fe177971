import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DB_KIND, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: DB_KIND }, error: null });
  });

  it('answers an unknown API path with a Persian 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document of the catalogue without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/Product/All', '/api/Category/GetCategories', '/api/User/Login']));
    expect(doc.paths['/api/Product/All'].get.parameters.map((p: { name: string }) => p.name)).toContain('categoryTitle');
  });
});

describe('GET /api/docs/json', () => {
  it('describes every catalogue, content and users endpoint of spec section 7', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const expected = [
      'GET /api/Category/GetCategories', 'GET /api/Category/GetDesendOfLevel', 'GET /api/Category/GetAttByCId',
      'POST /api/Category/Create', 'PUT /api/Category/Update', 'DELETE /api/Category/DeleteCategory',
      'POST /api/Category/CreateAttribute', 'PUT /api/Category/UpdateCAttribute', 'DELETE /api/Category/DeleteCAttribute',
      'GET /api/Brand/GetAll', 'POST /api/Brand/Create', 'PUT /api/Brand/Update', 'DELETE /api/Brand/Delete',
      'GET /api/Product/LastProducts', 'GET /api/Product/SuggestProducts', 'GET /api/Product/PopularProducts',
      'GET /api/Product/ById', 'GET /api/Product/All', 'POST /api/Product/Create', 'PUT /api/Product/Update',
      'PUT /api/Product/ProductOff', 'PUT /api/Product/ProductRate', 'DELETE /api/Product/Delete',
      'GET /api/Gallery/{productId}', 'POST /api/Gallery', 'DELETE /api/Gallery',
      'GET /api/Slider/Get', 'GET /api/Slider/GetByCId', 'POST /api/Slider', 'PUT /api/Slider', 'DELETE /api/Slider',
      'GET /api/Settings', 'PUT /api/Settings',
      'POST /api/User/Login', 'PUT /api/User/UpdatePassword', 'GET /api/User', 'GET /api/User/ById', 'PUT /api/User',
      'DELETE /api/User', 'PUT /api/User/ResetPassword',
    ];
    expect(ops).toEqual(expect.arrayContaining(expected));
    // Multipart routes document their form fields from the same shared schemas.
    const create = doc.paths['/api/Product/Create'].post.requestBody.content['multipart/form-data'].schema.properties;
    expect(Object.keys(create)).toEqual(expect.arrayContaining(['title', 'price', 'offPersent', 'categoryId', 'brandId', 'stock']));
  });
});
