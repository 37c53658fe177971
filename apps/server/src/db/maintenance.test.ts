import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from './schema/index.js';
import { buildTestApp, DB_KIND, type TestApp } from '../../test/helpers.js';
import { rowsOf } from './client.js';
import { createProduct } from '../../test/factories.js';
import { flushStatistics, maintain, startMaintenance, tablesDue } from './maintenance.js';

/** What the statistics and the visibility map say of the products table (the statistics flushed first, as tablesDue does). */
async function productsTable(t: TestApp) {
  await flushStatistics(t.db);
  const res = await t.db.execute(sql`select s.n_dead_tup::int as dead, (s.last_vacuum is not null) as vacuumed, c.relallvisible::int as visible
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'products' and s.schemaname = current_schema()`);
  return rowsOf<{ dead: number; vacuumed: boolean; visible: number }>(res)[0]!;
}

/** Leaves `n` dead versions of a product's row (each update writes a new one). */
async function churn(t: TestApp, id: number, n: number) {
  for (let i = 0; i < n; i++) await t.db.update(products).set({ soldCount: sql`${products.soldCount} + 1` }).where(eq(products.id, id));
}

// PGlite only: PostgreSQL runs autovacuum itself, and its statistics reach the shared counters from each pooled
// connection up to a second later, which would make the counts below a race.
describe.skipIf(DB_KIND !== 'pglite')('database maintenance on PGlite, by autovacuum\'s rules', () => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp();
    id = (await createProduct(t)).id;
    await maintain(t.db); // what creating the app and the product left due
  }, 60_000);
  afterAll(async () => t?.close());

  it('vacuums a table once its dead rows pass 50 + 20% of its rows, and then no longer finds it due', async () => {
    await churn(t, id, 30);
    expect((await tablesDue(t.db)).map((d) => d.table)).not.toContain('products');
    await churn(t, id, 40);
    const before = await productsTable(t);
    expect(before.dead).toBeGreaterThanOrEqual(70); // and the versions the product's own writing left
    expect(before.vacuumed).toBe(false);
    expect(await tablesDue(t.db)).toContainEqual({ table: 'products', vacuum: true });
    expect(await maintain(t.db)).toContainEqual({ table: 'products', vacuum: true });
    // The dead rows reclaimed, and the visibility map set for index-only scans.
    expect(await productsTable(t)).toMatchObject({ dead: 0, vacuumed: true, visible: 1 });
    expect((await tablesDue(t.db)).map((d) => d.table)).not.toContain('products');
  });

  it('runs on its own, every interval', async () => {
    await churn(t, id, 80);
    expect((await productsTable(t)).dead).toBe(80);
    const maintenance = startMaintenance(t.database, t.app.log, { intervalMs: 50, firstAfterMs: 0 });
    try {
      expect(maintenance).toBeDefined();
      await expect.poll(async () => (await productsTable(t)).dead, { timeout: 20_000, interval: 100 }).toBe(0);
    } finally {
      await maintenance?.stop();
    }
  });
});

describe.skipIf(DB_KIND !== 'postgres')('database maintenance on PostgreSQL', () => {
  it('is not started: autovacuum does it', async () => {
    const t = await buildTestApp();
    try {
      expect(startMaintenance(t.database, t.app.log, { intervalMs: 50, firstAfterMs: 0 })).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
