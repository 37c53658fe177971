import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';

/** The search box's suggestions while typing: products, categories and brands for the words so far. */
let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const lips = await createCategory(t, { title: 'رژ لب' });
  const liquid = await createCategory(t, { title: 'رژ لب مایع', parentId: lips.id });
  const face = await createCategory(t, { title: 'کرم پودر' });
  const eyes = await createCategory(t, { title: 'چشم' });
  const loreal = await createBrand(t, 'لورآل');
  await t.db.update(brands).set({ alias: "L'Oréal Paris" }).where(eq(brands.id, loreal.id));
  await createBrand(t, 'برند بی‌محصول');
  ids.liquid = (await createProduct(t, { Title: 'رژ لب مایع مات', CategoryId: liquid.id, brandId: loreal.id })).id;
  ids.stick = (await createProduct(t, { Title: 'رژ لب جامد', CategoryId: lips.id })).id;
  ids.mascara = (await createProduct(t, { Title: 'ریمل بورژوا', CategoryId: eyes.id })).id;
  ids.foundation = (await createProduct(t, { Title: 'کرم پودر مات', CategoryId: face.id, brandId: loreal.id })).id;
});
afterAll(async () => { await t.close(); });

const suggest = async (q: string) => {
  const res = await t.app.inject({ url: `/api/Product/Suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { products: { id: number; title: string }[]; categories: { id: number; title: string; parentTitle: string | null }[]; brands: { title: string }[] };
};

describe('GET /api/Product/Suggest', () => {
  it('suggests nothing before two letters', async () => {
    for (const q of ['', ' ', 'ر', ' ر ']) expect(await suggest(q)).toEqual({ products: [], categories: [], brands: [] });
  });

  it('suggests products (beginnings of words),  categories with their parent and brands for the words so far', async () => {
    const s = await suggest('رژ');
    // Words beginning with «رژ» only: «بورژوا» merely holds it, and a half-typed word means a beginning.
    expect(s.products.map((p) => p.id).sort()).toEqual([ids.liquid, ids.stick].sort());
    // When no word begins with what was typed, the full search answers (a word inside another, here).
    expect((await suggest('ژوا')).products.map((p) => p.id)).toEqual([ids.mascara]);
    expect(s.categories.map((c) => [c.title, c.parentTitle])).toEqual([['رژ لب', null], ['رژ لب مایع', 'رژ لب']]);
    const two = await suggest('رژ لب ما');
    expect(two.products.map((p) => p.id)).toEqual([ids.liquid]);
    expect(two.categories.map((c) => c.title)).toEqual(['رژ لب مایع']);
  });

  it('understands Arabic letters, joined words, typos and Latin brand names', async () => {
    expect((await suggest('رژلب')).products.map((p) => p.id).sort()).toEqual([ids.liquid, ids.stick].sort());
    expect((await suggest('كرم پودر')).products.map((p) => p.id)).toEqual([ids.foundation]);
    expect((await suggest('ریمیل')).products.map((p) => p.id)).toEqual([ids.mascara]);
    const brand = await suggest('lore');
    expect(brand.brands.map((b) => b.title)).toEqual(['لورآل']);
    expect(brand.products.map((p) => p.id).sort()).toEqual([ids.liquid, ids.foundation].sort());
    // A brand without products is not suggested.
    expect((await suggest('برند')).brands).toEqual([]);
  });

  it('answers hostile input with a 4xx or nothing, never a 500', async () => {
    expect((await t.app.inject({ url: '/api/Product/Suggest' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/Product/Suggest?q=${'ر'.repeat(101)}` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Product/Suggest?q=%00%00' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Product/Suggest?q=%D8' })).statusCode).toBeLessThan(500);
    expect(await suggest("'; drop table products; --")).toMatchObject({ products: [] });
  });
});
