import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (modules/jobs/queue.ts, decision 019): a row per job, claimed by workers with
 * `FOR UPDATE SKIP LOCKED`. `dedupe_key` names the event a job is for (`sms:order:123:shipped`), so an event
 * enqueues at most one job however often its request is retried.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 50 }).notNull(),
  payload: jsonb('payload').notNull(),
  /** queued, running, done, failed */
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  lastError: text('last_error'),
  dedupeKey: varchar('dedupe_key', { length: 200 }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('jobs_due_idx').on(t.status, t.runAt),
  index('jobs_created_idx').on(t.createdAt),
]);
