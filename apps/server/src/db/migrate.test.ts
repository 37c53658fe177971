import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, freshDatabase } from '../../test/helpers.js';
import { runMigrations } from './migrate.js';
import { dataSteps } from './schema/index.js';

/** Data steps after migrations (db/migrate.ts) run once per database, not at every start. */
describe(`data steps (${DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => { database = await freshDatabase(); });
  afterAll(async () => { await database?.drop(); });

  it('runs each step once, in order, and records it; a step that failed runs again at the next start', async () => {
    const ran: string[] = [];
    let fail = true;
    const steps = [
      { name: 'test-first', run: async () => { ran.push('first'); } },
      { name: 'test-flaky', run: async () => { ran.push('flaky'); if (fail) throw new Error('cut short'); } },
    ];
    await expect(runMigrations(database, steps)).rejects.toThrow('cut short');
    fail = false;
    await runMigrations(database, steps);
    await runMigrations(database, steps);
    expect(ran).toEqual(['first', 'flaky', 'flaky']);
    expect((await database.db.select().from(dataSteps)).map((r) => r.name).sort()).toEqual(['test-first', 'test-flaky']);
  });
});
