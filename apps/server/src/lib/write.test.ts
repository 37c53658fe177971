import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { auditLog, brands } from '../db/schema/index.js';
import type { ReadCache } from './cache.js';
import { write } from './write.js';

describe('write(): one transaction, its audit entry, then the cache', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t.close(); });

  /** A cache whose invalidate() reports what a fresh connection sees at that moment. */
  function spyCache(action: string) {
    const seen: number[] = [];
    const cache = { invalidate: async () => {
      seen.push((await t.db.select().from(auditLog).where(eq(auditLog.action, action))).length);
    } } as unknown as ReadCache;
    return { cache, seen };
  }

  it('records the entry with the result and invalidates after the commit', async () => {
    const { cache, seen } = spyCache('test.write-ok');
    const row = await write({ db: t.db, cache }, async (tx) => {
      const [b] = await tx.insert(brands).values({ title: 'write-helper-ok', alias: '' }).returning();
      return b!;
    }, { invalidates: true, audit: (b) => ({ action: 'test.write-ok', entity: 'brand', id: b.id, data: { title: b.title } }) });
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.write-ok'));
    expect(logged).toMatchObject([{ entity: 'brand', entityId: row.id, data: { title: 'write-helper-ok' } }]);
    expect(seen).toEqual([1]);
  });

  it('a failed write logs nothing, keeps nothing and leaves the cache alone', async () => {
    const { cache, seen } = spyCache('test.write-fail');
    await expect(write({ db: t.db, cache }, async (tx) => {
      await tx.insert(brands).values({ title: 'write-helper-fail', alias: '' });
      throw new Error('boom');
    }, { invalidates: true, audit: { action: 'test.write-fail', entity: 'brand' } })).rejects.toThrow('boom');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.write-fail'))).toEqual([]);
    expect(await t.db.select().from(brands).where(eq(brands.title, 'write-helper-fail'))).toEqual([]);
    expect(seen).toEqual([]);
  });
});
