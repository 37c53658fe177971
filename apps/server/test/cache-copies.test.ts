import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { bearer, DB_KIND, freshDatabase, login } from './helpers.js';

/** Two copies of the server on one PostgreSQL: a write on one is visible on the very next read of the other. */
describe.runIf(DB_KIND === 'postgres')('read cache across server copies', () => {
  let a: App;
  let b: App;
  let drop: () => Promise<void>;
  const dirs: string[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const make = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-copy-'));
      dirs.push(dir);
      return buildApp(testConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'admin-pass-123' }), { database });
    };
    a = await make(fresh);
    b = await make(await openDatabase({ url: fresh.url }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await b?.services.database.close();
    await drop?.();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it('sees a brand created on the other copy right away', async () => {
    const before = await b.inject({ method: 'GET', url: '/api/Brand/GetAll' });
    expect(before.json().data).toEqual([]);
    const token = await login(a, 'admin', 'admin-pass-123');
    const created = await a.inject({ method: 'POST', url: '/api/Brand/Create', payload: { title: 'برند تازه' }, headers: bearer(token) });
    expect(created.statusCode).toBe(200);
    // NOTIFY is asynchronous: allow it a moment to arrive, but never serve the stale list afterwards.
    let titles: string[] = [];
    for (let i = 0; i < 50 && !titles.includes('برند تازه'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      titles = (await b.inject({ method: 'GET', url: '/api/Brand/GetAll' })).json().data.map((x: { title: string }) => x.title);
    }
    expect(titles).toEqual(['برند تازه']);
  });
});
