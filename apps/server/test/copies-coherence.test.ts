import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { ADMIN, bearer, DB_KIND, login, twoCopies } from './helpers.js';
import { multipart } from './multipart.js';

const PAIRS = 1000;

/**
 * Two copies of the server on one PostgreSQL (issue 9, item 6): a write answered by one copy is
 * visible to the very next read on the other. The pairs alternate copies (write on A, read on
 * B, write on B, read on A…) and the reader has the old value in its cache just before each write.
 */
describe.runIf(DB_KIND === 'postgres')('two copies on one PostgreSQL: every write is visible to the next read on the other copy', () => {
  let copies: [App, App];
  let tokens: [string, string];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ copies, close } = await twoCopies());
    tokens = [await login(copies[0], ADMIN.username, ADMIN.password), await login(copies[1], ADMIN.username, ADMIN.password)];
  });
  afterAll(async () => {
    await close?.();
  });

  const send = async (app: App, token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, form?: Record<string, string | number>) => {
    const body = form ? multipart(form) : undefined;
    const res = await app.inject({ method, url, ...(body ?? {}), headers: { ...body?.headers, ...bearer(token) } });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const productOn = (app: App, id: number) => app.inject({ method: 'GET', url: `/api/Product/ById?id=${id}` });
  const listOn = async (app: App, query: string): Promise<{ id: number; price: number }[]> => {
    const res = await app.inject({ method: 'GET', url: `/api/Product/All?${query}&pageSize=50` });
    if (res.statusCode !== 200) throw new Error(`listing ${query}: ${res.statusCode} ${res.body}`);
    return res.json().data.data;
  };
  const categoryTitlesOn = async (app: App) => {
    const titles: string[] = [];
    const walk = (list: { title: string; children?: unknown[] }[]) => list.forEach((c) => { titles.push(c.title); walk((c.children ?? []) as never); });
    walk((await app.inject({ method: 'GET', url: '/api/Category/GetCategories' })).json().data);
    return titles;
  };

  it(`${PAIRS} alternating write/read pairs (price change, product created and deleted, category created): 0 stale reads`, async () => {
    const [a] = copies;
    const root = await send(a, tokens[0], 'POST', '/api/Category/Create', { title: 'ریشه', alias: 'root' });
    const form = (title: string, price: number) => ({ Title: title, Alias: 'p', Tags: 'کرم', Price: price, Description: '<p>ت</p>', Stock: 5, CategoryId: root.id });
    const priced = await send(a, tokens[0], 'POST', '/api/Product/Create', form('محصول ثابت', 100_000));

    const stale: string[] = [];
    const tally = { price: 0, created: 0, deleted: 0, category: 0 };
    let transient: number | undefined;
    for (let i = 0; i < PAIRS; i++) {
      const w = i % 2;
      const writer = copies[w]!;
      const reader = copies[1 - w]!;
      const token = tokens[w]!;
      switch (i % 4) {
        case 0: { // the price changes on one copy; the other shows the new price
          const price = 100_000 + (i + 1) * 10;
          await productOn(reader, priced.id); // the old price is in the reader's cache
          await send(writer, token, 'PUT', '/api/Product/Update', { ...form('محصول ثابت', price), id: priced.id });
          const got = (await productOn(reader, priced.id)).json().data?.price;
          if (got !== price) stale.push(`pair ${i}: price ${got}, expected ${price}`);
          // The in-memory catalogue (decision 015) answers listings and search: it follows too (search
          // every tenth pair, within its rate limit).
          const listed = (await listOn(reader, `categoryId=${root.id}&sort=cheapest`)).find((p) => p.id === priced.id)?.price;
          if (listed !== price) stale.push(`pair ${i}: listed price ${listed}, expected ${price}`);
          if (i % 40 === 0) {
            const found = (await listOn(reader, `Title=${encodeURIComponent('محصول ثابت')}`)).find((p) => p.id === priced.id)?.price;
            if (found !== price) stale.push(`pair ${i}: searched price ${found}, expected ${price}`);
          }
          tally.price++;
          break;
        }
        case 1: { // a product created on one copy exists on the other
          await productOn(reader, priced.id + 1 + i); // the block without it is in the reader's cache
          transient = (await send(writer, token, 'POST', '/api/Product/Create', form(`محصول ${i}`, 50_000))).id;
          const res = await productOn(reader, transient!);
          if (res.statusCode !== 200) stale.push(`pair ${i}: new product ${transient} answered ${res.statusCode}`);
          if (!(await listOn(reader, `categoryId=${root.id}&sort=newest`)).some((p) => p.id === transient)) stale.push(`pair ${i}: new product ${transient} not listed`);
          tally.created++;
          break;
        }
        case 2: { // …and once deleted on one copy, it is gone on the other
          expect((await productOn(reader, transient!)).statusCode).toBe(200);
          await send(writer, token, 'DELETE', `/api/Product/Delete?id=${transient}`);
          const res = await productOn(reader, transient!);
          if (res.statusCode !== 404) stale.push(`pair ${i}: deleted product ${transient} answered ${res.statusCode}`);
          if ((await listOn(reader, `categoryId=${root.id}&sort=newest`)).some((p) => p.id === transient)) stale.push(`pair ${i}: deleted product ${transient} still listed`);
          tally.deleted++;
          break;
        }
        default: { // a category created on one copy is in the other's tree
          const title = `دسته ${i}`;
          await categoryTitlesOn(reader);
          await send(writer, token, 'POST', '/api/Category/Create', { title, alias: `c${i}`, parentId: root.id });
          if (!(await categoryTitlesOn(reader)).includes(title)) stale.push(`pair ${i}: category ${title} missing`);
          tally.category++;
        }
      }
    }
    console.info(`copies coherence on PostgreSQL: ${PAIRS} pairs (${JSON.stringify(tally)}), ${stale.length} stale`);
    expect(stale).toEqual([]);
  }, 120_000);
});
