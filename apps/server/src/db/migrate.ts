import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';
import { withAdvisoryLock, type Database } from './client.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** pg_advisory_lock keys taken at start-up (the seed's own transaction lock is 0x5eed0001). */
export const LOCK_KEYS = { migrations: 0x5eed_0002, demoSeed: 0x5eed_0003 } as const;

/**
 * Applies pending migrations. On PostgreSQL under an advisory lock: two copies starting at once on
 * an empty database would otherwise both create drizzle's bookkeeping and the tables, and one crashes;
 * with it the second waits and then finds every migration applied.
 */
export async function runMigrations(database: Database, after?: (db: Database['db']) => Promise<unknown>): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  // Only the driver in use is loaded.
  if (database.kind === 'pglite') {
    await (await import('drizzle-orm/pglite/migrator')).migrate(database.db, opts);
    await after?.(database.db);
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await withAdvisoryLock(database, LOCK_KEYS.migrations, async () => {
      await migrate(database.db as unknown as NodePgDatabase<typeof schema>, opts);
      // Data steps that follow a migration (variants for rows from before them) run under the same lock.
      await after?.(database.db);
    });
  }
}
