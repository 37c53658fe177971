import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic } from '../lib/periodic.js';
import { rowsOf, type Database, type Db } from './client.js';

/** How often PGlite's tables are looked at (a look that finds nothing due is one query). */
const MAINTENANCE_MS = 10 * 60_000;
/** The first look, after a start's own work (the catalogue's load) is done. */
const FIRST_AFTER_MS = 2 * 60_000;

export interface TableDue {
  table: string;
  /** Vacuumed (and analysed); else only analysed. */
  vacuum: boolean;
}

/**
 * Sends the session's pending statistics (rows inserted, changed, dead) to the shared counters at the end of this
 * statement: a standalone backend (PGlite) does it only when asked.
 */
export async function flushStatistics(db: Db) {
  await db.execute(sql`select pg_stat_force_next_flush()`);
}

/**
 * The tables of the current schema that autovacuum would vacuum or analyze now, by its own rules and the server's own
 * settings (PostgreSQL's «The Autovacuum Daemon»: dead rows above threshold + scale factor × rows, rows inserted since
 * the last vacuum above the insert threshold + its scale factor × rows, rows changed since the last analyze above
 * theirs), the statistics flushed first.
 */
export async function tablesDue(db: Db): Promise<TableDue[]> {
  await flushStatistics(db);
  const res = await db.execute(sql`with t as (
      select s.relname::text as "table", s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified,
        greatest(c.reltuples, 0) as n
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = current_schema())
    select "table",
      dead > current_setting('autovacuum_vacuum_threshold')::float8 + current_setting('autovacuum_vacuum_scale_factor')::float8 * n
        or inserted > current_setting('autovacuum_vacuum_insert_threshold')::float8 + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * n
        as vacuum,
      modified > current_setting('autovacuum_analyze_threshold')::float8 + current_setting('autovacuum_analyze_scale_factor')::float8 * n
        as stale
    from t order by "table"`);
  return rowsOf<{ table: string; vacuum: boolean; stale: boolean }>(res)
    .filter((r) => r.vacuum || r.stale).map((r) => ({ table: r.table, vacuum: r.vacuum }));
}

/** Vacuums and analyses (or only analyses) the tables that are due, one at a time; answers which. */
export async function maintain(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Promise<TableDue[]> {
  const due = await tablesDue(db);
  for (const { table, vacuum } of due) {
    const started = Date.now();
    await db.execute(vacuum ? sql`vacuum (analyze) ${sql.identifier(table)}` : sql`analyze ${sql.identifier(table)}`);
    log?.info({ table, vacuum, ms: Date.now() - started }, 'database maintenance');
  }
  return due;
}

/**
 * Autovacuum's work for PGlite, which runs PostgreSQL as a standalone backend without the autovacuum daemon: without
 * it, the rows that updates and deletes leave behind (stock, carts, the catalogue's change log) would never be
 * reclaimed, the tables would only grow, and a count's index-only scan would read the table too, the visibility map
 * never being set. Every ten minutes, the tables that are due (tablesDue). On PostgreSQL, autovacuum does this and
 * nothing is started. A vacuum holds PGlite's one connection while it runs (decision 036).
 */
export function startMaintenance(database: Database, log: FastifyBaseLogger, opts: { intervalMs?: number; firstAfterMs?: number } = {}) {
  if (database.kind !== 'pglite') return undefined;
  return startPeriodic(async () => { await maintain(database.db, log); }, opts.intervalMs ?? MAINTENANCE_MS,
    (err) => log.warn({ err }, 'database maintenance failed'), { firstAfterMs: opts.firstAfterMs ?? FIRST_AFTER_MS });
}
