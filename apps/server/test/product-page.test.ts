import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatToman } from '@sorkhab/shared';
import { mountWeb } from '../src/web.js';
import { createCategory, createProduct } from './factories.js';
import { bearer, buildTestApp, type TestApp } from './helpers.js';

/**
 * The product page and /compare as the server renders them (issue 14): the phone's buy bar carries the chosen
 * variant's price, and /compare takes any address — words, a hundred ids, deleted products — without a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await mountWeb(t.app)).toBe(true);
}, 240_000);
afterAll(async () => { await t?.close(); });

const html = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
/** The text of the element marked data-testid=`id` (first one), tags dropped. */
const textOf = (body: string, id: string) => {
  const at = body.indexOf(`data-testid="${id}"`);
  if (at < 0) return null;
  const open = body.lastIndexOf('<', at);
  const tag = body.slice(open + 1).match(/^\w+/)![0];
  const end = body.indexOf(`</${tag}>`, at);
  return body.slice(body.indexOf('>', at) + 1, end).replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
};

describe('GET /product/:id, the buy bar', () => {
  it('shows the price of the variant the address chooses, and the old price when discounted', async () => {
    const p = await createProduct(t, {
      Title: 'رژ نوار خرید', Price: 300_000,
      Attribute: JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'صورتی', color: '#f4a6b8' }, { name: 'قرمز', color: '#c62828' }] }]),
      variants: JSON.stringify([{ options: ['صورتی'], stock: 3 }, { options: ['قرمز'], price: 450_000, stock: 2 }]),
    });
    const detail = (await t.app.inject({ url: `/api/Product/ById?id=${p.id}` })).json().data as { variants: { id: number; label: string }[] };
    const red = detail.variants.find((v) => v.label === 'قرمز')!;
    const page = await html(`/product/${p.id}?variant=${red.id}`);
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body, 'buy-bar-price')).toBe(formatToman(450_000));
    expect(page.body).toContain('data-testid="buy-bar-add"');
    // Nothing chosen: the cheapest, «از».
    expect(textOf((await html(`/product/${p.id}`)).body, 'buy-bar-price')).toBe(`از ${formatToman(300_000)}`);

    const off = await createProduct(t, { Title: 'کرم تخفیف‌دار', Price: 200_000, OffPersent: 25, HasOff: true });
    expect(textOf((await html(`/product/${off.id}`)).body, 'buy-bar-price')).toBe(`٪۲۵${formatToman(200_000).replace(/ تومان$/, '')}${formatToman(150_000)}`);
  });

  it('says «ناموجود» instead of a price and a button when the product is sold out', async () => {
    const p = await createProduct(t, { Title: 'کرم تمام‌شده', Stock: 0 });
    const body = (await html(`/product/${p.id}`)).body;
    expect(textOf(body, 'buy-bar-out')).toBe('ناموجود');
    expect(body).not.toContain('data-testid="buy-bar-add"');
    expect(body).not.toContain('data-testid="buy-bar-price"');
  });
});

describe('GET /compare', () => {
  let ids: number[];
  beforeAll(async () => {
    const cat = await createCategory(t, { title: 'ریمل مقایسه' });
    const made = await Promise.all(['ریمل الف', 'ریمل ب', 'ریمل ج'].map((Title) => createProduct(t, {
      Title, CategoryId: cat.id,
      Attribute: JSON.stringify([{ title: 'ضد آب', value: Title === 'ریمل الف' ? 'بله' : 'خیر' }]),
    })));
    ids = made.map((p) => p.id);
  });
  const columns = (body: string) => [...body.matchAll(/data-testid="compare-column"/g)].length;

  it('puts the products side by side with their specifications, noindex', async () => {
    const res = await html(`/compare?ids=${ids[0]},${ids[1]}`);
    expect(res.statusCode).toBe(200);
    expect(columns(res.body)).toBe(2);
    expect(res.body).toContain('ریمل الف');
    expect(res.body).toContain('ریمل ب');
    expect(res.body).toMatch(/<th scope="row"[^>]*>ضد آب<\/th>/);
    expect(res.body).toMatch(/<meta name="robots" content="noindex"/);
  });

  it('ignores what is not a product: words, zero, repeats, deleted products, beyond four', async () => {
    const gone = await createProduct(t, { Title: 'ریمل حذف‌شده' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Product/Delete?id=${gone.id}`, headers: bearer(await t.adminToken()) });
    expect(del.statusCode).toBe(200);
    const res = await html(`/compare?ids=abc,0,-1,${gone.id},${ids[0]},${ids[0]},99999999,${ids[2]}`);
    expect(res.statusCode).toBe(200);
    expect(columns(res.body)).toBe(2);
    expect(res.body).not.toContain('ریمل حذف‌شده');

    const hundred = await html(`/compare?ids=${[...ids, ...Array.from({ length: 100 }, (_, i) => 1000 + i)].join(',')}`);
    expect(hundred.statusCode).toBe(200);
    expect(columns(hundred.body)).toBe(3);
  });

  it('answers hostile addresses without a 500', async () => {
    const hostile = [
      '/compare', '/compare?ids=', '/compare?ids=%00', '/compare?ids=%ED%A0%80', '/compare?ids=%E0%A4%A', `/compare?ids=${'9'.repeat(10_000)}`,
      '/compare?ids=<script>alert(1)</script>', '/compare?ids=1e3,0x10,1.5', '/compare?ids[]=1&ids[]=2', `/compare?ids=${ids[0]}&ids=${ids[1]}`,
    ];
    for (const url of hostile) {
      const res = await html(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('<script>alert(1)');
    }
    expect((await html('/compare?ids=abc')).body).toContain('کالایی برای مقایسه نیست');
  });
});
