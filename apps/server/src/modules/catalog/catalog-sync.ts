/**
 * Keeps a copy's in-memory catalogue (catalog-index.ts) equal to the database, product by product
 * (decision 015). Triggers record in `product_changes` the transaction id of every change to a
 * product, its variants or its gallery (product 0: a category or brand). After any write the read
 * cache is cleared (decision 004: on this copy at once, on the others by the generation counter), and
 * the next read applies the rows whose transaction this copy has not seen: every change not visible
 * in the snapshot of the previous read has an xid ≥ that snapshot's xmin, so reading `xid >= xmin`
 * misses nothing, whatever order concurrent transactions commit in.
 *
 * It also keeps the product pages' bodies (Product/ById), bounded by bytes and dropped per product as
 * the log says.
 */
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { coalesce } from '../../lib/coalesce.js';
import { CatalogIndex, type CatalogRow } from './catalog-index.js';
import { PageStore } from './page-store.js';
import { onStorefront } from './visible.js';

/** Rows per query of the first load: PGlite keeps a result's memory, so no query reads them all. */
const LOAD_CHUNK = 2_000;
/** Products per block: a product page is loaded with the pages of the ids beside it. */
export const PRODUCT_BLOCK = 64;

const catalogColumns = {
  id: products.id, title: products.title, alias: products.alias, imageUri: products.imageUri, tags: products.tags,
  price: products.price, offPrice: products.offPrice, offPersent: products.offPersent, hasOff: products.hasOff, rate: products.rate,
  brandId: products.brandId, categoryId: products.categoryId, stock: products.stock, soldCount: products.soldCount,
  createdAt: products.createdAt, searchText: products.searchText, isDeleted: products.isDeleted, isDraft: products.isDraft,
};

type Loaded = Omit<CatalogRow, 'createdAt'> & { createdAt: Date; isDeleted: boolean; isDraft: boolean };
const toRow = (r: Loaded): CatalogRow => ({ ...r, createdAt: r.createdAt.getTime() });

export class CatalogSync {
  readonly index = new CatalogIndex();
  /** The snapshot xmin of the last read of the log (undefined: nothing loaded yet). */
  private xmin: string | undefined;
  /** The product pages, opened with the first one asked for. */
  private pages: PageStore | undefined;
  private get bodies() {
    return (this.pages ??= new PageStore());
  }
  /** Bumped whenever bodies are dropped: a load that began before stores nothing. */
  private bodyEpoch = 0;
  private readonly loading = new Map<number, { epoch: number; bodies: Promise<Map<number, Buffer>> }>();

  constructor(private readonly db: Db) {}

  private async snapshotXmin(): Promise<string> {
    const res = await this.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`);
    return (res as unknown as { rows: { x: string }[] }).rows[0]!.x;
  }

  private async loadAll() {
    const xmin = await this.snapshotXmin();
    const loader = this.index.loader();
    for (let after = 0; ;) {
      const rows = await this.db.select(catalogColumns).from(products).where(and(gt(products.id, after), onStorefront))
        .orderBy(asc(products.id)).limit(LOAD_CHUNK);
      for (const r of rows) loader.add(toRow(r));
      if (rows.length < LOAD_CHUNK) break;
      after = rows.at(-1)!.id;
    }
    loader.finish();
    this.xmin = xmin;
  }

  /** Applies the changes logged since the last read (the first call loads everything). */
  readonly sync = coalesce(async () => {
    if (this.xmin === undefined) await this.loadAll();
    const res = await this.db.execute(sql`with s as (select pg_snapshot_xmin(pg_current_snapshot())::text as x)
      select s.x, c.product_id as id from s left join product_changes c on c.xid >= ${this.xmin}::xid8`);
    const log = (res as unknown as { rows: { x: string; id: number | null }[] }).rows;
    const ids = log.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
    if (ids.length) this.bodyEpoch++;
    if (ids.includes(0)) this.pages?.clear();
    const changed = ids.filter((id) => id > 0);
    for (let i = 0; i < changed.length; i += LOAD_CHUNK) {
      const part = changed.slice(i, i + LOAD_CHUNK);
      const rows = await this.db.select(catalogColumns).from(products).where(inArray(products.id, part));
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of part) {
        const row = found.get(id);
        if (row && !row.isDeleted && !row.isDraft) this.index.upsert(toRow(row));
        else this.index.remove(id);
        this.pages?.delete(id);
      }
    }
    this.xmin = log[0]!.x;
  });

  /**
   * A product page's body: kept, or loaded with the other pages of its block (`load` answers a block's
   * products; requests for the same block while it loads share the load).
   */
  async body(id: number, load: (block: number) => Promise<Map<number, Buffer>>): Promise<Buffer | undefined> {
    const kept = this.bodies.get(id);
    if (kept) return kept;
    return (await this.loadBlock(Math.floor(id / PRODUCT_BLOCK), load)).get(id);
  }

  private loadBlock(block: number, load: (block: number) => Promise<Map<number, Buffer>>): Promise<Map<number, Buffer>> {
    const epoch = this.bodyEpoch;
    let loading = this.loading.get(block);
    if (!loading || loading.epoch !== epoch) {
      const mine = { epoch, bodies: load(block) };
      loading = mine;
      this.loading.set(block, mine);
      mine.bodies.then((loaded) => {
        if (epoch === this.bodyEpoch) this.bodies.setMany(loaded);
      }, () => {}).finally(() => {
        if (this.loading.get(block) === mine) this.loading.delete(block);
      });
    }
    return loading.bodies;
  }

  /**
   * Loads every product page not kept yet, one block at a time, letting requests run in between,
   * until `stop()` says so. Answers how many blocks it loaded.
   */
  async warmPages(load: (block: number) => Promise<Map<number, Buffer>>, stop: () => boolean = () => false): Promise<number> {
    let loaded = 0;
    const firstOfBlock = new Map<number, number>(); // block → its first product
    for (const id of this.index.productIds()) if (!firstOfBlock.has(Math.floor(id / PRODUCT_BLOCK))) firstOfBlock.set(Math.floor(id / PRODUCT_BLOCK), id);
    for (const [block, first] of firstOfBlock) {
      if (stop()) break;
      if (this.bodies.has(first)) continue;
      await this.loadBlock(block, load);
      loaded++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return loaded;
  }

  /** Bytes of the product pages kept: in their file, and in memory. */
  pageBytes() {
    return this.pages?.bytes() ?? { file: 0, memory: 0 };
  }

  close() {
    this.pages?.close();
    this.pages = undefined;
  }
}

const copies = new WeakMap<ReadCache, CatalogSync>();

/** Closes a copy's catalogue (its page file) when the server closes. */
export function closeCatalog(cache: ReadCache) {
  copies.get(cache)?.close();
  copies.delete(cache);
}

/** This copy's catalogue (one per read cache), with every write committed before the call applied. */
export async function catalogOf(db: Db, cache: ReadCache): Promise<CatalogSync> {
  let catalog = copies.get(cache);
  if (!catalog) copies.set(cache, (catalog = new CatalogSync(db)));
  // The entry lives until the next invalidation (this copy's write, or another copy's seen through the
  // generation counter); the read after it applies the log again.
  await cache.getOrLoad('catalog-sync', catalog.sync);
  return catalog;
}
