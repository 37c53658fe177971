import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * The read cache's generation (lib/cache.ts): one row (id 1), bumped by every write that
 * invalidates the cache; each copy of the server compares it before answering from memory.
 * The row is created by the first bump; no row reads as generation 0.
 */
export const cacheGeneration = pgTable('cache_generation', {
  id: smallint('id').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull(),
});
