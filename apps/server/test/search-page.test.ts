import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWeb } from '../src/web.js';
import { createCategory, createProduct } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The server-rendered search page when nothing is found (issue 14): "did you mean" links to searches that find
 * products and a row of best sellers; hostile searches answer a page or a 4xx, never a 500. On the web build (the
 * global setup builds it when missing).
 */
describe('GET /search with no result', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await mountWeb(t.app)).toBe(true);
    const hair = await createCategory(t, { title: 'مراقبت مو' });
    await createProduct(t, { Title: 'شامپو ضد شوره', Tags: 'شامپو', CategoryId: hair.id });
    await createProduct(t, { Title: 'ماسک موی آرگان', Tags: 'ماسک', CategoryId: hair.id });
  });
  afterAll(async () => { await t?.close(); });

  const page = async (search: string, extra = '') => t.app.inject({ url: `/search?search=${search}${extra}` });
  /** The href of every link marked `testid`, decoded. */
  const links = (html: string, testid = 'did-you-mean') => [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0])
    .filter((a) => a.includes(`data-testid="${testid}"`)).map((a) => decodeURIComponent(/href="([^"]*)"/.exec(a)![1]!.replace(/&amp;/g, '&')));

  it('suggests the closest search that finds products, and shows the best sellers', async () => {
    const res = await page(encodeURIComponent('شمپوو'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="no-result"');
    expect(res.body).toContain('شاید منظورتان این بود');
    expect(links(res.body)).toEqual(['/search?search=شامپو']);
    expect(res.body).toContain('پرفروش‌ترین محصولات');
    expect(res.body).toContain('ماسک موی آرگان'); // a best seller, though the search found nothing
    const followed = await page(encodeURIComponent('شامپو'));
    expect(followed.body).not.toContain('data-testid="no-result"');
    expect(followed.body).toContain('شامپو ضد شوره');
  });

  it('shows no "did you mean" for nonsense, only the advice and the best sellers', async () => {
    const res = await page(encodeURIComponent('ققققق'));
    expect(res.statusCode).toBe(200);
    expect(links(res.body)).toEqual([]);
    expect(res.body).toContain('املای عبارت را بررسی کنید');
    expect(res.body).toContain('ماسک موی آرگان');
  });

  it('offers to clear the filters when the filters, not the words, leave nothing', async () => {
    const res = await page(encodeURIComponent('شامپو'), '&minPrice=1&maxPrice=2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="clear-filters"');
    expect(res.body).not.toContain('data-testid="no-result"');
    const latest = await t.app.inject({ url: '/last-products?inStock=1&minPrice=1&maxPrice=2' });
    expect(latest.statusCode).toBe(200);
    expect(links(latest.body, 'clear-filters')).toEqual(['/last-products']);
    expect(links(res.body, 'clear-filters')).toEqual(['/search?search=شامپو']);
  });

  it('answers hostile searches with a page or a 4xx, never a 500', async () => {
    const long = await page(encodeURIComponent('ش'.repeat(5000)));
    expect(long.statusCode).toBe(200); // cut to what the API takes
    expect(long.body).toContain('data-testid="no-result"');
    const longPairs = await page(encodeURIComponent('😀'.repeat(150)));
    expect(longPairs.statusCode).toBe(200); // cut between pairs, never inside one
    for (const search of ['%00', 'a%00b', '%ED%A0%80', '%D8', '%E0%A4%A', '%FF%FE', encodeURIComponent('<script>alert(1)</script>'), '%27%22%3E']) {
      const res = await page(search);
      expect(res.statusCode, search).toBeLessThan(500);
      expect(res.body, search).not.toContain('<script>alert(1)</script>');
    }
    expect((await page('%00')).statusCode).toBe(400);
  });
  it('takes `q`, as other shops and browsers\' search engines write it, by leading to the same search under `search`', async () => {
    const res = await t.app.inject({ url: `/search?q=${encodeURIComponent('شامپو')}&sort=cheapest&q=x` });
    expect(res.statusCode).toBe(301);
    expect(decodeURIComponent(res.headers.location as string)).toBe('/search?search=شامپو&sort=cheapest&search=x');
    const followed = await t.app.inject({ url: res.headers.location as string });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('شامپو ضد شوره');
    // `search` given: `q` is only another parameter.
    expect((await t.app.inject({ url: `/search?search=${encodeURIComponent('ماسک')}&q=1` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/search?q=%00' })).statusCode).toBe(400); // a NUL is refused at the edge, as in ?search=
  });
});
