import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.js';

/**
 * In-process cache of catalogue reads (JSON bodies, indexes, the storefront's HTML pages).
 * Rule: a write is visible to the very next read on every copy of the server.
 *
 * - PGlite: one process owns the database (the folder is locked), so the writer's own
 *   invalidate() clearing the map is enough; reads never ask the database anything.
 * - PostgreSQL (N copies): the table `cache_generation` holds one counter. invalidate() runs
 *   after the write has committed and bumps it (`v = v + 1`) before the write's response is sent.
 *   Before answering from memory, getOrLoad makes sure the counter was read by a query that
 *   STARTED after the request began (`asOneRequest`; outside a request, after the call); if it
 *   moved past the generation this copy's entries were loaded under, the map is dropped. So a
 *   read that arrives after a write's response on any copy sees the bump and reloads. Concurrent
 *   reads share one query: a caller joins the query in flight when it was sent after its request
 *   began, else the one queued behind it, so at most one query runs and one waits, however many
 *   requests arrive — and a page whose loaders read many cached values waits for one query, not
 *   one per value (docs/decisions/004-read-cache-generation.md).
 * - A load stores its result only if nothing cleared the map while it ran (local `epoch`), so a
 *   read that began before a write never caches what it read.
 *
 * NOTIFY used to carry invalidations between copies; it arrived asynchronously (a read right
 * after a write on another copy could be stale), and the counter makes it redundant, so it is gone.
 */
const sizeOf = (value: unknown) => (Buffer.isBuffer(value) ? value.length : 0);
const ignore = () => {};

/** Generation queries (reads and bumps) sent by this process so far: each is numbered in the order it was sent. */
let sent = 0;
/** The number of generation queries sent before the current request began. */
const requestScope = new AsyncLocalStorage<number>();

/**
 * Keys seen once, remembered so that a second request keeps what it loads (the read cache's serialised answers below,
 * web.ts's pages): each key's 32-bit hash (FNV-1a) in a slot of its own, taken by its low bits; a later key whose hash
 * falls in the same slot forgets it. A key taken for seen wrongly (another key of the same hash) only has its answer
 * kept from its first load; the table holds no key and allocates nothing after it is made: 256 KB whatever the keys. It replaced LRUs of the
 * keys themselves (10,000 strings each, of 100–400 bytes: a page's or a query's URL; under the cold mix every page added
 * three, kept ≈ 8 s): measured under a shopper's cold searches at 100,000 products, the serving thread's heap after a
 * full collection 63.9 → 62.1 MB and the peak RSS 349 → 340 MB, the CPU a page the same (docs/benchmarks.md,
 * thirty-second session).
 */
export class SeenKeys {
  private readonly slots: Int32Array;
  /** 2^`bits` slots (4 bytes each): 65,536 by default, ≈ 6.5 times the keys the LRUs held. */
  constructor(bits = 16) {
    this.slots = new Int32Array(1 << bits);
  }

  has(key: string): boolean {
    const hash = keyHash(key);
    return this.slots[hash & (this.slots.length - 1)] === hash;
  }

  add(key: string): void {
    const hash = keyHash(key);
    this.slots[hash & (this.slots.length - 1)] = hash;
  }

  clear(): void {
    this.slots.fill(0);
  }
}

/** FNV-1a over a string's UTF-16 code units; never 0 (an empty slot). */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h | 0) || 1; // as an Int32Array holds it (the empty key keeps the offset basis, above 2^31)
}

export class ReadCache {
  private map = new Map<string, unknown>();
  /** Bumped at every clear; a load stores only under the epoch it started in. */
  private epoch = 0;
  /** The database generation this copy's entries were loaded under (-1: none yet). */
  private loadedGen = -1;
  /** The highest number (`sent`) of a generation query whose answer has been applied. */
  private applied = 0;
  /** The generation read in flight, and the one queued behind it. */
  private running?: { n: number; done: Promise<void> };
  private queued?: Promise<void>;
  private readonly max: number;
  private readonly shared: boolean;
  /** Bytes of the Buffer entries (the API's serialised answers): what a crawl of distinct URLs fills. */
  private bytes = 0;
  /**
   * Serialised answers are kept from their second load on (as the HTML pages are, decision 010): a crawl of distinct
   * listings and searches, each asked for once, passes by without filling the cache's bytes with answers nobody asks
   * for again (docs/decisions/031-memory-under-the-cold-mix.md). Other entries (indexes, maps) are kept at once.
   */
  private readonly seen = new SeenKeys();

  /**
   * At most `max` entries and `maxBytes` of serialised answers, least recently used out first. Measured at 100,000
   * products: 2,000 listing and facet answers held ≈ 40 MB, which took the server's RSS past 400 MB under the cold mix.
   */
  constructor(private readonly database: Database, max = 2000, private readonly maxBytes = 12 * 1024 * 1024) {
    this.max = max;
    this.shared = database.kind === 'postgres';
  }

  private clearLocal() {
    this.epoch++;
    this.map.clear();
    this.seen.clear();
    this.bytes = 0;
  }

  /**
   * Runs `handle` as one request arriving now (the HTTP server wraps each request in it, app.ts; so is each product
   * page built ahead, web.ts): the checks inside it — its page's loaders, their in-process API calls — take any
   * generation query sent after this moment, so one query serves them all. Outside a request each check waits for a
   * query sent after its own call. On PGlite, whose reads ask nothing, it only runs `handle` (an AsyncLocalStorage in
   * use costs every promise a hook on Node 20, ≈ 90 ns each).
   */
  asOneRequest<T>(handle: () => T): T {
    return this.shared ? requestScope.run(sent, handle) : handle();
  }

  /**
   * Takes a generation the `n`-th query read from the database; generations only grow, an older answer changes
   * nothing.
   */
  private observe(gen: number, n: number) {
    if (gen > this.loadedGen) {
      this.clearLocal();
      this.loadedGen = gen;
    }
    this.applied = Math.max(this.applied, n);
  }

  /** Sends a generation read now. */
  private read(): Promise<void> {
    const n = ++sent;
    const done = this.database.db.execute(sql`select v from cache_generation where id = 1`).then((res) => {
      const row = rowsOf<{ v: string | number }>(res)[0];
      this.observe(row ? Number(row.v) : 0, n);
    });
    const run = { n, done };
    this.running = run;
    void done.then(ignore, ignore).then(() => {
      if (this.running === run) this.running = undefined;
    });
    return done;
  }

  /** Resolves once a generation query sent after the `since`-th has been applied. */
  private fresh(since: number): Promise<void> {
    const { running } = this;
    if (!running) return this.read();
    if (running.n > since) return running.done;
    return (this.queued ??= running.done.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.read();
    }));
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.shared) {
      const since = requestScope.getStore() ?? sent;
      if (this.applied <= since) await this.fresh(since);
    }
    if (this.map.has(key)) {
      // Least recently used out first: the entries every request reads (the category tree, the brands)
      // stay while a crawl of distinct listings passes through.
      const hit = this.map.get(key);
      this.map.delete(key);
      this.map.set(key, hit);
      return hit as T;
    }
    const epoch = this.epoch;
    const value = await load();
    if (epoch !== this.epoch) return value;
    if (sizeOf(value) > 0 && !this.seen.has(key)) {
      this.seen.add(key);
      return value;
    }
    this.bytes += sizeOf(value) - sizeOf(this.map.get(key));
    this.map.delete(key);
    this.map.set(key, value);
    while ((this.map.size > this.max || this.bytes > this.maxBytes) && this.map.size > 1) {
      const oldest = this.map.keys().next().value!;
      this.bytes -= sizeOf(this.map.get(oldest));
      this.map.delete(oldest);
    }
    return value;
  }

  /** Call after a write has committed (outside its transaction), before answering it. */
  async invalidate(): Promise<void> {
    this.clearLocal();
    if (!this.shared) return;
    const n = ++sent;
    const res = await this.database.db.execute(sql`insert into cache_generation (id, v) values (1, 1)
      on conflict (id) do update set v = cache_generation.v + 1 returning v`);
    // Loads that began before the bump must not store (they may predate another copy's write). The bump read the
    // counter as a generation query sent now would have.
    this.observe(Number(rowsOf<{ v: string | number }>(res)[0]!.v), n);
  }
}
