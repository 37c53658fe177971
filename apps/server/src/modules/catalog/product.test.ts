import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct, pngImage } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { multipart } from '../../../test/multipart.js';
import { quickCustomer } from '../cart/commerce.test-helpers.js';

let t: TestApp;
let shopper: string;
let category: { id: number; title: string };
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
  category = await createCategory(t, { title: 'مراقبت پوست' });
});
afterAll(async () => { await t.close(); });

const base = () => ({ Title: 'کرم آبرسان', Alias: 'hydrating-cream', Tags: 'کرم,آبرسان', Price: 250000, Description: '<p>کرم سبک</p>', CategoryId: category.id });
const create = (fields: Record<string, string | number | boolean | undefined>, files: Parameters<typeof adminForm>[4] = []) =>
  adminForm(t, 'POST', '/api/Product/Create', fields, files);
const byId = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${id}` });
const listAll = async (query = '') => dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/All?pageSize=100${query}` }));

describe('POST /api/Product/Create', () => {
  it('creates a product and answers its details', async () => {
    const brand = await createBrand(t, 'سینره');
    const attrs = [
      { title: 'حجم', value: '۵۰ میلی‌لیتر' },
      { title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#ff0000' }, { name: 'صورتی', color: '#f8c' }] },
    ];
    const p = dataOf(await create({ ...base(), rate: 4, HasOff: 'true', OffPersent: 15, Attribute: JSON.stringify(attrs), brandId: brand.id, stock: 7 },
      [{ field: 'ImageFile', filename: 'p.png', data: await pngImage(), type: 'image/png' }]));
    expect(p).toMatchObject({
      title: 'کرم آبرسان', alias: 'hydrating-cream', tags: 'کرم,آبرسان', price: 250000, offPersent: 15, offPrice: 212500, hasOff: true,
      rate: 4, stock: 7, categoryId: category.id, categoryDescs: 'مراقبت پوست', brand: { id: brand.id, title: 'سینره' }, brandId: brand.id,
      description: '<p>کرم سبک</p>', attributes: attrs, categoryPath: [{ id: category.id, title: 'مراقبت پوست' }], gallery: [], soldCount: 0,
    });
    expect(JSON.parse(p.attribute)).toEqual(attrs);
    expect(p.imageUri).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const stem = p.imageUri.slice(0, -4);
    expect(p.imageVariants).toEqual([100, 300, 600, 1200].map((width) => ({ width, uri: `${stem}-${width}.webp` })));
    expect(dataOf(await byId(p.id))).toEqual(p);
  });

  it('computes offPrice as a whole number of toman, rounded down', async () => {
    const p = dataOf(await create({ ...base(), Price: 99999, OffPersent: 33 }));
    expect([p.price, p.offPrice, p.offPersent, p.hasOff]).toEqual([99999, 66999, 33, true]);
  });

  it('ignores OffPersent when HasOff is false, and has no discount at 0%', async () => {
    const off = dataOf(await create({ ...base(), HasOff: 'false', OffPersent: 20 }));
    expect([off.offPersent, off.offPrice, off.hasOff]).toEqual([0, 250000, false]);
    const zero = dataOf(await create({ ...base(), HasOff: 'true', OffPersent: 0 }));
    expect([zero.offPersent, zero.offPrice, zero.hasOff]).toEqual([0, 250000, false]);
  });

  it('matches OffPersent, offPersent and OFFPERSENT alike', async () => {
    for (const name of ['OffPersent', 'offPersent', 'OFFPERSENT', 'offpersent']) {
      const p = dataOf(await create({ ...base(), [name]: 10 }));
      expect(p.offPrice, name).toBe(225000);
    }
  });

  it('lets the exact spelling win when both spellings are sent', async () => {
    const p = dataOf(await create({ ...base(), OffPersent: 10, offPersent: 20 }));
    expect(p.offPersent).toBe(20);
  });

  it('reads Persian digits and thousands separators in numbers', async () => {
    const p = dataOf(await create({ ...base(), Price: '۱٬۲۵۰٬۰۰۰', OffPersent: '۲۰', stock: '٣' }));
    expect([p.price, p.offPrice, p.stock]).toEqual([1250000, 1000000, 3]);
  });

  it('removes script, on* handlers and javascript: links from the description', async () => {
    const html = '<p onclick="steal()">سلام <b onmouseover="x()">دنیا</b></p><script>alert(1)</script>'
      + '<a href="javascript:alert(1)">بد</a> <a href="https://example.com/x" onclick="y()">خوب</a>'
      + '<img src="https://example.com/a.png" onerror="alert(2)"><iframe src="https://evil.example"></iframe>';
    const p = dataOf(await create({ ...base(), Description: html }));
    expect(p.description).toBe('<p>سلام <b>دنیا</b></p><a rel="noopener noreferrer nofollow">بد</a> '
      + '<a href="https://example.com/x" rel="noopener noreferrer nofollow">خوب</a><img src="https://example.com/a.png" />');
    for (const bad of ['script', 'onclick', 'onmouseover', 'onerror', 'javascript:', 'iframe']) expect(p.description).not.toContain(bad);
  });

  it('answers 400 when nothing is left of the description after sanitising', async () => {
    expectFieldErrors(await create({ ...base(), Description: '<script>alert(1)</script>' }), { description: 'توضیحات الزامی است' });
  });

  it('keeps Persian, Arabic, emoji and SQL-looking text as text', async () => {
    const title = "رژ لب 💋 ماتِ عربي ' OR 1=1; --";
    const p = dataOf(await create({ ...base(), Title: title }));
    expect(p.title).toBe("رژ لب 💋 ماتِ عربی ' OR 1=1; --");
    expect(dataOf(await byId(p.id)).title).toBe(p.title);
  });

  it('answers 400 with a Persian message per missing field', async () => {
    expectFieldErrors(await create({}), {
      title: 'عنوان الزامی است', alias: 'نام مستعار الزامی است', tags: 'برچسب الزامی است', price: 'قیمت الزامی است',
      description: 'توضیحات الزامی است', categoryId: 'دسته‌بندی الزامی است',
    });
  });

  it('answers 400 for bad numbers', async () => {
    expectFieldErrors(await create({ ...base(), OffPersent: 101 }), { offPersent: 'درصد تخفیف باید حداکثر ۱۰۰ باشد' });
    expectFieldErrors(await create({ ...base(), OffPersent: -5 }), { offPersent: 'درصد تخفیف باید حداقل ۰ باشد' });
    expectFieldErrors(await create({ ...base(), rate: 5.5 }), { rate: 'امتیاز باید حداکثر ۵ باشد' });
    expectFieldErrors(await create({ ...base(), rate: -1 }), { rate: 'امتیاز باید حداقل ۰ باشد' });
    expectFieldErrors(await create({ ...base(), Price: -1 }), { price: 'قیمت باید حداقل ۰ باشد' });
    expectFieldErrors(await create({ ...base(), Price: 'گران' }), { price: 'قیمت باید عدد باشد' });
    expectFieldErrors(await create({ ...base(), Price: 1e11 }), { price: 'قیمت باید حداکثر ۱۰٬۰۰۰٬۰۰۰٬۰۰۰ باشد' });
    expectFieldErrors(await create({ ...base(), stock: -2 }), { stock: 'موجودی باید حداقل ۰ باشد' });
    expectFieldErrors(await create({ ...base(), CategoryId: 'abc' }), { categoryId: 'دسته‌بندی باید عدد باشد' });
  });

  it('answers every 400 field message in Persian, even for shapes no form sends', async () => {
    const res = await create({ ...base(), Attribute: JSON.stringify([{ title: 'x', value: 5, arr: 'not-a-list', obj: [{ title: 1 }] }]) });
    expect(res.statusCode).toBe(400);
    for (const message of Object.values(res.json().error.fields as Record<string, string>)) expect(message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 400 for a title longer than its own len (200)', async () => {
    expectFieldErrors(await create({ ...base(), Title: 'ت'.repeat(201) }), { title: 'عنوان باید حداکثر ۲۰۰ کاراکتر باشد' });
  });

  it('answers 400 for an Attribute that is not a JSON list, or with a bad colour', async () => {
    expectFieldErrors(await create({ ...base(), Attribute: '{not json' }), { attribute: 'ویژگی‌ها باید فهرستی به قالب JSON باشند' });
    expectFieldErrors(await create({ ...base(), Attribute: '{"title":"x"}' }), { attribute: 'ویژگی‌ها باید فهرستی به قالب JSON باشند' });
    const res = await create({ ...base(), Attribute: JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: 'red' }] }]) });
    expectFieldErrors(res, { 'attribute.0.colorObj.0.color': 'رنگ باید کد هگز باشد، مانند #ff0000' });
    expectFieldErrors(await create({ ...base(), Attribute: JSON.stringify([{ value: 'بی‌عنوان' }]) }), { 'attribute.0.title': 'عنوان ویژگی الزامی است' });
    expectFieldErrors(await create({ ...base(), Attribute: JSON.stringify([{ title: 'x', select: 7 }]) }), { 'attribute.0.select': 'نوع ویژگی باید ۰، ۱، ۲ یا ۳ باشد' });
  });

  it('answers 400 for an unknown category or brand, and writes no row', async () => {
    const before = (await t.db.select({ id: products.id }).from(products)).length;
    expectFieldErrors(await create({ ...base(), CategoryId: 999999 }), { categoryId: 'دسته‌بندی انتخاب‌شده پیدا نشد' });
    expectFieldErrors(await create({ ...base(), brandId: 999999 }), { brandId: 'برند انتخاب‌شده پیدا نشد' });
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Product/Create', ...multipart(base()) }, shopper);
  });
});

describe('GET /api/Product/ById', () => {
  it('answers with and without a trailing slash, with the category path', async () => {
    const child = await createCategory(t, { title: 'سرم', parentId: category.id });
    const p = await createProduct(t, { CategoryId: child.id });
    const a = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${p.id}` }));
    const b = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById/?id=${p.id}` }));
    expect(b).toEqual(a);
    expect(a.categoryPath).toEqual([{ id: category.id, title: 'مراقبت پوست' }, { id: child.id, title: 'سرم' }]);
    expect(a.categoryDescs).toBe('سرم');
  });

  it('answers 404 for an unknown product and 400 for a non-numeric id', async () => {
    const res = await byId(999999);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'محصول پیدا نشد' });
    expectFieldErrors(await byId('abc'), { id: 'شناسه باید عدد باشد' });
    expectFieldErrors(await byId(encodeURIComponent("1' or '1'='1")), { id: 'شناسه باید عدد باشد' });
    expectFieldErrors(await byId(''), { id: 'شناسه الزامی است' });
  });
});

describe('PUT /api/Product/Update', () => {
  it('changes the product and recomputes offPrice; the next reads show it', async () => {
    const p = dataOf(await create({ ...base(), OffPersent: 10 }));
    await byId(p.id);
    await listAll();
    const updated = dataOf(await adminForm(t, 'PUT', '/api/Product/Update', { ...base(), id: p.id, Title: 'کرم تازه', Price: 300000, OffPersent: 10 }));
    expect([updated.title, updated.price, updated.offPrice]).toEqual(['کرم تازه', 300000, 270000]);
    expect(dataOf(await byId(p.id)).offPrice).toBe(270000);
    expect((await listAll()).data.find((x: { id: number }) => x.id === p.id)).toMatchObject({ title: 'کرم تازه', offPrice: 270000 });
  });

  it('keeps the image, rate, stock and attributes when they are not sent', async () => {
    const p = dataOf(await create({ ...base(), rate: 3, stock: 4, Attribute: '[{"title":"حجم","value":"30"}]' },
      [{ field: 'ImageFile', filename: 'a.png', data: await pngImage(40, 40, '#123456') }]));
    const updated = dataOf(await adminForm(t, 'PUT', '/api/Product/Update', { ...base(), id: p.id }));
    expect([updated.imageUri, updated.rate, updated.stock, updated.attributes]).toEqual([p.imageUri, 3, 4, [{ title: 'حجم', value: '30' }]]);
  });

  it('answers 404 for an unknown product and 400 without an id', async () => {
    const res = await adminForm(t, 'PUT', '/api/Product/Update', { ...base(), id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('محصول پیدا نشد');
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Product/Update', base()), { id: 'شناسه محصول الزامی است' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Product/Update', ...multipart({ ...base(), id: 1 }) }, shopper);
  });
});

describe('PUT /api/Product/ProductOff', () => {
  it('sets the discount and the very next ById and All show the new price', async () => {
    const p = await createProduct(t, { Price: 480000 });
    expect(dataOf(await byId(p.id)).offPrice).toBe(480000);
    await listAll();
    const res = await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}&OffPersent=25`);
    expect(dataOf(res)).toMatchObject({ id: p.id, price: 480000, offPersent: 25, offPrice: 360000, hasOff: true });
    expect(dataOf(await byId(p.id))).toMatchObject({ offPersent: 25, offPrice: 360000, hasOff: true });
    expect((await listAll()).data.find((x: { id: number }) => x.id === p.id)).toMatchObject({ offPersent: 25, offPrice: 360000, hasOff: true });
  });

  it('removes the discount at 0%', async () => {
    const p = await createProduct(t, { Price: 100000, OffPersent: 30 });
    expect(dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductOff?id=${p.id}&offPersent=0`))).toMatchObject({ offPersent: 0, offPrice: 100000, hasOff: false });
  });

  it('answers 400 for OffPersent above 100, negative or missing', async () => {
    const p = await createProduct(t);
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}&OffPersent=101`), { offPersent: 'درصد تخفیف باید حداکثر ۱۰۰ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}&OffPersent=-1`), { offPersent: 'درصد تخفیف باید حداقل ۰ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}`), { offPersent: 'درصد تخفیف الزامی است' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}&OffPersent=12.5`), { offPersent: 'درصد تخفیف باید عدد صحیح باشد' });
    expect(dataOf(await byId(p.id)).offPersent).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await asAdmin(t, 'PUT', '/api/Product/ProductOff?Id=999999&OffPersent=10');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('محصول پیدا نشد');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Product/ProductOff?Id=1&OffPersent=10' }, shopper);
  });
});

describe('PUT /api/Product/ProductRate', () => {
  it('sets a rating between 0 and 5, decimals allowed', async () => {
    const p = await createProduct(t);
    await byId(p.id);
    expect(dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=4.5`)).rate).toBe(4.5);
    expect(dataOf(await byId(p.id)).rate).toBe(4.5);
    expect(dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductRate?id=${p.id}&rate=0`)).rate).toBe(0);
    expect(dataOf(await asAdmin(t, 'PUT', `/api/Product/ProductRate?id=${p.id}&rate=5`)).rate).toBe(5);
  });

  it('answers 400 for a Rate above 5 or below 0 or not a number', async () => {
    const p = await createProduct(t);
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=6`), { rate: 'امتیاز باید حداکثر ۵ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=5.01`), { rate: 'امتیاز باید حداکثر ۵ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=-0.5`), { rate: 'امتیاز باید حداقل ۰ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=NaN`), { rate: 'امتیاز باید عدد باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', `/api/Product/ProductRate?Id=${p.id}&Rate=Infinity`), { rate: 'امتیاز باید عدد باشد' });
  });

  it('answers 404 for an unknown product', async () => {
    expect((await asAdmin(t, 'PUT', '/api/Product/ProductRate?Id=999999&Rate=3')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Product/ProductRate?Id=1&Rate=3' }, shopper);
  });
});

describe('DELETE /api/Product/Delete', () => {
  it('deletes a product; the next reads answer 404 and leave it out of listings', async () => {
    const p = await createProduct(t);
    await byId(p.id);
    await listAll();
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`))).toEqual({ id: p.id, hidden: false });
    expect((await byId(p.id)).statusCode).toBe(404);
    expect((await listAll()).data.some((x: { id: number }) => x.id === p.id)).toBe(false);
    expect(await t.db.select().from(products).where(eq(products.id, p.id))).toEqual([]);
  });

  it('a hidden product (ever ordered) is gone from every read but keeps its row', async () => {
    const brand = await createBrand(t);
    const p = await createProduct(t, { brandId: brand.id });
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, p.id));
    await t.app.services.cache.invalidate();
    expect((await byId(p.id)).statusCode).toBe(404);
    expect((await listAll()).data.some((x: { id: number }) => x.id === p.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/Gallery/${p.id}` })).statusCode).toBe(404);
    const brands = dataOf(await t.app.inject({ method: 'GET', url: '/api/Brand/GetAll' }));
    expect(brands.find((b: { id: number }) => b.id === brand.id).productCount).toBe(0);
    expect((await asAdmin(t, 'PUT', `/api/Product/ProductOff?Id=${p.id}&OffPersent=5`)).statusCode).toBe(404);
    expect((await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`)).statusCode).toBe(404);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.id, p.id))).toEqual([{ id: p.id }]);
  });

  it('a product a shopper\'s cart holds is hidden, not deleted: the cart shows it sold out instead of losing the line', async () => {
    const p = await createProduct(t, { Stock: 4 });
    const s = await quickCustomer(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: p.id, quantity: 1 }, headers: s.headers })).statusCode).toBe(200);
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`))).toEqual({ id: p.id, hidden: true });
    expect((await byId(p.id)).statusCode).toBe(404);
    const cart = dataOf(await t.app.inject({ method: 'GET', url: '/api/Cart', headers: s.headers }));
    expect(cart.items).toMatchObject([{ productId: p.id, stock: 0, quantity: 1 }]);
  });

  it('answers 404 for an unknown or already deleted product', async () => {
    const p = await createProduct(t);
    await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`);
    const res = await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('محصول پیدا نشد');
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Product/Delete?id=%F0%9F%92%84'), { id: 'شناسه باید عدد باشد' });
  });

  it('is for admins only', async () => {
    const p = await createProduct(t);
    await expectAdminOnly(t, { method: 'DELETE', url: `/api/Product/Delete?id=${p.id}` }, shopper);
    expect((await byId(p.id)).statusCode).toBe(200);
  });
});
