import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate?: string;
  }
}

export const DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const ADMIN = { username: 'admin', password: 'admin-pass-123' };

/** A fresh, migrated database for one test file. */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `sorkhab_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...database,
      url: withDatabase(url, name),
      async drop() {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await a.end();
      },
    };
  }
  // PGlite on its own thread, as the server runs it (db/pglite-thread.ts), from the migrated dump.
  const database = await openDatabase({ memory: true, from: inject('pgliteSnapshot') });
  return { ...database, drop: database.close };
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  dataDir: string;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/** buildApp on a fresh database and a temporary DATA_DIR; the first admin is ADMIN. */
export async function buildTestApp(overrides: Partial<Config> = {}, opts: Omit<BuildOptions, 'database'> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-data-'));
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...overrides }), { ...opts, database });
  let token: string | undefined;
  return {
    app, db: database.db, database, dataDir,
    async adminToken() {
      if (!token) token = await login(app, ADMIN.username, ADMIN.password);
      return token;
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: App, userName: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/User/Login', payload: { userName, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/**
 * The cookie the stylesheet file's answer sets (decision 017): a browser that sends it gets pages that @import the
 * stylesheet. Read from a page's `<link rel="stylesheet">`.
 */
export async function stylesheetCookieOf(app: App, pageUrl = '/contact'): Promise<string> {
  const page = (await app.inject({ url: pageUrl, headers: { accept: 'text/html' } })).body;
  const href = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" media="print"/.exec(page)![1]!;
  return (await app.inject({ url: href })).headers['set-cookie']!.toString().split(';')[0]!;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Two copies of the server on one fresh PostgreSQL database (each with its own DATA_DIR), as N copies run behind a balancer. */
export async function twoCopies(overrides: Partial<Config> = {}, opts: (copy: 0 | 1) => Omit<BuildOptions, 'database'> = () => ({})):
  Promise<{ copies: [App, App]; close(): Promise<void> }> {
  const fresh = await freshDatabase();
  const dirs: string[] = [];
  const make = (database: Database, copy: 0 | 1) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-copy-'));
    dirs.push(dir);
    return buildApp(testConfig({ DATA_DIR: dir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...overrides }), { ...opts(copy), database });
  };
  const copies: [App, App] = [await make(fresh, 0), await make(await openDatabase({ url: fresh.url }), 1)];
  return {
    copies,
    async close() {
      await copies[0].close();
      await copies[1].close();
      await copies[1].services.database.close();
      await fresh.drop();
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    },
  };
}

/** The window a brotli stream declares: WBITS, in its first bits (RFC 7932, section 9.1). */
export function brotliWindowBits(stream: Buffer): number {
  const bits = stream[0]!;
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}
