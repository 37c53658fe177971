import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-proc-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>, preload: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), MAIN], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(port: number, proc: ReturnType<typeof start>) {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch { /* not up yet */ }
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${proc.output()}`);
}

describe('the server process', () => {
  it('starts on PGlite, logs JSON lines with request ids, keeps data across a restart, refuses a second process and stops on SIGTERM', async () => {
    const port = await freePort();
    const env = { PORT: String(port), ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-pass-123' };
    const first = start(env);
    expect(await waitHealthy(port, first)).toEqual({ success: true, data: { status: 'ok', database: 'pglite' }, error: null });

    const login = await fetch(`http://127.0.0.1:${port}/api/User/Login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'owner', password: 'owner-pass-123' }),
    });
    const { data } = await login.json();
    const created = await fetch(`http://127.0.0.1:${port}/api/Brand/Create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` }, body: JSON.stringify({ title: 'برند ماندگار' }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    // A listing page, whose loaders call the API in process, and the same API call made over HTTP.
    const listing = await fetch(`http://127.0.0.1:${port}/product-list?sort=cheapest`, { headers: { accept: 'text/html' } });
    expect(listing.status).toBe(200);
    expect((await listing.text()).includes('data-testid="result-count"')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/Product/Facets?inStock=true`)).status).toBe(200);

    // A second process on the same folder must refuse to start instead of losing writes.
    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another Sorkhab process/);

    const lines = first.output().split('\n').filter((l) => l.startsWith('{'));
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.url === '/api/Brand/Create');
    expect(request?.reqId).toBeTruthy(); // one access line per request, with its id, method, status and time
    expect(request).toMatchObject({ msg: 'request', method: 'POST', status: 200 });
    expect(request.ms).toBeGreaterThanOrEqual(0);
    // The page has its line; the API calls its loaders made in process have none at the info level (they are part of
    // the page's), while the same API called over HTTP has its own.
    const logged = lines.map((l) => JSON.parse(l) as { msg?: string; url?: string }).filter((l) => l.msg === 'request').map((l) => l.url);
    expect(logged).toContain('/product-list?sort=cheapest');
    expect(logged.filter((url) => url?.startsWith('/api/Product/'))).toEqual(['/api/Product/Facets?inStock=true']);
    expect(first.output()).not.toContain('owner-pass-123');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock.sock'))).toBe(false);

    const again = start(env);
    await waitHealthy(port, again);
    const brands = await (await fetch(`http://127.0.0.1:${port}/api/Brand/GetAll`)).json();
    expect(brands.data.map((b: { title: string }) => b.title)).toContain('برند ماندگار');
    // A crash leaves the lock's socket file behind; the next start takes it over by itself.
    again.child.kill('SIGKILL');
    await again.exited;
    expect(fs.existsSync(path.join(dataDir, 'db.lock.sock'))).toBe(true);
    const afterCrash = start(env);
    await waitHealthy(port, afterCrash);
    afterCrash.child.kill('SIGTERM');
    expect(await afterCrash.exited).toBe(0);
  }, 120_000);

  it('leaves Node\'s async hooks off while it serves pages and the API (each would cost every promise of every request)', async () => {
    // React's Node build ran each render in an AsyncLocalStorage, which turned the hooks on for good at the first page
    // (docs/decisions/037-no-async-hooks.md); the server's own one is used only on PostgreSQL (lib/cache.ts).
    const port = await freePort();
    const probe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/async-hooks-probe.mjs');
    const proc = start({ PORT: String(port), ADMIN_PASSWORD: 'owner-pass-123', DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'probe-')) }, [probe]);
    await waitHealthy(port, proc);
    const asked = async () => {
      const before = proc.output().length;
      proc.child.kill('SIGUSR2');
      for (let i = 0; i < 200; i++) {
        const line = /\{"asyncHooksOn":(true|false)\}/.exec(proc.output().slice(before));
        if (line) return line[1] === 'true';
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no answer from the probe: ${proc.output()}`);
    };
    expect(await asked()).toBe(false);
    // Pages the whole-document render writes (the home page, a sign-in form, a missing page) and a framed listing.
    for (const url of ['/', '/login', '/no-such-page', '/product-list?sort=cheapest']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html' } });
      expect((await res.text()).startsWith('<!DOCTYPE html>'), url).toBe(true);
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/Product/All?pageSize=12`)).status).toBe(200);
    expect(await asked()).toBe(false);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 120_000);

  it('stops with one line per bad variable', async () => {
    const bad = start({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT: /);
    expect(bad.output()).toMatch(/DATABASE_URL: must start with postgres/);
  }, 60_000);
});
