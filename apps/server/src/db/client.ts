import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { DEFAULT_DATA_DIR } from '../paths.js';
import * as schema from './schema/index.js';
import { openPgliteThread, pgliteDir, takeEarly } from './pglite-thread.js';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of what `execute` answers for a raw SQL statement (drizzle types it as the driver's result, loosely). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** `memory`: a PGlite database in memory (tests), started from the dump `from` (`dumpDataDir`'s tar) when given. */
export async function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean; from?: string }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.memory ? { loadDataDir: opts.from } : { dataDir: pgliteDir(opts.dataDir ?? DEFAULT_DATA_DIR) });
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

async function openPglite(open: { dataDir?: string; loadDataDir?: string }): Promise<Database> {
  // PostgreSQL in WASM on a thread of its own (pglite-thread.ts), opened ahead by main.ts when it could be.
  const { thread, release } = await ((open.dataDir && takeEarly(open.dataDir)) || openPgliteThread(open));
  const db = drizzlePglite(thread.asClient(), { schema });
  return {
    db,
    kind: 'pglite',
    async close() {
      await thread.close();
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
