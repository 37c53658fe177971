import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slides } from '../src/db/schema/index.js';
import { mountWeb } from '../src/web.js';
import { asAdmin, dataOf } from './api.js';
import { createProduct, pngImage } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * Server-rendered pages under the shop's CSP (issue 9, docs/decisions/009-script-csp.md), on the web build (the
 * global setup builds it when missing). `e2e/csp.spec.ts` checks the same pages for violations in Chromium.
 */

type Script = { attrs: string; body: string; nonce?: string; type?: string };
const scriptsOf = (html: string): Script[] => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attrs, body]) => ({
  attrs: attrs!, body: body!, nonce: /\snonce="([^"]*)"/.exec(attrs!)?.[1], type: /\stype="([^"]*)"/.exec(attrs!)?.[1],
}));
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrcOf = (res: LightMyRequestResponse) => {
  const csp = String(res.headers['content-security-policy']);
  return csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '))!.split(/\s+/).slice(1);
};

/** Every inline script the browser would run is named by the response's own header, and nothing else is allowed inline. */
function expectScriptsAllowed(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const sources = scriptSrcOf(res);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  expect(sources[0]).toBe("'self'");
  const scripts = scriptsOf(res.body);
  const executable = scripts.filter((s) => s.type === undefined || s.type === 'module');
  expect(executable.length).toBeGreaterThanOrEqual(2);
  // Data blocks (JSON-LD) are not scripts to the browser; nothing else may be there.
  expect(scripts.filter((s) => !executable.includes(s)).every((s) => s.type === 'application/ld+json')).toBe(true);
  for (const s of executable) {
    const allowed = (s.nonce !== undefined && sources.includes(`'nonce-${s.nonce}'`)) || sources.includes(sha(s.body));
    expect(allowed, `script not allowed by its page's CSP: <script${s.attrs}>${s.body.slice(0, 80)}`).toBe(true);
  }
  return { sources, scripts };
}

const officialSeal = `<a referrerpolicy='origin' target='_blank' href='https://trustseal.enamad.ir/?id=654321&amp;Code=AbCdEf123XyZ'><img referrerpolicy='origin' src='https://trustseal.enamad.ir/logo.aspx?id=654321&amp;Code=AbCdEf123XyZ' alt='' style='cursor:pointer' code='AbCdEf123XyZ'></a>`;

describe('CSP of server-rendered pages', () => {
  let t: TestApp;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await mountWeb(t.app)).toBe(true);
    productId = (await createProduct(t, {}, await pngImage(200, 200))).id;
    dataOf(await asAdmin(t, 'PUT', '/api/Settings', {
      enamadHtml: `${officialSeal}<script>document.title='pwned'</script><img src=x onerror="alert(1)">`,
      about: '<script>alert("about")</script>',
    }));
    // Links stored before the API refused such links are not printed.
    await t.db.insert(slides).values([
      { kind: 'slide', title: 'بد', link: 'javascript:alert(1)', imageUri: null },
      { kind: 'banner', title: 'بد ۲', link: '//evil.example/x', imageUri: null },
      { kind: 'banner', title: 'خوب', link: '/product-list', imageUri: null },
    ]);
    await t.app.services.cache.invalidate();
  });
  afterAll(async () => { await t?.close(); });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('catalogue pages: a first request answered under its own nonce; the copy kept from the second on has no nonce, its scripts named by hash, the same bytes and header for everyone', async () => {
    for (const url of ['/', `/product/${productId}`, '/product-list', '/last-products']) {
      const first = await get(url);
      const firstSources = expectScriptsAllowed(first).sources;
      const kept = await get(url);
      const { sources } = expectScriptsAllowed(kept);
      expect(kept.body).not.toMatch(/\snonce=/);
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
      // The first answer was rendered for its request alone (a product page built ahead is the kept copy already):
      // the same page, its scripts under a nonce of its own.
      const nonce = firstSources.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
      if (url.startsWith('/product/')) expect(nonce.length).toBeLessThanOrEqual(1);
      else expect(nonce).toHaveLength(1);
      expect(nonce.length ? first.body.replaceAll(` nonce="${nonce[0]}"`, '') : first.body).toBe(kept.body);
      const again = await get(url);
      expect(again.body).toBe(kept.body);
      expect(again.headers['content-security-policy']).toBe(kept.headers['content-security-policy']);
      // The compressed copy the cache keeps is the same page under the same header.
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-security-policy']).toBe(kept.headers['content-security-policy']);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(kept.body);
    }
  });

  it('pages rendered per request: a fresh nonce in the header and on every inline script, different each time', async () => {
    const nonces = new Set<string>();
    for (const url of ['/admin', '/cart', '/track', '/admin', '/cart']) {
      const res = await get(url);
      const { sources, scripts } = expectScriptsAllowed(res);
      const nonce = sources.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
      expect(nonce).toHaveLength(1);
      expect(scripts.filter((s) => s.type !== 'application/ld+json').every((s) => s.nonce === nonce[0])).toBe(true);
      nonces.add(nonce[0]!);
    }
    expect(nonces.size).toBe(5);
  });

  it('prints the eNamad seal from its id and code, and no admin-entered HTML anywhere', async () => {
    for (const url of ['/', `/product/${productId}`, '/cart']) {
      const html = (await get(url)).body;
      expect(html).toContain('href="https://trustseal.enamad.ir/?id=654321&amp;Code=AbCdEf123XyZ"');
      expect(html).toContain('src="https://trustseal.enamad.ir/logo.aspx?id=654321&amp;Code=AbCdEf123XyZ"');
      expect(html).toContain('alt="نماد اعتماد الکترونیکی"');
      expect(html).not.toContain('pwned');
      expect(html).not.toContain('onerror');
      expect(html).not.toContain('<script>alert');
    }
    // Text fields are text: the about line is printed escaped.
    expect((await get('/')).body).toContain('&lt;script&gt;alert(&quot;about&quot;)&lt;/script&gt;');
    const settings = await get('/api/Settings');
    expect(settings.body).not.toMatch(/pwned|onerror|enamadHtml|trustseal/);
  });

  it('lets the seal image load: img-src allows trustseal.enamad.ir', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/trustseal\.enamad\.ir/);
  });

  it('never prints a slide or banner link that is not relative or http(s)', async () => {
    const html = (await get('/')).body;
    expect(html).not.toMatch(/href="(?:javascript:|\/\/evil)/i);
    expect(html).toContain('href="/product-list"');
  });

  it('the API docs keep their own policy and load', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const s of scriptsOf(page.body).filter((x) => !/\ssrc=/.test(x.attrs))) {
      expect(csp).toContain(sha(s.body));
    }
  });
});
