import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { jobs } from '../src/db/schema/index.js';
import type { SmsProvider } from '../src/modules/customers/sms.js';
import { enqueue } from '../src/modules/jobs/queue.js';
import { SMS_JOB } from '../src/modules/jobs/sms-job.js';
import { DB_KIND, twoCopies } from './helpers.js';

/** Two copies of the server on one PostgreSQL, each running its job worker: every message is sent by exactly one. */
describe.runIf(DB_KIND === 'postgres')('the job queue across server copies', () => {
  let copies: [App, App];
  let close: () => Promise<void>;
  const sent: { copy: number; text: string }[] = [];
  const provider = (copy: number): SmsProvider => ({
    name: `copy-${copy}`,
    sendCode: async () => {},
    async send(_to, text) {
      await new Promise((r) => setTimeout(r, 2));
      sent.push({ copy, text });
    },
  });

  beforeAll(async () => {
    ({ copies, close } = await twoCopies({}, (copy) => ({ sms: provider(copy), jobWorker: { pollMs: 10, batch: 3 } })));
  });
  afterAll(async () => { await close?.(); });

  it('sends each of 300 messages once, shared between the copies', async () => {
    const N = 300;
    const db = copies[0].services.database.db;
    await db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) await enqueue(tx, { kind: SMS_JOB, payload: { to: '989121234567', text: `پیام ${i}` } });
    });
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(sql`${jobs.status} <> 'done'`) as [{ n: number }];
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(sent).toHaveLength(N);
    expect(new Set(sent.map((s) => s.text)).size).toBe(N);
    expect(sent.some((s) => s.copy === 0)).toBe(true);
    expect(sent.some((s) => s.copy === 1)).toBe(true);
  });
});
