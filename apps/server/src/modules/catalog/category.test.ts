import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { categories } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory, createProduct, pngImage } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { multipart } from '../../../test/multipart.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

type Cat = { id: number; title: string; alias: string; select: boolean; uri: string; imageUri: string | null; imageVariants: { width: number; uri: string }[]; parentId: number | null; sortOrder: number; children: Cat[] };
const tree = async () => dataOf<Cat[]>(await t.app.inject({ method: 'GET', url: '/api/Category/GetCategories' }));
const find = (list: Cat[], id: number): Cat | undefined => {
  for (const c of list) {
    if (c.id === id) return c;
    const inner = find(c.children, id);
    if (inner) return inner;
  }
  return undefined;
};

describe('GET /api/Category/GetCategories', () => {
  it('answers the whole tree with children nested three levels deep', async () => {
    const root = await createCategory(t, { title: 'آرایش صورت', alias: 'face' });
    const mid = await createCategory(t, { title: 'کرم پودر', parentId: root.id });
    const leaf = await createCategory(t, { title: 'کرم پودر مات', parentId: mid.id, sortOrder: 2 });
    const body = (await t.app.inject({ method: 'GET', url: '/api/Category/GetCategories' })).json();
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    const got = body.data.find((c: Cat) => c.id === root.id);
    expect(got).toEqual({
      id: root.id, title: 'آرایش صورت', alias: 'face', select: false, uri: '', imageUri: null, imageVariants: [], parentId: null, sortOrder: 0,
      children: [{
        id: mid.id, title: 'کرم پودر', alias: 'cat', select: false, uri: '', imageUri: null, imageVariants: [], parentId: root.id, sortOrder: 0,
        children: [{ id: leaf.id, title: 'کرم پودر مات', alias: 'cat', select: false, uri: '', imageUri: null, imageVariants: [], parentId: mid.id, sortOrder: 2, children: [] }],
      }],
    });
    // Only roots at the top level.
    expect(body.data.every((c: Cat) => c.parentId === null)).toBe(true);
  });

  it('needs no login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetCategories', headers: { authorization: 'Bearer junk' } });
    expect(res.statusCode).toBe(200);
  });

  it('shows stored backslashes of an image path as forward slashes', async () => {
    const cat = await createCategory(t);
    await t.db.update(categories).set({ imageUri: 'uploads\\icons\\lip.png' }).where(eq(categories.id, cat.id));
    await t.app.services.cache.invalidate();
    expect(find(await tree(), cat.id)!.imageUri).toBe('uploads/icons/lip.png');
    // A path from before uploads had variants: no srcset promised.
    expect(find(await tree(), cat.id)!.imageVariants).toEqual([]);
  });

  it('shows a created category on the very next read', async () => {
    await tree(); // prime the cache
    const cat = await createCategory(t, { title: 'رژ لب تازه' });
    expect(find(await tree(), cat.id)?.title).toBe('رژ لب تازه');
  });
});

describe('GET /api/Category/GetDesendOfLevel', () => {
  it('answers the children of a category with their own children', async () => {
    const root = await createCategory(t);
    const a = await createCategory(t, { title: 'الف', parentId: root.id });
    const b = await createCategory(t, { title: 'ب', parentId: root.id });
    const a1 = await createCategory(t, { title: 'الف-۱', parentId: a.id });
    const data = dataOf<Cat[]>(await t.app.inject({ method: 'GET', url: `/api/Category/GetDesendOfLevel?id=${root.id}` }));
    expect(data.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(data[0]!.children.map((c) => c.id)).toEqual([a1.id]);
  });

  it('answers an empty list for a leaf', async () => {
    const leaf = await createCategory(t);
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Category/GetDesendOfLevel?id=${leaf.id}` }))).toEqual([]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetDesendOfLevel?id=999999' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'دسته‌بندی پیدا نشد' });
  });

  it('answers 400 with a Persian message for a non-numeric, negative or missing id', async () => {
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Category/GetDesendOfLevel?id=abc' }), { id: 'شناسه باید عدد باشد' });
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Category/GetDesendOfLevel?id=-4' }), { id: 'شناسه باید حداقل ۱ باشد' });
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Category/GetDesendOfLevel' }), { id: 'شناسه الزامی است' });
    expectFieldErrors(await t.app.inject({ method: 'GET', url: "/api/Category/GetDesendOfLevel?id=1%20or%201=1" }), { id: 'شناسه باید عدد باشد' });
  });

  it('accepts Persian digits in the id and the field name in any case', async () => {
    const root = await createCategory(t);
    const child = await createCategory(t, { parentId: root.id });
    const persian = String(root.id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const data = dataOf<Cat[]>(await t.app.inject({ method: 'GET', url: `/api/Category/GetDesendOfLevel?ID=${encodeURIComponent(persian)}` }));
    expect(data.map((c) => c.id)).toEqual([child.id]);
  });
});

describe('POST /api/Category/Create', () => {
  it('creates a category from a multipart form with an icon', async () => {
    const parent = await createCategory(t);
    const res = await adminForm(t, 'POST', '/api/Category/Create',
      { title: 'سایه چشم', alias: 'eyeshadow', select: 'true', uri: '/category/eyeshadow', parentId: parent.id },
      [{ field: 'iconFile', filename: 'icon.png', data: await pngImage(32, 32), type: 'image/png' }]);
    const cat = dataOf<Cat>(res);
    expect(cat).toMatchObject({ title: 'سایه چشم', alias: 'eyeshadow', select: true, uri: '/category/eyeshadow', parentId: parent.id, children: [] });
    expect(cat.imageUri).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: cat.imageUri! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The storefront shows it from its WebP variants, which exist.
    expect(cat.imageVariants.map((v) => v.width)).toEqual([100, 300, 600, 1200]);
    for (const v of cat.imageVariants) {
      const variant = await t.app.inject({ method: 'GET', url: v.uri });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
    }
  });

  it('matches field names case-insensitively', async () => {
    const parent = await createCategory(t);
    const cat = dataOf<Cat>(await adminForm(t, 'POST', '/api/Category/Create', { TITLE: 'پاک‌کننده', Alias: 'cleanser', ParentId: parent.id }));
    expect(cat).toMatchObject({ title: 'پاک‌کننده', alias: 'cleanser', parentId: parent.id });
  });

  it('accepts a JSON body too', async () => {
    const cat = dataOf<Cat>(await asAdmin(t, 'POST', '/api/Category/Create', { title: 'عطر', alias: 'perfume' }));
    expect(cat).toMatchObject({ title: 'عطر', alias: 'perfume', parentId: null });
  });

  it('stores Arabic yeh and kaf as Persian letters, and keeps emoji', async () => {
    const cat = dataOf<Cat>(await adminForm(t, 'POST', '/api/Category/Create', { title: 'مراقبت كودك ي 💄' }));
    expect(cat.title).toBe('مراقبت کودک ی 💄');
  });

  it('stores SQL-looking text as plain text', async () => {
    const title = "x'); DROP TABLE categories; --";
    const cat = dataOf<Cat>(await adminForm(t, 'POST', '/api/Category/Create', { title }));
    expect(cat.title).toBe(title);
    expect(find(await tree(), cat.id)?.title).toBe(title);
  });

  it('answers 400 "عنوان الزامی است" without a title', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Category/Create', { alias: 'x' }), { title: 'عنوان الزامی است' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Category/Create', { title: '   ' }), { title: 'عنوان الزامی است' });
  });

  it('answers 400 with the field\'s own len for a too long title', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Category/Create', { title: 'ک'.repeat(101) }), { title: 'عنوان باید حداکثر ۱۰۰ کاراکتر باشد' });
    expect(dataOf<Cat>(await adminForm(t, 'POST', '/api/Category/Create', { title: 'ک'.repeat(100) })).title).toHaveLength(100);
  });

  it('answers 400 for an unknown or non-numeric parent', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Category/Create', { title: 'x', parentId: 999999 }), { parentId: 'دسته‌بندی والد پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Category/Create', { title: 'x', parentId: 'abc' }), { parentId: 'دسته‌بندی والد باید عدد باشد' });
  });

  it('refuses a fourth level with 400', async () => {
    const l1 = await createCategory(t);
    const l2 = await createCategory(t, { parentId: l1.id });
    const l3 = await createCategory(t, { parentId: l2.id });
    const before = (await t.db.select().from(categories)).length;
    const res = await adminForm(t, 'POST', '/api/Category/Create', { title: 'سطح چهارم', parentId: l3.id });
    const error = expectFieldErrors(res, { parentId: 'زیر این دسته‌بندی نمی‌توان دسته‌ای ساخت؛ حداکثر سه سطح مجاز است' });
    expect(error.message).toBe('دسته‌بندی‌ها حداکثر سه سطح دارند');
    expect((await t.db.select().from(categories)).length).toBe(before);
  });

  it('answers 415 for an icon that is not an image, and stores nothing', async () => {
    const before = (await t.db.select().from(categories)).length;
    const res = await adminForm(t, 'POST', '/api/Category/Create', { title: 'بی‌تصویر' },
      [{ field: 'iconFile', filename: 'icon.png', data: Buffer.from('just some text, not an image at all'), type: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await t.db.select().from(categories)).length).toBe(before);
  });

  it('is for admins only', async () => {
    const body = multipart({ title: 'x' });
    await expectAdminOnly(t, { method: 'POST', url: '/api/Category/Create', ...body }, shopper);
  });
});

describe('PUT /api/Category/Update', () => {
  it('changes the fields and keeps the icon when no new one is sent', async () => {
    const first = dataOf<Cat>(await adminForm(t, 'POST', '/api/Category/Create', { title: 'قدیمی' },
      [{ field: 'iconFile', filename: 'a.png', data: await pngImage(20, 20, '#00ff00') }]));
    await tree();
    const cat = dataOf<Cat>(await adminForm(t, 'PUT', '/api/Category/Update', { id: first.id, title: 'جدید', alias: 'new', select: 'false' }));
    expect(cat).toMatchObject({ id: first.id, title: 'جدید', alias: 'new', imageUri: first.imageUri });
    expect(find(await tree(), first.id)?.title).toBe('جدید');
  });

  it('moves a category under another parent', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    const child = await createCategory(t, { parentId: a.id });
    dataOf(await adminForm(t, 'PUT', '/api/Category/Update', { id: child.id, title: child.title, parentId: b.id }));
    expect(find(await tree(), b.id)!.children.map((c) => c.id)).toEqual([child.id]);
    expect(find(await tree(), a.id)!.children).toEqual([]);
  });

  it('refuses to make a category its own descendant', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t, { parentId: a.id });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/Update', { id: a.id, title: 'x', parentId: b.id }), { parentId: 'والد انتخاب‌شده زیرمجموعه همین دسته‌بندی است' });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/Update', { id: a.id, title: 'x', parentId: a.id }), { parentId: 'والد انتخاب‌شده زیرمجموعه همین دسته‌بندی است' });
  });

  it('refuses a move that would make the tree four levels deep', async () => {
    const a = await createCategory(t);
    const a2 = await createCategory(t, { parentId: a.id });
    const b = await createCategory(t);
    const b2 = await createCategory(t, { parentId: b.id });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/Update', { id: b.id, title: 'x', parentId: a2.id }), { parentId: 'با این والد، درخت بیش از سه سطح می‌شود' });
    expect(find(await tree(), b2.id)!.parentId).toBe(b.id);
  });

  it('takes two crossing moves sent at once in turn: one is made, the other refused, and no loop is stored', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await createCategory(t);
      const b = await createCategory(t);
      // Each with an icon: the picture is processed between the first check and the write.
      const icon = [{ field: 'iconFile', filename: 'i.png', data: await pngImage(40, 40, '#ff0000') }];
      const answers = await Promise.all([
        adminForm(t, 'PUT', '/api/Category/Update', { id: a.id, title: a.title, parentId: b.id }, icon),
        adminForm(t, 'PUT', '/api/Category/Update', { id: b.id, title: b.title, parentId: a.id }, icon),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.statusCode === 400)!;
      expect(errorOf(refused).message).toBe('دسته‌بندی نمی‌تواند زیرمجموعه خودش یا فرزندانش باشد');
      const rows = await t.db.select().from(categories).where(inArray(categories.id, [a.id, b.id]));
      expect(rows.filter((r) => r.parentId !== null)).toHaveLength(1);
    }
  });

  it('keeps serving a tree whose parents loop (stored before the moves took turns): the loop shown cut', async () => {
    const a = await createCategory(t, { title: 'حلقه الف' });
    const b = await createCategory(t, { title: 'حلقه ب', parentId: a.id });
    await t.db.update(categories).set({ parentId: b.id }).where(eq(categories.id, a.id));
    await t.app.services.cache.invalidate();
    const shown = await tree();
    expect(find(shown, a.id)).toBeDefined();
    expect(find(shown, b.id)).toBeDefined();
    const product = await createProduct(t, { CategoryId: b.id });
    const listed = await t.app.inject({ method: 'GET', url: `/api/Product/All?categoryId=${a.id}` });
    expect(listed.statusCode).toBe(200);
    expect(dataOf<{ data: { id: number }[] }>(listed).data.map((p) => p.id)).toContain(product.id);
    const created = await asAdmin(t, 'POST', '/api/Product/Create',
      { title: 'محصول در دسته حلقه', alias: 'loop', tags: 'x', price: 1000, description: '<p>x</p>', categoryId: a.id, stock: 1 });
    expect(created.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` });
    expect(page.statusCode).toBe(200);
    // The owner mends it by moving one of them: the loop is gone.
    dataOf(await adminForm(t, 'PUT', '/api/Category/Update', { id: a.id, title: a.title }));
    expect(find(await tree(), b.id)!.parentId).toBe(a.id);
  });

  it('answers 404 for an unknown id and 400 without an id', async () => {
    const res = await adminForm(t, 'PUT', '/api/Category/Update', { id: 999999, title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'دسته‌بندی پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/Update', { title: 'x' }), { id: 'شناسه دسته‌بندی الزامی است' });
  });

  it('is for admins only', async () => {
    const body = multipart({ id: 1, title: 'x' });
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Category/Update', ...body }, shopper);
  });
});

describe('DELETE /api/Category/DeleteCategory', () => {
  it('deletes a leaf category and it disappears from the next read', async () => {
    const cat = await createCategory(t);
    await tree();
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Category/DeleteCategory?id=${cat.id}`))).toEqual({ id: cat.id });
    expect(find(await tree(), cat.id)).toBeUndefined();
  });

  it('answers 409 while the category has children', async () => {
    const parent = await createCategory(t);
    await createCategory(t, { parentId: parent.id });
    const res = await asAdmin(t, 'DELETE', `/api/Category/DeleteCategory?id=${parent.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'این دسته‌بندی زیرمجموعه دارد؛ ابتدا زیرمجموعه‌های آن را حذف یا جابه‌جا کنید' });
    expect(find(await tree(), parent.id)).toBeDefined();
  });

  it('answers 409 while the category has products, saying how many in Persian digits', async () => {
    const cat = await createCategory(t);
    await createProduct(t, { CategoryId: cat.id });
    await createProduct(t, { CategoryId: cat.id });
    const res = await asAdmin(t, 'DELETE', `/api/Category/DeleteCategory?id=${cat.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'این دسته‌بندی ۲ محصول دارد؛ ابتدا محصولات را به دسته‌بندی دیگری منتقل کنید' });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const res = await asAdmin(t, 'DELETE', '/api/Category/DeleteCategory?id=999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('دسته‌بندی پیدا نشد');
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Category/DeleteCategory?id=1.5'), { id: 'شناسه باید عدد صحیح باشد' });
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Category/DeleteCategory?id=99999999999'), { id: 'شناسه باید حداکثر ۲٬۱۴۷٬۴۸۳٬۶۴۷ باشد' });
  });

  it('is for admins only', async () => {
    const cat = await createCategory(t);
    await expectAdminOnly(t, { method: 'DELETE', url: `/api/Category/DeleteCategory?id=${cat.id}` }, shopper);
    expect(find(await tree(), cat.id)).toBeDefined();
  });
});
