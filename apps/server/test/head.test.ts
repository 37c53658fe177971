import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionsSettled, mountWeb } from '../src/web.js';
import { WEB_DIR } from '../src/paths.js';
import { createProduct } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * `HEAD` answers what `GET` answers, without the body (`curl -I`): the same status and headers —
 * content type, caching, CSP, compression — for storefront pages, static files and API reads.
 * The storefront needs the web build (`npm test` builds it first; the global setup builds it when missing).
 */
let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await mountWeb(t.app)).toBe(true);
  productId = (await createProduct(t)).id;
}, 240_000);
afterAll(async () => { await t.close(); });

/**
 * Headers that legitimately differ between two answers: the clock, framing Node leaves out of a HEAD,
 * and the CSP's script nonce, new for every page rendered (and with it a compressed page's length).
 */
const comparable = (res: LightMyRequestResponse) => {
  const { date: _date, 'transfer-encoding': _framing, ...rest } = res.headers;
  const csp = rest['content-security-policy'];
  if (typeof csp === 'string') rest['content-security-policy'] = csp.replace(/'nonce-[^']+'/g, "'nonce-…'");
  // A page rendered for this request and compressed: its nonce's random bytes compress a few bytes longer or shorter
  // from one render to the next, so only that it has a length is compared.
  if (typeof csp === 'string' && csp.includes("'nonce-") && rest['content-encoding'] && rest['content-length']) rest['content-length'] = '(its own)';
  return rest;
};

/**
 * A GET, then a HEAD of the same page. `firstRequests`: each is its page's first request (the cache, with the pages it
 * has seen, dropped before each), which a catalogue page answers with a render for that request alone.
 */
async function expectHeadMirrorsGet(url: string, headers: Record<string, string> = {}, firstRequests = false) {
  // A cached page asked for again gets a best-level copy made in the background (decision 017): let any under way
  // finish first, so that it cannot land between the GET and the HEAD. The HEAD, last of the pair, may start one.
  await compressionsSettled();
  if (firstRequests) await t.app.services.cache.invalidate();
  let get = await t.app.inject({ method: 'GET', url, headers });
  // The GET may have started one itself (a kept page answered again), which then answers the HEAD if it is made by
  // then — or not, as the thread pool goes: the HEAD mirrors the GET that answers once it is made.
  if (!firstRequests && await compressionsSettled()) get = await t.app.inject({ method: 'GET', url, headers });
  if (firstRequests) await t.app.services.cache.invalidate();
  const head = await t.app.inject({ method: 'HEAD', url, headers });
  expect(head.statusCode, `HEAD ${url}`).toBe(get.statusCode);
  expect(comparable(head), `HEAD ${url} ${JSON.stringify(headers)}`).toEqual(comparable(get));
  expect(head.rawPayload.length, `HEAD ${url} has no body`).toBe(0);
  return { get, head };
}

const encodings: Record<string, string>[] = [{}, { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }];

describe('HEAD on storefront pages', () => {
  it('answers text/html with GET\'s status and headers (cache, CSP, compression) and no body', async () => {
    const pages = ['/', '/product-list', `/product/${productId}`, '/contact', '/cart', '/login', '/admin', '/no-such-page', `/product/${productId}?x=1`];
    for (const headers of encodings) {
      for (const url of pages) {
        // Each its page's first request; then twice more: the first fills the shared page cache, the second is
        // answered from it.
        await expectHeadMirrorsGet(url, headers, true);
        for (let round = 0; round < 2; round++) {
          const { head } = await expectHeadMirrorsGet(url, headers);
          expect(head.headers['content-type'], `HEAD ${url}`).toMatch(/^text\/html/);
          expect(head.headers['content-security-policy'], `HEAD ${url}`).toBeTruthy();
        }
      }
    }
  });

  it('a HEAD first (before any GET) fills nothing wrong: the following GET is the same page', async () => {
    const url = `/product/${productId}?fresh=1`;
    await t.app.inject({ method: 'HEAD', url }); // its first request: rendered for it alone
    const head = await t.app.inject({ method: 'HEAD', url }); // its second: the page the cache keeps
    const get = await t.app.inject({ method: 'GET', url });
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(get.body).toContain('<html');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('answers the same for static files, robots.txt, the sitemap and route data', async () => {
    const asset = fs.readdirSync(path.join(WEB_DIR, 'build/client/assets')).find((f) => f.endsWith('.js'))!;
    for (const headers of encodings) {
      for (const url of [`/assets/${asset}`, '/favicon.svg', '/robots.txt', '/sitemap.xml', '/product-list.data']) {
        await expectHeadMirrorsGet(url, headers);
      }
    }
  });
});

describe('HEAD on API reads', () => {
  it('mirrors GET for public reads, admin-only reads and unknown API paths', async () => {
    const urls = [
      '/api/health', '/api/Settings', '/api/Product/All', `/api/Product/ById?id=${productId}`, '/api/Category/GetCategories',
      '/api/Brand/GetAll', '/api/Slider/Get', '/api/Cart', '/api/docs/json', '/api/User', '/api/Order/Admin', '/api/NoSuchThing',
    ];
    for (const headers of encodings) {
      for (const url of urls) {
        const { head } = await expectHeadMirrorsGet(url, headers);
        expect(head.headers['content-type'], `HEAD ${url}`).toMatch(/^application\/json/);
      }
    }
  });
});
