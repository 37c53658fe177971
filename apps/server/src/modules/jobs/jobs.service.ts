import { desc, eq } from 'drizzle-orm';
import { JOB_STATUS_LABELS, type Job, type JobStatus } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOf, type Paging } from '../../lib/paging.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { requeue, type JobRow } from './queue.js';
import { smsOf } from './sms-job.js';

function toJob(j: JobRow): Job {
  const status = j.status as JobStatus;
  const sms = smsOf(j.kind, j.payload);
  return {
    id: j.id, kind: j.kind, status, statusLabel: JOB_STATUS_LABELS[status] ?? j.status, attempts: j.attempts, maxAttempts: j.maxAttempts,
    runAt: j.runAt.toISOString(), lastError: j.lastError, createdAt: j.createdAt.toISOString(), finishedAt: j.finishedAt?.toISOString() ?? null,
    to: sms?.to ?? null, text: sms?.text ?? null,
  };
}

/** The admin's list: newest first, optionally one status. */
export function listJobs(db: Db, q: Paging & { status?: JobStatus }) {
  const where = q.status ? eq(jobs.status, q.status) : undefined;
  return pageOf(db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).$dynamic(), db.$count(jobs, where), q,
    (rows) => rows.map(toJob));
}

/** The admin's retry of a failed job: queued again with fresh attempts. */
export async function retryJob(ctx: Omit<ServiceContext, 'cache'>, id: number): Promise<Job> {
  const row = await write(ctx, async (tx) => {
    const again = await requeue(tx, id);
    if (again) return again;
    const [existing] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    if (!existing) throw notFound('پیام');
    throw conflict(`فقط پیام ناموفق دوباره فرستاده می‌شود؛ این پیام «${JOB_STATUS_LABELS[existing.status as JobStatus] ?? existing.status}» است`);
  }, { audit: { action: 'job.retry', entity: 'job', id } });
  return toJob(row);
}
