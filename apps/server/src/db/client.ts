import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as schema from './schema/index.js';
import { acquireLock } from './lock.js';

const PGLITE_SHARED_BUFFERS = '8MB';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.memory ? undefined : path.resolve(opts.dataDir ?? './data', 'db'));
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded only for PostgreSQL, so a PGlite process does not carry the driver.
  const [{ default: pgLib }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pgLib.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // idle-client errors are reported by the next query
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string | undefined): Promise<Database> {
  let release = async () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders
    release = await acquireLock(dir);
  }
  let client: PGlite;
  try {
    // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WASM memory, on top of the process. Listings and
    // search run in memory (decision 018), so what PGlite reads is mostly rows a write or an order touches; pages not in
    // its buffers come from the operating system's cache. 8 MB instead of 24 took the WASM memory's resident part from
    // 40 to 23 MB under the cold page mix at 100,000 products (decision 031).
    client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  } catch (err) {
    await release();
    throw err;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
      await release();
    },
  };
}

/**
 * Runs fn while holding a PostgreSQL session advisory lock (on a pool connection kept for the
 * duration; the server drops the lock if this process dies), so two copies starting at once take
 * turns: the second waits, then finds the work done. On PGlite the folder lock already admits one process: fn just runs.
 */
export async function withAdvisoryLock<T>(database: Database, key: number, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return fn();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  try {
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).then(() => client.release(), (err: Error) => client.release(err));
  }
}
