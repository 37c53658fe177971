import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { fromDatabaseError } from '../lib/db-errors.js';
import { openDatabase } from './client.js';
import { acquireLock } from './lock.js';
import { openEarly, openPgliteThread, pgliteDir, takeEarly, type OpenPglite } from './pglite-thread.js';
import * as schema from './schema/index.js';
import { brands } from './schema/index.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-thread-'));
  dirs.push(d);
  return d;
};

let open: OpenPglite;
const db = () => drizzle(open.thread.asClient(), { schema });
beforeAll(async () => {
  // The migrated database every API test starts from, on its thread.
  open = await openPgliteThread({ loadDataDir: inject('pgliteSnapshot') });
});
afterAll(async () => {
  await open.thread.close();
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

describe('PGlite on its own thread (decision 034)', () => {
  it('answers queries with their values as PGlite gives them: text, numbers, json, bytes, arrays, NUL-free Persian', async () => {
    const { rows } = await open.thread.query<Record<string, unknown>>(
      `select $1::text as t, $2::int as i, 9007199254740993::int8 as big, '{"a":[1,"ب"]}'::jsonb as j, '\\x00ff'::bytea as b,
        array[1,2,3] as a, null::text as n, true as yes, '2026-11-30 10:00:00+00'::timestamptz as at`, ['کرم «ضدآفتاب» ۵۰', 42]);
    expect(rows[0]).toMatchObject({ t: 'کرم «ضدآفتاب» ۵۰', i: 42, j: { a: [1, 'ب'] }, a: [1, 2, 3], n: null, yes: true });
    expect(rows[0]!.big).toBe(9007199254740993n);
    expect(Array.from(rows[0]!.b as Uint8Array)).toEqual([0, 255]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    // Drizzle's pass-through parsers reach the thread: a timestamp comes back as PostgreSQL wrote it.
    const [row] = await db().execute<{ at: string }>(sql`select '2026-11-30 10:00:00+00'::timestamptz as at`).then((r) => r.rows);
    expect(typeof row!.at).toBe('string');
    expect(row!.at).toMatch(/^2026-11-30 10:00:00/);
  });

  it('refuses a parser it cannot carry across rather than dropping it', async () => {
    await expect(open.thread.query('select 1::int as x', [], { parsers: { 23: (v: string) => Number(v) * 2 } }))
      .rejects.toThrow(/not a pass-through/);
    await expect(open.thread.query('select 1', [], { blob: new Blob() } as never)).rejects.toThrow(/not supported/);
  });

  it('keeps PostgreSQL\'s error fields, so a constraint violation is still a 409', async () => {
    await db().insert(brands).values({ title: 'برند یکتا' });
    const err = await db().insert(brands).values({ title: 'برند یکتا' }).then(() => undefined, (e: unknown) => e);
    const cause = (err as { cause?: Record<string, unknown> }).cause!;
    expect(cause).toMatchObject({ code: '23505', severity: 'ERROR' });
    expect(cause.constraint).toBe('brands_title_uq');
    expect(String(cause.detail)).toContain('already exists');
    expect(fromDatabaseError(err)).toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(open.thread.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
  });

  it('commits a transaction that resolves, rolls back one that throws (its error rethrown), and savepoints inside', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(brands).values({ title: 'برند الف' });
      await tx.transaction(async (inner) => {
        await inner.insert(brands).values({ title: 'برند ب' });
        inner.rollback();
      }).catch(() => {});
    });
    const boom = new Error('وسط کار');
    await expect(db().transaction(async (tx) => {
      await tx.insert(brands).values({ title: 'برند ج' });
      throw boom;
    })).rejects.toBe(boom);
    const titles = (await db().select({ title: brands.title }).from(brands)).map((b) => b.title);
    expect(titles).toContain('برند الف');
    expect(titles).not.toContain('برند ب');
    expect(titles).not.toContain('برند ج');
  });

  it('a query outside a transaction waits for it: never sees its rows before the commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => { inserted = r; });
    const writer = db().transaction(async (tx) => {
      await tx.insert(brands).values({ title: 'برند نیمه‌کاره' });
      inserted();
      await held;
      await tx.update(brands).set({ alias: 'کامل' }).where(eq(brands.title, 'برند نیمه‌کاره'));
    });
    await didInsert;
    const reader = db().select({ alias: brands.alias }).from(brands).where(eq(brands.title, 'برند نیمه‌کاره'));
    let read: { alias: string }[] | undefined;
    void reader.then((r) => { read = r; });
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBeUndefined(); // behind the open transaction, as in PGlite on the serving thread
    release();
    await writer;
    expect(await reader).toEqual([{ alias: 'کامل' }]);
  });

  it('keeps what was written in its folder across a close and a new open, and refuses a folder another holder has', async () => {
    const dir = pgliteDir(tmp());
    const first = await openDatabase({ dataDir: path.dirname(dir) });
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('مانده')`);
    await expect(openPgliteThread({ dataDir: dir })).rejects.toThrow(/in use/);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'the database is closed' } });
    const again = await openDatabase({ dataDir: path.dirname(dir) });
    expect((await again.db.execute<{ v: string }>(sql`select v from kept`)).rows).toEqual([{ v: 'مانده' }]);
    await again.close();
  });

  it('is opened ahead once (main.ts): the next open of that folder takes it, a second one opens anew', async () => {
    const dataDir = tmp();
    openEarly(pgliteDir(dataDir));
    const opening = takeEarly(pgliteDir(dataDir));
    expect(opening).toBeDefined();
    expect(takeEarly(pgliteDir(dataDir))).toBeUndefined();
    const { thread, release } = await opening!;
    expect((await thread.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
    await thread.close();
    await release();
    // A failed opening ahead (the folder held) is the error of whoever takes it.
    const held = await acquireLock(pgliteDir(dataDir));
    openEarly(pgliteDir(dataDir));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use/);
    await held();
  });

  it('a thread that stops fails what waits on it and what comes after, with an error', async () => {
    const mine = await openPgliteThread({});
    const pending = mine.thread.query('select pg_sleep(0.2)');
    await (mine.thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(pending).rejects.toThrow(/database thread stopped/);
    await expect(mine.thread.query('select 1')).rejects.toThrow(/database thread stopped/);
    await mine.thread.close(); // closing a stopped thread is a no-op
  });

  it('keeps a script running while it waits on the thread, closing included, and not once nothing waits on it', () => {
    // A script whose last step is the database's close (the process has nothing else to wait for: Node ends a script
    // whose top-level await is left waiting with exit code 13), then one that forgets to close a second database.
    const dir = tmp();
    const script = path.join(dir, 'forget.mts');
    fs.writeFileSync(script, `import { openPgliteThread } from ${JSON.stringify(path.join(HERE, 'pglite-thread.ts'))};
const first = await openPgliteThread({});
await first.thread.query('create table t (v int)');
await first.thread.close();
process.stdout.write('closed ');
const { thread } = await openPgliteThread({});
const { rows } = await thread.query('select 41 + 1 as x');
process.stdout.write(String(rows[0].x));
`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('closed 42');
    expect(run.status).toBe(0); // not killed by the timeout (status null)
  });
});
