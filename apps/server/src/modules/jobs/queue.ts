import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { afterCommit } from '../../lib/write.js';

export type JobRow = typeof jobs.$inferSelect;
/** Runs one job; a throw is a failed attempt (retried with backoff, failed after its last attempt). */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** One job per event: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
  runAt?: Date;
}

/** Jobs committed in this process wake its workers at once (the others find them at their next poll). */
const enqueued = new EventEmitter();
enqueued.setMaxListeners(0);

/**
 * Adds a job inside the caller's transaction (an outbox: it exists iff the caller's change committed). Returns
 * false when a job with the same dedupe key already exists.
 */
export async function enqueue(tx: Tx, job: NewJob): Promise<boolean> {
  const rows = await tx.insert(jobs).values({
    kind: job.kind, payload: job.payload, dedupeKey: job.dedupeKey ?? null,
    ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}), ...(job.runAt ? { runAt: job.runAt } : {}),
  }).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id });
  if (rows.length) afterCommit(tx, () => enqueued.emit('job'));
  return rows.length > 0;
}

/** Puts a failed job back in the queue with fresh attempts (the admin's retry); false when it is not failed. */
export async function requeue(tx: Tx, id: number): Promise<JobRow | undefined> {
  const [row] = await tx.update(jobs).set({ status: 'queued', attempts: 0, runAt: sql`now()`, lockedAt: null, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed'))).returning();
  if (row) afterCommit(tx, () => enqueued.emit('job'));
  return row;
}

export interface WorkerOptions {
  /** Jobs claimed at a time. */
  batch?: number;
  /** The first retry waits this long, each next one twice as long (capped at an hour). */
  backoffMs?: number;
  /** A job running longer than this is taken to belong to a dead process and is claimed again. */
  lockTimeoutMs?: number;
}
const DEFAULTS: Required<WorkerOptions> = { batch: 5, backoffMs: 30_000, lockTimeoutMs: 5 * 60_000 };

export const backoffOf = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/**
 * Claims up to `batch` due jobs in one statement: queued ones whose time has come, and running ones locked
 * longer ago than the lock timeout (their process died) that have attempts left. Concurrent claims skip each
 * other's rows, so two workers never hold one job.
 */
export async function claim(db: Db, opts: WorkerOptions = {}): Promise<JobRow[]> {
  const { batch, lockTimeoutMs } = { ...DEFAULTS, ...opts };
  const staleBefore = sql`now() - make_interval(secs => ${lockTimeoutMs / 1000})`;
  // A stale job with no attempt left is failed, not run again.
  await db.update(jobs).set({ status: 'failed', lockedAt: null, finishedAt: sql`now()`, lastError: sql`coalesce(${jobs.lastError}, 'stopped while running')` })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore), sql`${jobs.attempts} >= ${jobs.maxAttempts}`));
  const due = db.select({ id: jobs.id }).from(jobs).where(or(
    and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
    and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore), lt(jobs.attempts, jobs.maxAttempts)),
  )).orderBy(asc(jobs.runAt), asc(jobs.id)).limit(batch).for('update', { skipLocked: true });
  return db.update(jobs).set({ status: 'running', lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due)).returning();
}

/** Runs a claimed job and records the outcome (only if the claim is still this one: same attempt, still running). */
async function runOne(db: Db, job: JobRow, handlers: Record<string, JobHandler>, backoffMs: number) {
  const mine = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  try {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(job.payload, job);
    await db.update(jobs).set({ status: 'done', lockedAt: null, finishedAt: sql`now()` }).where(mine);
  } catch (err) {
    const message = String((err as Error)?.message ?? err).slice(0, 1000);
    const last = job.attempts >= job.maxAttempts;
    await db.update(jobs).set(last
      ? { status: 'failed', lockedAt: null, lastError: message, finishedAt: sql`now()` }
      : { status: 'queued', lockedAt: null, lastError: message, runAt: new Date(Date.now() + backoffOf(job.attempts, backoffMs)) })
      .where(mine);
  }
}

/** Sent messages are kept a month for the admin's list, then deleted (failed ones stay until retried). */
export async function pruneDone(db: Db, keepDays = 30): Promise<number> {
  const gone = await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, sql`now() - make_interval(days => ${keepDays})`)))
    .returning({ id: jobs.id });
  return gone.length;
}

/** Claims one batch and runs it; answers how many jobs were claimed. */
export async function workOnce(db: Db, handlers: Record<string, JobHandler>, opts: WorkerOptions = {}): Promise<number> {
  const claimed = await claim(db, opts);
  await Promise.all(claimed.map((job) => runOne(db, job, handlers, opts.backoffMs ?? DEFAULTS.backoffMs)));
  return claimed.length;
}

/**
 * The worker of a server process: polls every `pollMs`, and at once after a job is committed in this process;
 * keeps claiming while batches come back full. Runs outside any request, so a slow provider delays only messages.
 */
export function startWorker(db: Db, handlers: Record<string, JobHandler>, log: Pick<FastifyBaseLogger, 'error'>, opts: WorkerOptions & { pollMs?: number } = {}) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const batch = opts.batch ?? DEFAULTS.batch;
  let prunedAt = 0;
  const loop = async () => {
    do {
      again = false;
      try {
        if (Date.now() - prunedAt > 3_600_000) {
          prunedAt = Date.now();
          await pruneDone(db);
        }
        while (!stopped && (await workOnce(db, handlers, opts)) >= batch);
      } catch (err) {
        log.error({ err }, 'job worker: claim failed');
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) { again = true; return; }
    running = loop().finally(() => { running = undefined; });
  };
  enqueued.on('job', wake);
  timer = setInterval(wake, opts.pollMs ?? 1000);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      enqueued.off('job', wake);
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
