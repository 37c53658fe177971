import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createProduct } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

type Brand = { id: number; title: string; alias: string; productCount?: number };
const all = async () => dataOf<Brand[]>(await t.app.inject({ method: 'GET', url: '/api/Brand/GetAll' }));

describe('GET /api/Brand/GetAll', () => {
  it('lists brands by title with their product counts, without a login', async () => {
    const b = dataOf<Brand>(await adminForm(t, 'POST', '/api/Brand/Create', { title: 'لورآل', alias: "L'Oreal" }));
    await createProduct(t, { brandId: b.id });
    await createProduct(t, { brandId: b.id });
    const list = await all();
    expect(list.find((x) => x.id === b.id)).toEqual({ id: b.id, title: 'لورآل', alias: "L'Oreal", productCount: 2 });
    const titles = list.map((x) => x.title);
    expect(titles).toEqual([...titles].sort());
  });
});

describe('POST /api/Brand/Create', () => {
  it('creates a brand from a form and shows it on the very next read', async () => {
    await all();
    const brand = dataOf<Brand>(await adminForm(t, 'POST', '/api/Brand/Create', { Title: 'مای', ALIAS: 'My' }));
    expect(brand).toEqual({ id: brand.id, title: 'مای', alias: 'My' });
    expect((await all()).find((x) => x.id === brand.id)).toEqual({ ...brand, productCount: 0 });
  });

  it('creates a brand from a JSON body', async () => {
    const brand = await createBrand(t, 'سینره');
    expect(brand.title).toBe('سینره');
  });

  it('answers 409 for a title that already exists', async () => {
    await createBrand(t, 'اوریفلیم');
    const res = await adminForm(t, 'POST', '/api/Brand/Create', { title: 'اوریفلیم' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'برندی با عنوان «اوریفلیم» از قبل وجود دارد' });
  });

  it('treats a title typed with Arabic letters as the same title', async () => {
    await createBrand(t, 'کلینیک');
    const res = await adminForm(t, 'POST', '/api/Brand/Create', { title: 'كلينيك' });
    expect(res.statusCode).toBe(409);
  });

  it('answers 415 for a body that is neither JSON nor a form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Brand/Create', payload: 'title=x', headers: { 'content-type': 'text/csv', authorization: `Bearer ${await t.adminToken()}` } });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 without a title or with one too long', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Brand/Create', { alias: 'x' }), { title: 'عنوان الزامی است' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Brand/Create', { title: 'b'.repeat(101) }), { title: 'عنوان باید حداکثر ۱۰۰ کاراکتر باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Brand/Create', payload: { title: 'x' } }, shopper);
  });
});

describe('PUT /api/Brand/Update', () => {
  it('renames a brand, and products show the new name', async () => {
    const brand = await createBrand(t);
    const product = await createProduct(t, { brandId: brand.id });
    const updated = dataOf<Brand>(await adminForm(t, 'PUT', '/api/Brand/Update', { id: brand.id, title: 'نام تازه', alias: 'fresh' }));
    expect(updated).toEqual({ id: brand.id, title: 'نام تازه', alias: 'fresh' });
    const detail = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` }));
    expect(detail.brand).toEqual({ id: brand.id, title: 'نام تازه' });
  });

  it('keeps its own title without a conflict but refuses another brand\'s', async () => {
    const a = await createBrand(t);
    const b = await createBrand(t);
    expect(dataOf<Brand>(await adminForm(t, 'PUT', '/api/Brand/Update', { id: a.id, title: a.title })).title).toBe(a.title);
    const res = await adminForm(t, 'PUT', '/api/Brand/Update', { id: a.id, title: b.title });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for an unknown brand and 400 without an id', async () => {
    const res = await adminForm(t, 'PUT', '/api/Brand/Update', { id: 999999, title: 'هیچ' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'برند پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Brand/Update', { title: 'هیچ' }), { id: 'شناسه برند الزامی است' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Brand/Update', payload: { id: 1, title: 'x' } }, shopper);
  });
});

describe('DELETE /api/Brand/Delete', () => {
  it('deletes a brand without products', async () => {
    const brand = await createBrand(t);
    await all();
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Brand/Delete?id=${brand.id}`))).toEqual({ id: brand.id });
    expect((await all()).some((x) => x.id === brand.id)).toBe(false);
  });

  it('answers 409 while products carry the brand', async () => {
    const brand = await createBrand(t);
    await createProduct(t, { brandId: brand.id });
    const res = await asAdmin(t, 'DELETE', `/api/Brand/Delete?id=${brand.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'این برند ۱ محصول دارد؛ ابتدا برند آن محصولات را تغییر دهید' });
  });

  it('answers 404 for an unknown brand and 400 for a bad id', async () => {
    const res = await asAdmin(t, 'DELETE', '/api/Brand/Delete?id=999999');
    expect(res.statusCode).toBe(404);
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Brand/Delete?id=0'), { id: 'شناسه باید حداقل ۱ باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'DELETE', url: '/api/Brand/Delete?id=1' }, shopper);
  });
});
