import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { write } from '../../lib/write.js';
import { DB_KIND, freshDatabase } from '../../../test/helpers.js';
import { backoffOf, claim, enqueue, pruneDone, startWorker, workOnce, type JobHandler, type NewJob } from './queue.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => { database = await freshDatabase(); db = database.db; });
afterAll(async () => { await database?.drop(); });
beforeEach(async () => { await db.delete(jobs); });

const add = (job: Partial<NewJob> = {}) => db.transaction((tx) => enqueue(tx, { kind: 'test', payload: {}, ...job }));
const rowOf = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const allJobs = () => db.select().from(jobs).orderBy(jobs.id);
/** Makes every queued job due now, as if its backoff had passed. */
const timePasses = () => db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.status, 'queued'));

describe('the job queue', () => {
  it('retries a failing job with a growing backoff, then marks it done', async () => {
    await add({ payload: { n: 1 } });
    let calls = 0;
    const flaky: JobHandler = async (payload) => {
      calls++;
      expect(payload).toEqual({ n: 1 });
      if (calls < 3) throw new Error(`provider down ${calls}`);
    };
    const handlers = { test: flaky };
    const opts = { backoffMs: 60_000 };

    expect(await workOnce(db, handlers, opts)).toBe(1);
    let [job] = await allJobs();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down 1', lockedAt: null });
    const wait1 = job!.runAt.getTime() - Date.now();
    expect(wait1).toBeGreaterThan(50_000);
    expect(wait1).toBeLessThanOrEqual(60_000);
    expect(await workOnce(db, handlers, opts)).toBe(0); // not due yet

    await timePasses();
    expect(await workOnce(db, handlers, opts)).toBe(1);
    [job] = await allJobs();
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lastError: 'provider down 2' });
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(110_000); // twice the first wait

    await timePasses();
    expect(await workOnce(db, handlers, opts)).toBe(1);
    [job] = await allJobs();
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect(job!.finishedAt).toBeInstanceOf(Date);
    expect(calls).toBe(3);
    expect(await workOnce(db, handlers, opts)).toBe(0);
  });

  it('fails a job after its last attempt, keeping the error', async () => {
    await add({ maxAttempts: 2 });
    const down: JobHandler = async () => { throw new Error('kavenegar 502'); };
    await workOnce(db, { test: down });
    await timePasses();
    await workOnce(db, { test: down });
    const [job] = await allJobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 2, lastError: 'kavenegar 502' });
    await timePasses();
    expect(await workOnce(db, { test: down })).toBe(0);
  });

  it('fails a job of a kind nobody handles', async () => {
    await add({ kind: 'nobody', maxAttempts: 1 });
    await workOnce(db, {});
    expect((await allJobs())[0]).toMatchObject({ status: 'failed', lastError: 'no handler for job kind nobody' });
  });

  it('enqueues once per dedupe key', async () => {
    expect(await add({ dedupeKey: 'sms:order:1:shipped' })).toBe(true);
    expect(await add({ dedupeKey: 'sms:order:1:shipped' })).toBe(false);
    expect(await add({ dedupeKey: 'sms:order:1:delivered' })).toBe(true);
    expect(await allJobs()).toHaveLength(2);
  });

  it('leaves no job when the enqueuing transaction rolls back', async () => {
    await expect(db.transaction(async (tx) => {
      await enqueue(tx, { kind: 'test', payload: {}, dedupeKey: 'rolled-back' });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await allJobs()).toHaveLength(0);
  });

  it('claims again a job left running by a dead process, and fails it when it has no attempt left', async () => {
    await add({ maxAttempts: 3 });
    await add({ maxAttempts: 1 });
    const claimed = await claim(db); // the process dies before finishing either
    expect(claimed.map((j) => j.status)).toEqual(['running', 'running']);
    const ran: number[] = [];
    const handlers = { test: async (_: unknown, j: { id: number }) => { ran.push(j.id); } };
    expect(await workOnce(db, handlers)).toBe(0); // still locked recently

    await db.update(jobs).set({ lockedAt: sql`now() - interval '10 minutes'` });
    expect(await workOnce(db, handlers)).toBe(1);
    expect(ran).toEqual([claimed[0]!.id]);
    expect(await rowOf(claimed[0]!.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await rowOf(claimed[1]!.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'stopped while running' });
  });

  it('deletes sent jobs after a month, and keeps failed and recent ones', async () => {
    for (const key of ['old-done', 'new-done', 'old-failed']) await add({ dedupeKey: key });
    await db.update(jobs).set({ status: 'done', finishedAt: sql`now() - interval '31 days'` }).where(eq(jobs.dedupeKey, 'old-done'));
    await db.update(jobs).set({ status: 'done', finishedAt: sql`now() - interval '29 days'` }).where(eq(jobs.dedupeKey, 'new-done'));
    await db.update(jobs).set({ status: 'failed', finishedAt: sql`now() - interval '90 days'` }).where(eq(jobs.dedupeKey, 'old-failed'));
    expect(await pruneDone(db)).toBe(1);
    expect((await allJobs()).map((j) => j.dedupeKey)).toEqual(['new-done', 'old-failed']);
  });

  it('doubles the backoff per attempt, up to an hour', () => {
    expect([1, 2, 3, 4].map((a) => backoffOf(a, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffOf(30, 30_000)).toBe(3_600_000);
  });
});

describe('the worker', () => {
  it('runs a job as soon as its transaction commits in this process', async () => {
    const done: unknown[] = [];
    const worker = startWorker(db, { test: async (p) => { done.push(p); } }, { error: () => {} }, { pollMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 50)); // the first poll has found nothing
      const started = Date.now();
      await write({ db }, (tx) => enqueue(tx, { kind: 'test', payload: { hello: 'سلام' } }), {});
      while (!done.length && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(done).toEqual([{ hello: 'سلام' }]);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await worker.stop();
    }
    expect((await allJobs())[0]!.status).toBe('done');
  });
});

describe('two workers', () => {
  it(`run each of many jobs exactly once (${DB_KIND})`, async () => {
    const N = 300;
    await db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) await enqueue(tx, { kind: 'test', payload: { i } });
    });
    // On PostgreSQL each worker has its own pool, as two copies of the server would; on PGlite both share the instance.
    const second: Database = DB_KIND === 'postgres' ? await openDatabase({ url: database.url }) : database;
    const runs = new Map<number, number>();
    const handler: JobHandler = async (p) => {
      const { i } = p as { i: number };
      runs.set(i, (runs.get(i) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.random() * 3));
    };
    const drain = async (on: Db) => {
      let claimed = 0;
      for (let n; (n = await workOnce(on, { test: handler }, { batch: 7 })) > 0;) claimed += n;
      return claimed;
    };
    try {
      const counts = await Promise.all([drain(db), drain(second.db), drain(db), drain(second.db)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(N);
      if (DB_KIND === 'postgres') expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
      if (DB_KIND === 'postgres') expect(counts[1]! + counts[3]!).toBeGreaterThan(0);
    } finally {
      if (second !== database) await second.close();
    }
    expect(runs.size).toBe(N);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const statuses = await db.select({ status: jobs.status, n: sql<number>`count(*)::int` }).from(jobs).groupBy(jobs.status);
    expect(statuses).toEqual([{ status: 'done', n: N }]);
  });
});
