import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMapOf } from '../src/lib/keys.js';
import { customerToken } from './api.js';
import { createBrand, createProduct } from './factories.js';
import { bearer, buildTestApp, type TestApp } from './helpers.js';

/** Values an attacker (or a broken client) sends; each must be answered below 500. */
const TEXT_VALUES = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '', ' ', '۱۲۳۴', '-1', '0', '1e309', '99999999999999999999',
  '1.5', 'NaN', 'true', 'null', '2026-13-45', '<script>alert(1)</script>', "' or 1=1--", '../../etc/passwd', '%00',
  '😀'.repeat(50), 'ب'.repeat(5000),
];
const JSON_VALUES: unknown[] = [
  ...TEXT_VALUES, 0, -1, 1.5, 1e308, -(2 ** 53) - 2, 2 ** 31, true, false, null, [], ['\u0000'], [1, 2], {}, { a: { b: '\u0000' } },
];
/** Raw query strings, sent as written (percent-encoded NUL, a UTF-8-encoded lone surrogate, broken escapes). */
const RAW_QUERY = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', '%', '%zz', '%F0%9F', '\u0000'];

const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const RAW_BODIES: { body: string; type: string }[] = [
  { body: deepJson(20_000), type: 'application/json' },
  { body: deepObject(20_000), type: 'application/json' },
  { body: '{"id":1,', type: 'application/json' },
  { body: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { body: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { body: '{"title":"\\u0000","Title":"\\ud800"}', type: 'application/json' },
  { body: '"\\u0000"', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '[1,2,3]', type: 'application/json' },
  { body: 'title=a%00b', type: 'application/x-www-form-urlencoded' },
  { body: '\u0000\u0000', type: 'text/plain' },
  { body: '--x\r\nContent-Disposition: form-data; name="Title"\r\n\r\na\u0000b\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  { body: '--x\r\nContent-Disposition: form-data; name="Title"\r\n\r\n\ud800\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  { body: '--x\r\nbroken', type: 'multipart/form-data; boundary=x' },
];

const keysOf = (schema: unknown) => [...(keyMapOf(schema as never)?.values() ?? [])];
const concrete = (url: string, value = '1') => url.replace(/:(\w+)/g, value);

describe('fuzz: hostile values to every endpoint never answer 5xx', () => {
  let t: TestApp;
  let roles: [string, Record<string, string>][];
  const counts = { requests: 0, serverErrors: 0 };
  const failures: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: false });
    await createBrand(t);
    await createProduct(t);
    roles = [['anonymous', {}], ['shopper', bearer(await customerToken(t))], ['admin', bearer(await t.adminToken())]];
  });
  afterAll(async () => {
    console.info(`fuzz corpus: ${counts.requests} requests, ${counts.serverErrors} 5xx`);
    await t.close();
  });

  const send = async (label: string, req: InjectOptions) => {
    const res = await t.app.inject(req);
    counts.requests++;
    if (res.statusCode >= 500) {
      counts.serverErrors++;
      failures.push(`${label}: ${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  };

  const routes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

  it('every value in every query field and body field, as every role', async () => {
    for (const route of routes()) {
      const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
      const queryKeys = [...new Set(['id', ...keysOf(schema.querystring)])];
      const bodyKeys = [...new Set(['id', ...keysOf(schema.body)])];
      for (const method of ([] as HTTPMethods[]).concat(route.method)) {
        if (method === 'HEAD') continue;
        const hasBody = !['GET', 'DELETE'].includes(method);
        for (const [role, headers] of roles) {
          for (const raw of RAW_QUERY) {
            await send(role, { method: method as InjectOptions['method'], url: `${concrete(route.url, raw)}?${queryKeys.map((k) => `${k}=${raw}`).join('&')}`, headers });
          }
          for (const value of TEXT_VALUES) {
            const query = Object.fromEntries(queryKeys.map((k) => [k, value]));
            await send(role, { method: method as InjectOptions['method'], url: concrete(route.url), query, headers });
          }
          if (!hasBody) continue;
          for (const value of JSON_VALUES) {
            const payload = Object.fromEntries(bodyKeys.map((k) => [k, value]));
            await send(role, { method: method as InjectOptions['method'], url: concrete(route.url), payload, headers: { ...headers, 'content-type': 'application/json' } });
          }
          for (const { body, type } of RAW_BODIES) {
            await send(role, { method: method as InjectOptions['method'], url: concrete(route.url), payload: body, headers: { ...headers, 'content-type': type } });
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(counts.requests).toBeGreaterThan(10_000);
  }, 300_000);

  it('refuses a NUL or a lone surrogate with a Persian 400, public routes included', async () => {
    const cases: InjectOptions[] = [
      { method: 'GET', url: '/api/Order/Track?number=%00&mobile=09121234567' },
      { method: 'GET', url: '/api/Payment/Callback?Authority=%00&Status=OK' },
      { method: 'POST', url: '/api/User/Login', payload: { userName: 'admin\u0000', password: 'x' } },
      { method: 'POST', url: '/api/User/Login', payload: '{"userName":"\\ud800","password":"x"}', headers: { 'content-type': 'application/json' } },
      { method: 'GET', url: '/api/Product/All?Title=%00' },
    ];
    for (const req of cases) {
      const res = await t.app.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(400);
      expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('answers a page request it refuses with a Persian page, and an API request with JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/uploads/a.webp?q=%00', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('نویسه‌های نامعتبر');
    expect(page.body).not.toContain('<script');
    const api = await t.app.inject({ method: 'GET', url: '/api/Product/All?Title=%00', headers: { accept: 'text/html,*/*' } });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a body of a type the route does not read with a Persian 415, whatever the type', async () => {
    const bodies = [
      { payload: 'userName=admin&password=x', type: 'application/x-www-form-urlencoded' },
      { payload: '{"userName":"admin","password":"x"}', type: 'text/plain' },
      { payload: '--x\r\nContent-Disposition: form-data; name="userName"\r\n\r\nadmin\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
    ];
    for (const { payload, type } of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload, headers: { 'content-type': type } });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'قالب بدنه درخواست پشتیبانی نمی‌شود؛ JSON یا فرم چندبخشی بفرستید' });
    }
  });

  it('refuses a path whose escapes do not decode with a Persian 400: JSON to the API, a page to a browser', async () => {
    for (const url of ['/api/Product/ById%C0?id=1', '/%C0%AF', '/product/%E0%A4%A']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(400);
      expect(api.json().error).toEqual({ code: 'BAD_URL', message: 'نشانی درخواست نامعتبر است' });
    }
    const page = await t.app.inject({ method: 'GET', url: '/product/%E0%A4%A', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('نشانی درخواست نامعتبر است');
  });

  it('answers what Node\'s parser refuses (a 20 KB URL, a body both chunked and sized) in Persian JSON, over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (text: string) => new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
      let got = '';
      socket.setEncoding('utf8').on('data', (d: string) => { got += d; }).on('close', () => resolve(got)).on('error', reject);
    });
    const long = await raw(`GET /api/Product/All?Title=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4)).error).toEqual({ code: 'HEADERS_TOO_LARGE', message: 'نشانی یا سرآیندهای درخواست بیش از حد بلند است' });
    const both = await raw('POST /api/User/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    expect(both).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(both.slice(both.indexOf('\r\n\r\n') + 4)).error).toEqual({ code: 'BAD_REQUEST', message: 'درخواست نامعتبر است' });
  });

  it('refuses JSON nested 20,000 deep with a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: deepJson(20_000), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/تودرتو/);
  });
});
