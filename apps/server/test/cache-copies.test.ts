import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { ReadCache } from '../src/lib/cache.js';
import { ADMIN, bearer, buildTestApp, DB_KIND, freshDatabase, login, twoCopies } from './helpers.js';

/** Two copies of the server on one PostgreSQL: a write on one is visible on the very next read of the other. */
describe.runIf(DB_KIND === 'postgres')('read cache across server copies', () => {
  let a: App;
  let b: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    let copies: [App, App];
    ({ copies, close } = await twoCopies());
    [a, b] = copies;
  });
  afterAll(async () => {
    await close?.();
  });

  it('sees a brand created on the other copy right away', async () => {
    const before = await b.inject({ method: 'GET', url: '/api/Brand/GetAll' });
    expect(before.json().data).toEqual([]);
    const token = await login(a, ADMIN.username, ADMIN.password);
    const created = await a.inject({ method: 'POST', url: '/api/Brand/Create', payload: { title: 'برند تازه' }, headers: bearer(token) });
    expect(created.statusCode).toBe(200);
    // No waiting: the write's response is sent after the cache generation moved, and B checks it before answering.
    const titles = (await b.inject({ method: 'GET', url: '/api/Brand/GetAll' })).json().data.map((x: { title: string }) => x.title);
    expect(titles).toEqual(['برند تازه']);
  });
});

describe('ReadCache generation check', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => { database = await freshDatabase(); });
  afterAll(async () => { await database?.drop(); });

  /** The cache over this database, counting its queries; `holdNext()` keeps the next query's answer back after it has run. */
  function counted() {
    const state = { queries: 0 };
    let held: { ran: () => void; gate: Promise<void> } | undefined;
    const db = {
      execute: async (q: unknown) => {
        state.queries++;
        const mine = held;
        held = undefined;
        const res = await (database.db.execute as (q: unknown) => Promise<unknown>)(q);
        mine?.ran();
        await mine?.gate;
        return res;
      },
    };
    const holdNext = () => {
      let open!: () => void;
      let ran!: () => void;
      const hasRun = new Promise<void>((r) => { ran = r; });
      held = { ran, gate: new Promise<void>((r) => { open = r; }) };
      return { hasRun, open };
    };
    return { cache: new ReadCache({ ...database, db: db as never }), state, holdNext };
  }

  it.runIf(DB_KIND === 'pglite')('asks PGlite nothing (one process owns the folder)', async () => {
    const { cache, state } = counted();
    expect(await cache.getOrLoad('k', async () => 1)).toBe(1);
    expect(await cache.getOrLoad('k', async () => 2)).toBe(1);
    await cache.invalidate();
    expect(await cache.getOrLoad('k', async () => 3)).toBe(3);
    expect(state.queries).toBe(0);
  });

  it.runIf(DB_KIND === 'postgres')('never answers from a generation query that started before the call', async () => {
    const { cache, holdNext } = counted();
    const other = counted().cache; // another copy
    expect(await cache.getOrLoad('k', async () => 'old')).toBe('old');
    // A generation query reads the counter, then its answer is held back while another copy writes.
    const held = holdNext();
    const early = cache.getOrLoad('k', async () => 'early');
    await held.hasRun;
    await other.invalidate();
    const late = cache.getOrLoad('k', async () => 'new');
    held.open();
    expect(await early).toBe('old'); // its query read the counter before the write
    expect(await late).toBe('new'); // began after the write was acknowledged: must not reuse the held query
  });

  it.runIf(DB_KIND === 'postgres')('a request began after a write: it never takes a query sent before it, even one still in flight', async () => {
    const { cache, holdNext } = counted();
    const other = counted().cache;
    expect(await cache.getOrLoad('k', async () => 'old')).toBe('old');
    const held = holdNext();
    const early = cache.asOneRequest(() => cache.getOrLoad('k', async () => 'early'));
    await held.hasRun;
    await other.invalidate(); // another copy's write, acknowledged before the next request arrives
    const late = cache.asOneRequest(() => cache.getOrLoad('k', async () => 'new'));
    held.open();
    expect(await early).toBe('old');
    expect(await late).toBe('new');
  });

  it.runIf(DB_KIND === 'postgres')('one query for all the values a request reads; one per read outside a request', async () => {
    const { cache, state } = counted();
    const readAll = async () => {
      for (const k of ['a', 'b', 'c', 'a']) await cache.getOrLoad(k, async () => k);
    };
    await readAll();
    state.queries = 0;
    await cache.asOneRequest(readAll);
    expect(state.queries).toBe(1);
    // Background work (the pages built ahead, jobs) has no request: each read waits for a query sent after its call.
    state.queries = 0;
    await readAll();
    expect(state.queries).toBe(4);
  });

  it.runIf(DB_KIND === 'postgres')('the HTTP server runs each request as one: a handler reading three values waits for one query', async () => {
    const t = await buildTestApp();
    try {
      const { cache } = t.app.services;
      t.app.get('/api/Test/ThreeValues', { config: { access: 'public' } }, async () => {
        for (const k of ['x', 'y', 'z']) await cache.getOrLoad(k, async () => k);
        return 'ok';
      });
      let queries = 0;
      const execute = t.db.execute.bind(t.db);
      t.db.execute = ((q: Parameters<typeof execute>[0]) => { queries++; return execute(q); }) as typeof t.db.execute;
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const get = async () => {
        const res = await fetch(`${base}/api/Test/ThreeValues`);
        expect(res.status).toBe(200);
      };
      await get(); // the values loaded
      queries = 0;
      await get();
      expect(queries).toBe(1);
      queries = 0;
      expect((await t.app.inject({ method: 'GET', url: '/api/Test/ThreeValues' })).statusCode).toBe(200); // not over HTTP
      expect(queries).toBe(3);
    } finally {
      await t.close();
    }
  });

  it.runIf(DB_KIND === 'postgres')('shares one query among calls that arrive together', async () => {
    const { cache, state } = counted();
    await cache.getOrLoad('k', async () => 1);
    state.queries = 0;
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.getOrLoad('k', async () => 2)));
    expect(values).toEqual(Array(50).fill(1));
    expect(state.queries).toBeLessThanOrEqual(2); // the one in flight and the one queued behind it
  });

  it('does not keep what a load read before an invalidation', async () => {
    const { cache } = counted();
    let finish!: (v: string) => void;
    let loading!: () => void;
    const started = new Promise<void>((r) => { loading = r; });
    const slow = cache.getOrLoad('k', () => new Promise<string>((r) => { finish = r; loading(); }));
    await started;
    await cache.invalidate();
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.getOrLoad('k', async () => 'after')).toBe('after');
  });

  it('holds at most its entries and its bytes of serialised answers, least recently used out first', async () => {
    const cache = new ReadCache(database, 4, 10_000);
    const kb = (n: number) => Buffer.alloc(n * 1000);
    const loads: string[] = [];
    const get = (key: string, value: unknown) => cache.getOrLoad(key, async () => { loads.push(key); return value; });
    /** A serialised answer asked for twice: kept from its second load on. */
    const twice = async (key: string, value: Buffer) => { await get(key, value); await get(key, value); };
    await get('tree', { categories: [] }); // not a Buffer: counts as an entry, not as bytes, kept at once
    await twice('a', kb(4));
    await twice('b', kb(4));
    await get('tree', null); // a hit: now the most recently used
    await twice('c', kb(4)); // 12 KB > 10 KB: «a», the oldest, goes
    expect(loads).toEqual(['tree', 'a', 'a', 'b', 'b', 'c', 'c']);
    loads.length = 0;
    await get('b', null);
    await get('tree', null);
    await get('a', kb(4)); // «b» and the tree were kept, «a» was not; now 12 KB again: «c» goes
    expect(loads).toEqual(['a']);
    await get('d', null);
    await get('e', null); // five entries > 4: the least recently used («b») goes
    await get('tree', null);
    await get('b', kb(1));
    await get('c', kb(1));
    expect(loads.slice(1)).toEqual(['d', 'e', 'b', 'c']);
    // One answer larger than the whole budget is still kept (alone), so the next read of it is a hit.
    await twice('huge', kb(20));
    await get('huge', null);
    expect(loads.filter((k) => k === 'huge')).toHaveLength(2);
  });

  it('keeps a serialised answer from its second load on: a crawl of answers asked for once holds no bytes', async () => {
    const cache = new ReadCache(database, 2000, 10_000);
    const loads: string[] = [];
    const get = (key: string) => cache.getOrLoad(key, async () => { loads.push(key); return Buffer.from(`answer ${key}`); });
    for (let i = 0; i < 100; i++) await get(`listing ${i}`);
    await get('listing 7'); // the second load of one of them: kept
    await get('listing 7');
    await get('listing 8');
    expect(loads.filter((k) => k === 'listing 7')).toHaveLength(2);
    expect(loads.filter((k) => k === 'listing 8')).toHaveLength(2);
    expect((await get('listing 7')).toString()).toBe('answer listing 7');
    expect(loads.filter((k) => k === 'listing 7')).toHaveLength(2);
    // A write forgets what was seen with what was kept: the next load is a first one again.
    await cache.invalidate();
    await get('listing 7');
    await get('listing 7');
    expect(loads.filter((k) => k === 'listing 7')).toHaveLength(4);
  });
});
