import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, rowsOf, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/paths.js';
import { categories, products } from '../src/db/schema/index.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { DB_KIND } from './helpers.js';
import { withDatabase } from './global-setup.js';

const ROUNDS = 5;
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

/** Two copies starting at once on an empty PostgreSQL database (issue 9, item 6). */
describe.runIf(DB_KIND === 'postgres')('two copies starting at once on an empty PostgreSQL database', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const created: string[] = [];
  const opened: Database[] = [];
  const dirs: string[] = [];

  async function emptyDatabase(): Promise<string> {
    const name = `sorkhab_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    created.push(name);
    return withDatabase(url, name);
  }
  const open = async (dbUrl: string) => {
    const database = await openDatabase({ url: dbUrl });
    opened.push(database);
    return database;
  };

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it(`both run their migrations (${ROUNDS} rounds): the second waits, then finds them applied`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dbUrl = await emptyDatabase();
      const [a, b] = await Promise.all([open(dbUrl), open(dbUrl)]);
      const results = await Promise.allSettled([runMigrations(a), runMigrations(b)]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const applied = await a.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rowsOf<{ n: number }>(applied)[0]!.n).toBe(journal.entries.length);
    }
  }, 60_000);

  it('both start (migrations in buildApp) and both run the demo seed: the shop is seeded once', async () => {
    const dbUrl = await emptyDatabase();
    const make = async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-start-'));
      dirs.push(dir);
      return buildApp(testConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'admin-pass-123' }), { database: await open(dbUrl) });
    };
    const apps: App[] = await Promise.all([make(), make()]);
    try {
      const seeded = await Promise.all(apps.map((app) => seedDemoIfEmpty(app)));
      expect(seeded.filter((s) => s !== null)).toHaveLength(1);
      const db = apps[0]!.services.database.db;
      const [p] = await db.select({ n: count() }).from(products);
      const [c] = await db.select({ n: count() }).from(categories);
      const counts = seeded.find((s) => s !== null)!;
      expect([Number(p!.n), Number(c!.n)]).toEqual([counts.products, counts.categories]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 180_000);
});
