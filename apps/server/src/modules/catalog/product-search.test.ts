import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { adminForm, dataOf } from '../../../test/api.js';
import { eq } from 'drizzle-orm';
import { brands, products } from '../../db/schema/index.js';
import { refreshSearchTexts } from './search-index.js';

let t: TestApp;
const p: Record<string, { id: number }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const cat = await createCategory(t, { title: 'مراقبت پوست' });
  const brand = await createBrand(t, 'لافارر');
  const make = (Title: string, extra: Record<string, string | number> = {}) => createProduct(t, { Title, CategoryId: cat.id, Tags: 'پوست', ...extra });
  p.night = await make('کرم مغذی شبانه');
  p.sun = await make('کرم ضد\u200Cآفتاب رنگی');
  p.lip = await make('رژ لب شماره ۱۲۳');
  p.mascara = await make('ریمل حجم دهنده');
  p.serum = await make('سرم ویتامین سی', { brandId: brand.id, Tags: 'روشن کننده,آبرسان' });
  p.soap = await make('صابون گلیسیرین');
});
afterAll(async () => { await t.close(); });

const search = async (title: string, extra = '') =>
  dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/All?pageSize=100&Title=${encodeURIComponent(title)}${extra}` }));
const ids = async (title: string) => (await search(title)).data.map((x: { id: number }) => x.id);

describe('GET /api/Product/All?Title= (search)', () => {
  it('finds a product by a word of its title', async () => {
    expect(await ids('شبانه')).toEqual([p.night!.id]);
    const res = await search('ریمل');
    expect(res.totalCount).toBe(1);
    expect(res.data[0].title).toBe('ریمل حجم دهنده');
  });

  it('needs every word of the query', async () => {
    expect((await ids('کرم')).sort()).toEqual([p.night!.id, p.sun!.id].sort());
    expect(await ids('کرم شبانه')).toEqual([p.night!.id]);
  });

  it('treats Arabic ي and ك like Persian ی and ک', async () => {
    expect(await ids('كرم مغذي')).toEqual(await ids('کرم مغذی'));
    expect(await ids('كرم مغذي')).toEqual([p.night!.id]);
  });

  it('treats ة and ۀ like ه', async () => {
    expect(await ids('شبانة')).toEqual([p.night!.id]);
    expect(await ids('شبانۀ')).toEqual([p.night!.id]);
  });

  it('ignores tatweel and diacritics', async () => {
    expect(await ids('شبـــانه')).toEqual([p.night!.id]);
    expect(await ids('شَبانِه')).toEqual([p.night!.id]);
  });

  it('matches ZWNJ, a space and no Hamza alike', async () => {
    expect(await ids('ضد آفتاب')).toEqual([p.sun!.id]);
    expect(await ids('ضد\u200Cآفتاب')).toEqual([p.sun!.id]);
    expect(await ids('ضد افتاب')).toEqual([p.sun!.id]);
  });

  it('matches Persian, Arabic-Indic and Latin digits alike', async () => {
    expect(await ids('۱۲۳')).toEqual([p.lip!.id]);
    expect(await ids('١٢٣')).toEqual([p.lip!.id]);
    expect(await ids('رژ 123')).toEqual([p.lip!.id]);
  });

  it('finds a product despite a typo', async () => {
    expect(await ids('ویتامبن')).toEqual([p.serum!.id]); // a wrong letter
    expect(await ids('ویتامن')).toEqual([p.serum!.id]); // a missing letter
    expect(await ids('گلیسیربن')).toEqual([p.soap!.id]);
    expect(await ids('کرم شبانع')).toEqual([p.night!.id]);
  });

  it('finds a product by its brand and tags', async () => {
    expect(await ids('لافارر')).toEqual([p.serum!.id]);
    expect(await ids('روشن کننده')).toEqual([p.serum!.id]);
  });

  it('answers an empty page for text that matches nothing', async () => {
    expect(await search('زعفران طلایی')).toEqual({ data: [], page: 1, pageSize: 100, totalCount: 0 });
  });

  it('answers a correct result, never a 500, for SQL-looking, wildcard and emoji text', async () => {
    expect(await ids("'; DROP TABLE products; --")).toEqual([]);
    expect(await ids("کرم' OR '1'='1")).toEqual([]);
    expect(await ids('%_%')).toHaveLength(6); // nothing left to search by: the whole listing
    expect(await ids('کرم%')).toHaveLength(2);
    expect(await ids('💄')).toHaveLength(6);
    expect(await ids('💄 شبانه')).toEqual([p.night!.id]);
    expect((await search('\\')).totalCount).toBe(6);
  });

  it('answers 400 for a query longer than 200 characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Product/All?Title=${encodeURIComponent('ک'.repeat(201))}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ title: 'عبارت جستجو باید حداکثر ۲۰۰ کاراکتر باشد' });
  });

  it('matches the Title parameter in any case', async () => {
    const res = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/All?title=${encodeURIComponent('شبانه')}` }));
    expect(res.data.map((x: { id: number }) => x.id)).toEqual([p.night!.id]);
  });

  it('finds products by a brand\'s new name right after the brand is renamed', async () => {
    const brand = await createBrand(t, 'نام‌قدیمی');
    const cat = await createCategory(t, { title: 'دسته‌قدیمی' });
    const product = await createProduct(t, { Title: 'لوسیون بدن', CategoryId: cat.id, brandId: brand.id });
    expect(await ids('قدیمی')).toEqual([product.id]);
    dataOf(await adminForm(t, 'PUT', '/api/Brand/Update', { id: brand.id, title: 'برندتازه' }));
    expect(await ids('برندتازه')).toEqual([product.id]);
    dataOf(await adminForm(t, 'PUT', '/api/Category/Update', { id: cat.id, title: 'دسته‌تازه' }));
    expect(await ids('دسته تازه')).toEqual([product.id]);
    expect(await ids('قدیمی')).toEqual([]);
  });

  it('ranks a title that starts with the query first', async () => {
    const res = await ids('سرم');
    expect(res[0]).toBe(p.serum!.id);
  });

  it('finds a brand by its Latin name typed without accent or apostrophe, also in texts stored before the rule (data step)', async () => {
    const brand = await createBrand(t, 'لورآل');
    await t.db.update(brands).set({ alias: "L'Oréal Paris" }).where(eq(brands.id, brand.id));
    const product = await createProduct(t, { Title: 'کرم دور چشم', brandId: brand.id });
    // As an older version stored it: the accent kept, the apostrophe a space.
    await t.db.update(products).set({ searchText: 'کرم دور چشم لورال l oréal paris' }).where(eq(products.id, product.id));
    await t.app.services.cache.invalidate();
    expect(await ids('loreal')).toEqual([]);
    expect(await refreshSearchTexts(t.db)).toBeGreaterThanOrEqual(1);
    await t.app.services.cache.invalidate();
    for (const q of ['loreal', "L'Oréal", 'لورال', 'لورآل']) expect(await ids(q), q).toEqual([product.id]);
    expect(await refreshSearchTexts(t.db)).toBe(0);
  });
});
