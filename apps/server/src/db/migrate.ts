import { MIGRATIONS_DIR } from '../paths.js';
import { inArray } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';
import { dataSteps } from './schema/index.js';
import { withAdvisoryLock, type Database } from './client.js';

/** A data step that follows a migration and runs once: recorded in `data_steps` when it is done. */
export interface DataStep {
  name: string;
  run(db: Database['db']): Promise<unknown>;
}

/** pg_advisory_lock keys taken at start-up (the seed's own transaction lock is 0x5eed0001). */
export const LOCK_KEYS = { migrations: 0x5eed_0002, demoSeed: 0x5eed_0003 } as const;

/**
 * Applies pending migrations. On PostgreSQL under an advisory lock: two copies starting at once on
 * an empty database would otherwise both create drizzle's bookkeeping and the tables, and one crashes;
 * with it the second waits and then finds every migration applied.
 */
export async function runMigrations(database: Database, steps: DataStep[] = []): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  // Only the driver in use is loaded.
  if (database.kind === 'pglite') {
    await (await import('drizzle-orm/pglite/migrator')).migrate(database.db, opts);
    await runDataSteps(database.db, steps);
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await withAdvisoryLock(database, LOCK_KEYS.migrations, async () => {
      await migrate(database.db as unknown as NodePgDatabase<typeof schema>, opts);
      // Data steps that follow a migration (variants for rows from before them) run under the same lock.
      await runDataSteps(database.db, steps);
    });
  }
}

/** The steps not recorded yet, in order, each recorded when done (a step cut short runs again at the next start). */
async function runDataSteps(db: Database['db'], steps: DataStep[]) {
  if (!steps.length) return;
  const done = new Set((await db.select({ name: dataSteps.name }).from(dataSteps).where(inArray(dataSteps.name, steps.map((s) => s.name)))).map((r) => r.name));
  for (const step of steps.filter((s) => !done.has(s.name))) {
    await step.run(db);
    await db.insert(dataSteps).values({ name: step.name }).onConflictDoNothing();
  }
}
