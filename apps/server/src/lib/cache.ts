import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';
import { coalesce } from './coalesce.js';

/**
 * In-process cache of catalogue reads (JSON bodies, indexes, the storefront's HTML pages).
 * Rule: a write is visible to the very next read on every copy of the server.
 *
 * - PGlite: one process owns the database (the folder is locked), so the writer's own
 *   invalidate() clearing the map is enough; reads never ask the database anything.
 * - PostgreSQL (N copies): the table `cache_generation` holds one counter. invalidate() runs
 *   after the write has committed and bumps it (`v = v + 1`) before the write's response is sent.
 *   Before answering from memory, getOrLoad reads the counter with a query that STARTED after
 *   the call began; if it moved past the generation this copy's entries were loaded under,
 *   the map is dropped. So a read that arrives after a write's response on any copy sees the
 *   bump and reloads. Concurrent reads share one query: a caller joins the query that is
 *   queued (not yet started), never one already in flight, so at most one query runs and one
 *   waits, however many requests arrive.
 * - A load stores its result only if nothing cleared the map while it ran (local `epoch`), so a
 *   read that began before a write never caches what it read.
 *
 * NOTIFY used to carry invalidations between copies; it arrived asynchronously (a read right
 * after a write on another copy could be stale), and the counter makes it redundant, so it is gone.
 */
const sizeOf = (value: unknown) => (Buffer.isBuffer(value) ? value.length : 0);

/** Keys of serialised answers loaded once, remembered (keys only) so that the second load keeps its answer. */
const SEEN_KEPT = 10_000;

export class ReadCache {
  private map = new Map<string, unknown>();
  /** Bumped at every clear; a load stores only under the epoch it started in. */
  private epoch = 0;
  /** The database generation this copy's entries were loaded under (-1: none yet). */
  private loadedGen = -1;
  private readonly max: number;
  private readonly shared: boolean;
  /** Bytes of the Buffer entries (the API's serialised answers): what a crawl of distinct URLs fills. */
  private bytes = 0;
  /**
   * Serialised answers are kept from their second load on (as the HTML pages are, decision 010): a crawl of distinct
   * listings and searches, each asked for once, passes by without filling the cache's bytes with answers nobody asks
   * for again (docs/decisions/031-memory-under-the-cold-mix.md). Other entries (indexes, maps) are kept at once.
   */
  private readonly seen = new LRUCache<string, true>({ max: SEEN_KEPT });

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

  /** Takes a generation read from the database; generations only grow, an older answer changes nothing. */
  private observe(gen: number) {
    if (gen > this.loadedGen) {
      this.clearLocal();
      this.loadedGen = gen;
    }
  }

  /** Resolves after a generation query that started after this call has been applied. */
  private readonly fresh = coalesce(async () => {
    const res = await this.database.db.execute(sql`select v from cache_generation where id = 1`);
    const row = (res as unknown as { rows: { v: string | number }[] }).rows[0];
    this.observe(row ? Number(row.v) : 0);
  });

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.shared) await this.fresh();
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
      this.seen.set(key, true);
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
    const res = await this.database.db.execute(sql`insert into cache_generation (id, v) values (1, 1)
      on conflict (id) do update set v = cache_generation.v + 1 returning v`);
    // Loads that began before the bump must not store (they may predate another copy's write).
    this.observe(Number((res as unknown as { rows: { v: string | number }[] }).rows[0]!.v));
  }
}
