import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerToken } from './api.js';
import { bearer, buildTestApp, type TestApp } from './helpers.js';
import { rowsOf } from '../src/db/client.js';

/**
 * Every spelling of every guarded route, without a session and with a shopper's: the router is
 * lenient (case, `//`, trailing slash), so access must be decided by the route that answers.
 */
export function spellings(path: string): string[] {
  const rest = path.slice('/api'.length); // starts with '/'
  const [, first, ...more] = rest.split('/');
  const tail = more.length ? `/${more.join('/')}` : '';
  const encodedFirst = `%${first!.charCodeAt(0).toString(16).toUpperCase()}${first!.slice(1)}`;
  return [
    path,
    path.toUpperCase(),
    path.toLowerCase(),
    `/API${rest}`,
    `/Api${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/api${rest.replace(/\//g, '//')}`,
    `/%61pi${rest}`,
    `/%41PI${rest}`,
    `/api/${encodedFirst}${tail}`,
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `/./api${rest}`,
    `/api/.${rest}`,
    `/api/x/..${rest}`,
    `${path}/`,
    `${path}//`,
    `${path};`,
    `/api;${rest}`,
    `${path};jsessionid=1`,
    `/api\\${rest.slice(1)}`,
  ];
}

/** A digest of every table: a request that was refused must leave it the same. */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const parts: string[] = [];
  for (const { tablename } of rowsOf<{ tablename: string }>(tables)) {
    const r = await t.db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${tablename}" x`));
    const row = rowsOf<{ n: string; h: string }>(r)[0]!;
    parts.push(`${tablename}:${row.n}:${row.h}`);
  }
  return parts.join('\n');
}

const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

/**
 * Sends the path exactly as written, over a real socket: `app.inject` (like any WHATWG URL parser)
 * would resolve `/./` and `..` before the server saw them.
 */
function raw(port: number, agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  // The tests read only the status and an error's message.
  return new Promise<{ status: number; json: () => { error: { message: string } } }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
const methodsOf = (m: HTTPMethods | HTTPMethods[]) => ([] as HTTPMethods[]).concat(m);

describe('access by route, whatever the spelling', () => {
  let t: TestApp;
  let shopper: string;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const get = (path: string) => raw(port, agent, 'GET', path, {});
  const tried = { requests: 0, unauthorisedSuccesses: 0, serverErrors: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await customerToken(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    console.info(`path spelling matrix: ${tried.requests} requests, ${tried.serverErrors} 5xx, ${tried.unauthorisedSuccesses} unauthorised successes`);
    agent.destroy();
    await t.close();
  });

  it('every route declares its access, and no route outside /api, /uploads and the docs is admin-only by accident', () => {
    const guarded = t.app.routeTable.filter((r) => (r.config as { access?: string } | undefined)?.access !== 'public');
    for (const r of guarded) expect(r.url, `${r.method} ${r.url}`).toMatch(/^\/api\//);
    expect(guarded.length).toBeGreaterThan(40);
  });

  it('admin routes answer 401/403/404 and change nothing, in every spelling, without a session or with a shopper\'s', async () => {
    const staffOnly = (access = 'admin') => access === 'staff' || access === 'admin' || access.startsWith('admin:');
    const admin = t.app.routeTable.filter((r) => staffOnly((r.config as { access?: string } | undefined)?.access) && r.url.startsWith('/api/'));
    const customer = t.app.routeTable.filter((r) => (r.config as { access?: string } | undefined)?.access === 'customer');
    expect(admin.length).toBeGreaterThan(35);
    const before = await fingerprint(t);
    const failures: string[] = [];
    const send = async (method: HTTPMethods, url: string, headers: Record<string, string>, allowed: number[]) => {
      const body = ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : { id: 1, title: 'x', isAdmin: true, userName: 'intruder', password: 'intruder-pass-1' };
      const res = await raw(port, agent, method, url, headers, body);
      tried.requests++;
      if (res.status >= 500) tried.serverErrors++;
      if (res.status < 400) tried.unauthorisedSuccesses++;
      if (!allowed.includes(res.status)) failures.push(`${method} ${url} ${JSON.stringify(headers)} → ${res.status}`);
    };
    for (const route of admin) {
      for (const method of methodsOf(route.method)) {
        for (const url of spellings(concrete(route.url))) {
          await send(method, `${url}?id=1`, {}, [401, 404]);
          await send(method, `${url}?id=1`, bearer(shopper), [403, 404]);
        }
      }
    }
    for (const route of customer) {
      for (const method of methodsOf(route.method)) {
        for (const url of spellings(concrete(route.url))) await send(method, `${url}?id=1`, {}, [401, 404]);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t)).toBe(before);
    expect(tried.requests).toBeGreaterThan(1500);
  }, 120_000); // every guarded route × 22 spellings × 2 sessions over a socket: grows with the API

  it('serves the API only at its canonical spelling: other spellings of a public route are 404', async () => {
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/Category/GetCategories')).status).toBe(200);
    expect((await get('/api/category/getcategories')).status).toBe(200);
    expect((await get('/api/Category/GetCategories/')).status).toBe(200);
    for (const url of spellings('/api/Category/GetCategories').slice(3).filter((u) => !u.endsWith('Categories/'))) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.json().error.message, url).toMatch(/مسیر/);
    }
  });

  it('uploads and the API docs stay public', async () => {
    expect((await get('/api/docs/json')).status).toBe(200);
    expect((await get('/uploads/none.webp')).status).toBe(404);
  });
});
