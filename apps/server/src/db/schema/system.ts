import { bigint, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The read cache's generation (lib/cache.ts): one row (id 1), bumped by every write that
 * invalidates the cache; each copy of the server compares it before answering from memory.
 * The row is created by the first bump; no row reads as generation 0.
 */
export const cacheGeneration = pgTable('cache_generation', {
  id: smallint('id').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull(),
});

/**
 * Data steps that follow a migration and run once (db/migrate.ts): each is recorded here when done, so a
 * start does not scan the catalogue again to find it has nothing to do.
 */
export const dataSteps = pgTable('data_steps', {
  name: varchar('name', { length: 100 }).primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
