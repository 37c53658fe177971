import { afterAll, beforeAll, expect, it } from 'vitest';
import { mountWeb } from '../src/web.js';
import { createProduct } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The plain feed's (and Torob's) link to one variant opens the product page with that variant chosen, rendered on the
 * server (the crawler reads the HTML), while the product's own address leaves the choice to the shopper.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await mountWeb(t.app)).toBe(true);
}, 240_000);
afterAll(async () => { await t?.close(); });

const COLOURS = JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'صورتی', color: '#f4a6b8' }, { name: 'قرمز', color: '#c62828' }] }]);
const chosen = (html: string) => [...html.matchAll(/aria-checked="true"[^>]*title="([^"]+)"/g)].map((m) => m[1]);

it('a feed link names a variant and the page opens with it chosen', async () => {
  const p = await createProduct(t, {
    Title: 'رژ فید', Price: 300_000, Attribute: COLOURS,
    variants: JSON.stringify([{ options: ['صورتی'], stock: 3 }, { options: ['قرمز'], price: 350_000, stock: 2 }]),
  });
  const feed = (await t.app.inject({ url: '/feeds/products.json' })).json() as { products: { id: string; url: string; title: string }[] };
  const red = feed.products.find((e) => e.title === 'رژ فید - قرمز')!;
  const path = new URL(red.url).pathname + new URL(red.url).search;
  expect(path).toMatch(new RegExp(`^/product/${p.id}\\?variant=\\d+$`));

  const page = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(chosen(page.body)).toEqual(['قرمز']);
  // The product's own address: nothing chosen yet; an unknown variant id is the same.
  expect(chosen((await t.app.inject({ url: `/product/${p.id}`, headers: { accept: 'text/html' } })).body)).toEqual([]);
  expect(chosen((await t.app.inject({ url: `/product/${p.id}?variant=999999`, headers: { accept: 'text/html' } })).body)).toEqual([]);
});
