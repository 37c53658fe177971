import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KIND, freshDatabase } from '../../test/helpers.js';
import { rowsOf } from './client.js';
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

/** A shop upgraded from the build before migration 0019 (`products.price_varies`, kept by a trigger). */
describe(`migration 0019 on an older shop (${DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => { database = await freshDatabase(); });
  afterAll(async () => { await database?.drop(); });

  it('marks the products that already sold a combination at a price of its own, and keeps the mark from then on', async () => {
    const { db } = database;
    const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
    // The database as the build before left it: no column, no trigger, 0019 not recorded.
    await db.execute(sql`drop function variant_price_changed() cascade`);
    await db.execute(sql`alter table products drop column price_varies`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const [category] = await rows<{ id: number }>(sql`insert into categories (title) values ('عطر') returning id`);
    const [two, one] = await rows<{ id: number }>(sql`insert into products (title, alias, price, off_price, category_id)
      values ('عطر دو حجمی', 'two', 100, 100, ${category!.id}), ('عطر تک حجمی', 'one', 100, 100, ${category!.id}) returning id`);
    await db.execute(sql`insert into product_variants (product_id, options, label, price, stock) values
      (${two!.id}, '["۵۰"]', '۵۰', null, 1), (${two!.id}, '["۱۰۰"]', '۱۰۰', 180, 1), (${one!.id}, '[]', '', null, 1)`);

    await runMigrations(database);
    const varies = async () => (await rows<{ id: number; price_varies: boolean }>(sql`select id, price_varies from products order by id`))
      .map((r) => [r.id, r.price_varies]);
    expect(await varies()).toEqual([[two!.id, true], [one!.id, false]]);
    await db.execute(sql`update product_variants set price = 150 where product_id = ${one!.id}`);
    await db.execute(sql`update product_variants set price = null where product_id = ${two!.id}`);
    expect(await varies()).toEqual([[two!.id, false], [one!.id, true]]);
  });
});
