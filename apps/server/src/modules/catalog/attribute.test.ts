import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { multipart } from '../../../test/multipart.js';
import { AttributeFormSchema } from '@sorkhab/shared';
import { categoryAttributes } from '../../db/schema/index.js';
import { fromDatabaseError } from '../../lib/db-errors.js';
import { attributesOf } from '../../seed/catalogue.js';
import { LEAVES } from '../../seed/generate.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

type Attr = { id: number; title: string; key: string; type: string; categoryId: number };
const listOf = async (categoryId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/Category/GetAttByCId?categoryId=${categoryId}` });
const createAttr = async (fields: Record<string, string | number>) => adminForm(t, 'POST', '/api/Category/CreateAttribute', fields);

describe('POST /api/Category/CreateAttribute', () => {
  it('creates an attribute of each type from the form fields key, CategoryId, type, title', async () => {
    const cat = await createCategory(t);
    const made: Attr[] = [];
    for (const type of ['string', 'array', 'object', 'color']) {
      made.push(dataOf<Attr>(await createAttr({ key: `k_${type}`, CategoryId: cat.id, type, title: `ویژگی ${type}` })));
    }
    expect(made.map((a) => [a.type, a.key, a.categoryId, a.title])).toEqual([
      ['string', 'k_string', cat.id, 'ویژگی string'],
      ['array', 'k_array', cat.id, 'ویژگی array'],
      ['object', 'k_object', cat.id, 'ویژگی object'],
      ['color', 'k_color', cat.id, 'ویژگی color'],
    ]);
  });

  it('accepts a JSON body with camelCase names', async () => {
    const cat = await createCategory(t);
    const attr = dataOf<Attr>(await asAdmin(t, 'POST', '/api/Category/CreateAttribute', { key: 'volume', categoryId: cat.id, type: 'string', title: 'حجم' }));
    expect(attr).toMatchObject({ key: 'volume', categoryId: cat.id, type: 'string', title: 'حجم' });
  });

  it('answers 400 with Persian messages for missing fields and an unknown type', async () => {
    expectFieldErrors(await createAttr({ type: 'string' }), { title: 'عنوان الزامی است', key: 'کلید الزامی است', categoryId: 'دسته‌بندی الزامی است' });
    const cat = await createCategory(t);
    expectFieldErrors(await createAttr({ key: 'k', CategoryId: cat.id, type: 'number', title: 'x' }), { type: 'نوع باید یکی از string، array، object یا color باشد' });
  });

  it('answers 400 for an unknown category', async () => {
    expectFieldErrors(await createAttr({ key: 'k', CategoryId: 999999, type: 'string', title: 'x' }), { categoryId: 'دسته‌بندی پیدا نشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Category/CreateAttribute', ...multipart({ key: 'k', CategoryId: 1, type: 'string', title: 'x' }) }, shopper);
  });
});

describe('GET /api/Category/GetAttByCId', () => {
  it('lists the attributes of one category in creation order', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    const first = dataOf<Attr>(await createAttr({ key: 'color', CategoryId: a.id, type: 'color', title: 'رنگ' }));
    const second = dataOf<Attr>(await createAttr({ key: 'size', CategoryId: a.id, type: 'array', title: 'اندازه' }));
    await createAttr({ key: 'other', CategoryId: b.id, type: 'string', title: 'دیگر' });
    expect(dataOf<Attr[]>(await listOf(a.id))).toEqual([
      { id: first.id, key: 'color', categoryId: a.id, type: 'color', title: 'رنگ' },
      { id: second.id, key: 'size', categoryId: a.id, type: 'array', title: 'اندازه' },
    ]);
  });

  it('answers an empty list for a category without attributes', async () => {
    const cat = await createCategory(t);
    expect(dataOf(await listOf(cat.id))).toEqual([]);
  });

  it('answers 404 for an unknown category and 400 for a non-numeric id', async () => {
    const res = await listOf(999999);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'دسته‌بندی پیدا نشد' });
    expectFieldErrors(await listOf('abc'), { categoryId: 'دسته‌بندی باید عدد باشد' });
  });

  it('matches the query name case-insensitively', async () => {
    const cat = await createCategory(t);
    await createAttr({ key: 'k', CategoryId: cat.id, type: 'string', title: 'x' });
    const res = await t.app.inject({ method: 'GET', url: `/api/Category/GetAttByCId?CategoryId=${cat.id}` });
    expect(dataOf<Attr[]>(res)).toHaveLength(1);
  });
});

describe('PUT /api/Category/UpdateCAttribute', () => {
  it('changes an attribute, also moving it to another category', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    const attr = dataOf<Attr>(await createAttr({ key: 'k', CategoryId: a.id, type: 'string', title: 'قدیم' }));
    const updated = dataOf<Attr>(await adminForm(t, 'PUT', '/api/Category/UpdateCAttribute', { id: attr.id, key: 'shade', CategoryId: b.id, type: 'color', title: 'رنگ' }));
    expect(updated).toEqual({ id: attr.id, key: 'shade', categoryId: b.id, type: 'color', title: 'رنگ' });
    expect(dataOf(await listOf(a.id))).toEqual([]);
    expect(dataOf<Attr[]>(await listOf(b.id)).map((x) => x.id)).toEqual([attr.id]);
  });

  it('answers 404 for an unknown attribute and 400 without an id', async () => {
    const cat = await createCategory(t);
    const res = await adminForm(t, 'PUT', '/api/Category/UpdateCAttribute', { id: 999999, key: 'k', CategoryId: cat.id, type: 'string', title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'ویژگی پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/UpdateCAttribute', { key: 'k', CategoryId: cat.id, type: 'string', title: 'x' }), { id: 'شناسه ویژگی الزامی است' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Category/UpdateCAttribute', ...multipart({ id: 1, key: 'k', CategoryId: 1, type: 'string', title: 'x' }) }, shopper);
  });
});

describe('DELETE /api/Category/DeleteCAttribute', () => {
  it('deletes an attribute', async () => {
    const cat = await createCategory(t);
    const attr = dataOf<Attr>(await createAttr({ key: 'k', CategoryId: cat.id, type: 'string', title: 'x' }));
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Category/DeleteCAttribute?id=${attr.id}`))).toEqual({ id: attr.id });
    expect(dataOf(await listOf(cat.id))).toEqual([]);
  });

  it('answers 404 for an unknown attribute and 400 for a bad id', async () => {
    const res = await asAdmin(t, 'DELETE', '/api/Category/DeleteCAttribute?id=999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('ویژگی پیدا نشد');
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Category/DeleteCAttribute?id=x'), { id: 'شناسه باید عدد باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'DELETE', url: '/api/Category/DeleteCAttribute?id=1' }, shopper);
  });
});

describe('attribute keys: latin snake_case, unique within a category', () => {
  const KEY_MESSAGE = 'کلید باید لاتین و به شکل snake_case باشد: با حرف کوچک انگلیسی شروع شود و فقط حروف کوچک انگلیسی، رقم و _ داشته باشد (مانند skin_type)';
  const taken = (key: string) => `کلید «${key}» در این دسته‌بندی وجود دارد`;

  it('accepts snake_case keys up to 50 characters', async () => {
    const cat = await createCategory(t);
    for (const key of ['skin_type', 'a', 'size_2', 'x'.repeat(50)]) {
      expect(dataOf<Attr>(await createAttr({ key, CategoryId: cat.id, type: 'string', title: key })).key).toBe(key);
    }
  });

  it('answers a Persian 400 for a key that is not latin snake_case or is too long', async () => {
    const cat = await createCategory(t);
    for (const key of ['skinType', 'Skin', '2nd', '_x', 'skin-type', 'skin type', 'نوع_پوست', 'size_۲']) {
      expectFieldErrors(await createAttr({ key, CategoryId: cat.id, type: 'string', title: 'x' }), { key: KEY_MESSAGE });
    }
    expectFieldErrors(await createAttr({ key: 'x'.repeat(51), CategoryId: cat.id, type: 'string', title: 'x' }), { key: 'کلید باید حداکثر ۵۰ کاراکتر باشد' });
    const attr = dataOf<Attr>(await createAttr({ key: 'ok', CategoryId: cat.id, type: 'string', title: 'x' }));
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Category/UpdateCAttribute', { id: attr.id, key: 'notOk', CategoryId: cat.id, type: 'string', title: 'x' }), { key: KEY_MESSAGE });
    expect(AttributeFormSchema.safeParse({ key: 'CamelCase', title: 't', type: 'string', categoryId: 1 }).error?.issues[0]?.message).toBe(KEY_MESSAGE);
  });

  it('answers a Persian 409 for a key already used in the same category, and allows it in another one', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    await createAttr({ key: 'shade', CategoryId: a.id, type: 'color', title: 'رنگ' });
    const dup = await createAttr({ key: 'shade', CategoryId: a.id, type: 'string', title: 'سایه' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup)).toEqual({ code: 'CONFLICT', message: taken('shade'), fields: { key: taken('shade') } });
    expect(dataOf<Attr[]>(await listOf(a.id))).toHaveLength(1);
    expect(dataOf<Attr>(await createAttr({ key: 'shade', CategoryId: b.id, type: 'color', title: 'رنگ' })).categoryId).toBe(b.id);
  });

  it('answers 409 when an update takes a key of another attribute of the category (its own key stays allowed)', async () => {
    const a = await createCategory(t);
    const b = await createCategory(t);
    const size = dataOf<Attr>(await createAttr({ key: 'size', CategoryId: a.id, type: 'array', title: 'اندازه' }));
    const colour = dataOf<Attr>(await createAttr({ key: 'color', CategoryId: a.id, type: 'color', title: 'رنگ' }));
    await createAttr({ key: 'size', CategoryId: b.id, type: 'array', title: 'اندازه' });
    const update = (fields: Record<string, string | number>) => adminForm(t, 'PUT', '/api/Category/UpdateCAttribute', fields);

    const clash = await update({ id: colour.id, key: 'size', CategoryId: a.id, type: 'color', title: 'رنگ' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toBe(taken('size'));
    const moved = await update({ id: size.id, key: 'size', CategoryId: b.id, type: 'array', title: 'اندازه' });
    expect(moved.statusCode).toBe(409);
    expect(dataOf<Attr>(await update({ id: size.id, key: 'size', CategoryId: a.id, type: 'array', title: 'سایز' })).title).toBe('سایز');
    expect(dataOf<Attr[]>(await listOf(a.id)).map((x) => x.key)).toEqual(['size', 'color']);
  });

  it('gives one of two concurrent creates of the same key a 409', async () => {
    const cat = await createCategory(t);
    const both = await Promise.all([1, 2].map((n) => createAttr({ key: 'finish', CategoryId: cat.id, type: 'string', title: `بافت ${n}` })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(dataOf<Attr[]>(await listOf(cat.id))).toHaveLength(1);
  });

  it('maps a violation of the unique index itself to the same Persian 409', async () => {
    const cat = await createCategory(t);
    await createAttr({ key: 'volume', CategoryId: cat.id, type: 'string', title: 'حجم' });
    const err = await t.db.insert(categoryAttributes).values({ categoryId: cat.id, key: 'volume', title: 'حجم', type: 'string' }).then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    const mapped = fromDatabaseError(err);
    expect(mapped).toMatchObject({ status: 409, code: 'CONFLICT', message: taken('volume'), fields: { key: taken('volume') } });
  });

  it('the demo seed gives every leaf valid keys, unique within it', () => {
    const key = AttributeFormSchema.shape.key;
    for (const { leaf } of LEAVES) {
      const keys = attributesOf(leaf).map((a) => a.key);
      for (const k of keys) expect(key.safeParse(k).success, `${leaf.title}: ${k}`).toBe(true);
      expect(new Set(keys).size, leaf.title).toBe(keys.length);
    }
  });
});
