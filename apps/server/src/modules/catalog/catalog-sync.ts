/**
 * Keeps a copy's in-memory catalogue (catalog-index.ts) equal to the database, product by product
 * (decision 015). Triggers record in `product_changes` the transaction id of every change to a
 * product, its variants or its gallery (product 0: a category or brand). After any write the read
 * cache is cleared (decision 004: on this copy at once, on the others by the generation counter), and
 * the next read applies the rows whose transaction this copy has not seen: every change not visible
 * in the snapshot of the previous read has an xid ≥ that snapshot's xmin, so reading `xid >= xmin`
 * misses nothing, whatever order concurrent transactions commit in.
 *
 * The catalogue has a memory budget (decision 018): a catalogue that would not fit is not loaded, and
 * listings and search run in SQL (catalog-sql.ts) instead; so do they while a large catalogue loads
 * after a start. A loaded catalogue saves itself to a snapshot file (after its load, and when the
 * server closes), and a restart reads it back and applies the log since, instead of loading every product.
 *
 * It also keeps the product pages' bodies (Product/ById) in a page store, dropped per product as the log says.
 */
import fs from 'node:fs';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { coalesce } from '../../lib/coalesce.js';
import { compress } from '../../lib/compression.js';
import { CatalogIndex, type CatalogRow, type IndexState } from './catalog-index.js';
import { PageStore } from './page-store.js';
import { removeCutSaves } from './save-file.js';
import { SnapshotReader, SnapshotWriter } from './snapshot.js';
import { onStorefront } from './visible.js';

/**
 * A block's product pages gzipped at the best level, on the thread pool: kept so, each is sent as it is to a client that
 * takes gzip, with nothing inflated or compressed for it (decision 015). Gzip shares no dictionary between pages: a page
 * takes ≈ 1.4 KB of the file where the store's former raw deflate with a dictionary took ≈ 0.6 KB (134 MB at 100,000
 * products, in the operating system's page cache).
 */
const gzipEach = async (pages: Map<number, Buffer>): Promise<Map<number, Buffer>> =>
  new Map(await Promise.all([...pages].map(async ([id, page]) => [id, await compress(page, 'gzip', 'best')] as const)));

/** Rows per query of the first load: PGlite keeps a result's memory, so no query reads them all. */
const LOAD_CHUNK = 2_000;
/** Products per block: a product page is loaded with the pages of the ids beside it. */
export const PRODUCT_BLOCK = 64;
/** Up to this many products a first load runs before the first answer (well under a second). */
const LOAD_INLINE = 20_000;
/** What a product costs the catalogue, for deciding before loading (measured: decision 018). */
const BYTES_PER_PRODUCT = 700;
/** Bumped when what the catalogue keeps of a product, or how, changes: an older snapshot is then ignored. */
const SNAPSHOT_VERSION = 6;

export interface CatalogOptions {
  /** Bytes the in-memory catalogue may hold; a larger catalogue is answered in SQL. */
  budgetBytes: number;
  /** Where the catalogue saves itself for the next start (none: it is not saved). */
  snapshotFile?: string;
  /** Up to this many products the first load runs before the first answer; more load behind SQL answers. */
  loadInline: number;
  /**
   * Where the product pages are saved when the server closes, beside the snapshot, and read back by the next start
   * that restores that snapshot (none: pages are loaded again after each start).
   */
  pagesFile?: string;
  /** Where the product pages' HTML built ahead (web's pages-ahead.ts) is saved beside them, the same way. */
  htmlFile?: string;
  /** The build that makes the product pages (a new build's pages may differ): without it, pages are not saved. */
  buildStamp?: string;
  log?: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
}

const catalogColumns = {
  id: products.id, title: products.title, alias: products.alias, imageUri: products.imageUri, tags: products.tags,
  price: products.price, offPrice: products.offPrice, offPersent: products.offPersent, hasOff: products.hasOff, priceVaries: products.priceVaries, rate: products.rate,
  ratingAverage: products.ratingAverage, ratingCount: products.ratingCount, brandId: products.brandId, categoryId: products.categoryId, stock: products.stock, soldCount: products.soldCount,
  createdAt: products.createdAt, searchText: products.searchText, isDeleted: products.isDeleted, isDraft: products.isDraft,
};

type Loaded = Omit<CatalogRow, 'createdAt'> & { createdAt: Date; isDeleted: boolean; isDraft: boolean };
const toRow = (r: Loaded): CatalogRow => ({ ...r, createdAt: r.createdAt.getTime() });
const minXid = (a: string, b: string) => (BigInt(a) < BigInt(b) ? a : b);

interface SnapshotMeta { version: number; database: string; xmin: string; index: IndexState }

export class CatalogSync {
  /** The in-memory catalogue while it is loaded and current; undefined: listings and search run in SQL. */
  index: CatalogIndex | undefined;
  /** 'sql': the catalogue is larger than its budget (until a restart). */
  mode: 'pending' | 'loading' | 'memory' | 'sql' = 'pending';
  /** It started from a snapshot file. */
  restored = false;
  /** Resolves once the catalogue is in memory, or known to stay in SQL. */
  readonly ready: Promise<void>;
  private settle!: () => void;
  /** The snapshot xmin of the last read of the log (undefined: nothing read yet). */
  private xmin: string | undefined;
  /** A catalogue loaded behind SQL answers, and the xmin its load began at: installed by the next sync. */
  private loaded: { index: CatalogIndex; xmin: string } | undefined;
  /** The product pages, opened with the first one asked for. */
  private pages: PageStore | undefined;
  private get bodies() {
    return (this.pages ??= new PageStore({ home: this.options.pagesFile }));
  }
  /**
   * The product pages' HTML built ahead (web's pages-ahead.ts), dropped with their JSON bodies; its `label` is what
   * they were rendered under (the layout's data and the web build), which the web side checks before using one.
   */
  private html: PageStore | undefined;
  /** Transactions whose logged changes were applied and are at or after `xmin` (their rows are read again). */
  private readonly applied = new Set<string>();
  /** Bumped whenever bodies are dropped: a load that began before stores nothing. */
  private bodyEpoch = 0;
  private readonly loading = new Map<number, { epoch: number; bodies: Promise<Map<number, Buffer>> }>();
  private readonly options: CatalogOptions;

  constructor(private readonly db: Db, options: Partial<CatalogOptions> = {}) {
    this.options = { budgetBytes: Number.MAX_SAFE_INTEGER, loadInline: LOAD_INLINE, ...options };
    this.ready = new Promise((resolve) => { this.settle = resolve; });
  }

  private async snapshotXmin(): Promise<string> {
    return rowsOf<{ x: string }>(await this.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`))[0]!.x;
  }

  /** Which database this is (a snapshot of another one, or of a re-created products table, is not used). */
  private async identity(): Promise<string> {
    const [row] = rowsOf<{ id: string }>(await this.db.execute(sql`select (select system_identifier::text from pg_control_system())
      || '/' || current_database() || '/' || 'products'::regclass::oid::text as id`));
    return `${SNAPSHOT_VERSION}/${row!.id}`;
  }

  private async load(): Promise<{ index: CatalogIndex; xmin: string }> {
    const xmin = await this.snapshotXmin();
    const index = new CatalogIndex();
    const loader = index.loader();
    for (let after = 0; ;) {
      const rows = await this.db.select(catalogColumns).from(products).where(and(gt(products.id, after), onStorefront))
        .orderBy(asc(products.id)).limit(LOAD_CHUNK);
      for (const r of rows) loader.add(toRow(r));
      if (rows.length < LOAD_CHUNK) break;
      after = rows.at(-1)!.id;
    }
    loader.finish();
    return { index, xmin };
  }

  private restore(identity: string): { index: CatalogIndex; xmin: string } | undefined {
    const file = this.options.snapshotFile;
    if (!file) return undefined;
    let reader: SnapshotReader | undefined;
    try {
      reader = SnapshotReader.open(file);
      if (!reader) return undefined;
      const meta = reader.meta as SnapshotMeta;
      if (meta.version !== SNAPSHOT_VERSION || meta.database !== identity) return undefined;
      return { index: CatalogIndex.restore(meta.index, reader), xmin: meta.xmin };
    } catch (err) {
      this.options.log?.warn({ err, file }, 'catalogue snapshot not used');
      return undefined;
    } finally {
      reader?.close();
    }
  }

  /** What saved product pages must have been saved under to go with a snapshot (undefined: pages are not saved). */
  private pagesKey(identity: string, xmin: string): string | undefined {
    // (`gzip`: the pages are kept gzipped; a file of another form is not read as this one.)
    return this.options.pagesFile && this.options.buildStamp ? `${identity}/${xmin}/${this.options.buildStamp}/gzip` : undefined;
  }

  /**
   * Saves the catalogue for the next start (when it is in memory and a file is configured), and with `pages` (when the
   * server closes) the product pages beside it, which closes them: a restart that restores this snapshot then has them all
   * at once.
   */
  async save(opts: { pages?: boolean } = {}): Promise<void> {
    const { snapshotFile, pagesFile, htmlFile } = this.options;
    if (!snapshotFile || !this.index || this.xmin === undefined) return;
    const started = Date.now();
    const w = new SnapshotWriter();
    const identity = await this.identity();
    const meta: SnapshotMeta = { version: SNAPSHOT_VERSION, database: identity, xmin: this.xmin, index: this.index.save(w) };
    w.write(snapshotFile, meta);
    this.options.log?.info({ file: snapshotFile, products: this.index.size, ms: Date.now() - started }, 'catalogue saved');
    const key = this.pagesKey(identity, this.xmin);
    if (!opts.pages || !key) return;
    for (const [store, file, what] of [[this.pages, pagesFile, 'product pages'], [this.html, htmlFile, 'product pages\' HTML']] as const) {
      if (!store || !file) continue;
      const storeStarted = Date.now();
      const saved = store.save(key);
      this.options.log?.info({ file, pages: saved, ms: Date.now() - storeStarted }, `${what} saved`);
    }
    // Saved where they lay (page-store.ts): their files are the saved ones now, and a page kept after this would write
    // into them. Whatever is kept from here on (the server is closing) goes to new files that its close removes.
    this.pages?.close();
    this.pages = undefined;
    this.html?.close();
    this.html = undefined;
  }

  /** The first sync: restore a snapshot, or load (inline when small, else behind SQL answers), or stay in SQL. */
  private async begin() {
    for (const file of [this.options.snapshotFile, this.options.pagesFile, this.options.htmlFile]) {
      const cut = file ? removeCutSaves(file) : [];
      if (cut.length) this.options.log?.warn({ files: cut }, 'removed saves cut short');
    }
    const identity = await this.identity();
    const restored = this.restore(identity);
    const pagesKey = restored && this.pagesKey(identity, restored.xmin);
    // Saved pages go with the snapshot they were saved beside, and are consumed here whether they are used or not.
    const savedPages = pagesKey ? PageStore.open(this.options.pagesFile!, pagesKey) : undefined;
    if (!savedPages && this.options.pagesFile) fs.rmSync(this.options.pagesFile, { force: true });
    // The HTML only with the JSON it was rendered from (both dropped by the same log).
    const savedHtml = savedPages && this.options.htmlFile ? PageStore.open(this.options.htmlFile, pagesKey!) : undefined;
    if (!savedHtml && this.options.htmlFile) fs.rmSync(this.options.htmlFile, { force: true });
    if (restored && BigInt(restored.xmin) <= BigInt(await this.snapshotXmin())) {
      this.loaded = restored;
      this.restored = true;
      this.xmin = restored.xmin;
      // The log since the snapshot (the first sync) drops the pages of the products changed since.
      if (savedPages) this.pages = savedPages;
      if (savedHtml) this.html = savedHtml;
      return;
    }
    savedPages?.close();
    savedHtml?.close();
    this.xmin = await this.snapshotXmin();
    const [{ n }] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from ${products} where ${onStorefront}`)) as [{ n: number }];
    if (n * BYTES_PER_PRODUCT > this.options.budgetBytes) return this.stayInSql(n * BYTES_PER_PRODUCT);
    this.mode = 'loading';
    if (n <= this.options.loadInline) {
      this.loaded = await this.load();
      return;
    }
    this.load().then((loaded) => {
      this.loaded = loaded;
      return this.sync();
    }).then(() => this.save()).catch((err: Error) => {
      this.options.log?.warn({ err }, 'catalogue not loaded; listings stay in SQL');
      this.stayInSql(0);
    });
  }

  private stayInSql(bytes: number) {
    this.mode = 'sql';
    this.index = undefined;
    this.loaded = undefined;
    this.options.log?.warn({ bytes, budget: this.options.budgetBytes }, 'catalogue larger than its memory budget: listings and search run in SQL');
    this.settle();
  }

  /** Applies the changes logged since the last read (the first call restores, loads or decides on SQL). */
  readonly sync = coalesce(async () => {
    if (this.xmin === undefined) await this.begin();
    const target = this.loaded?.index ?? this.index;
    const from = this.loaded ? minXid(this.loaded.xmin, this.xmin!) : this.xmin!;
    const log = rowsOf<{ x: string; id: number | null; xid: string | null }>(await this.db.execute(sql`with s as (select pg_snapshot_xmin(pg_current_snapshot())::text as x)
      select s.x, c.product_id as id, c.xid::text as xid from s left join product_changes c on c.xid >= ${from}::xid8`));
    // A transaction's changes become visible all at once: those of a transaction applied by an earlier read are not
    // applied again when the xmin stays behind it (an open transaction elsewhere in the cluster holds it back), which
    // dropped the product pages built since, at every read. A catalogue still loading takes every change since its own
    // snapshot.
    const fresh = this.loaded ? log : log.filter((r) => r.xid === null || !this.applied.has(r.xid));
    const ids = fresh.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
    if (ids.length) this.bodyEpoch++;
    if (ids.includes(0)) {
      this.pages?.clear();
      this.html?.clear();
    }
    const changed = ids.filter((id) => id > 0);
    for (let i = 0; i < changed.length; i += LOAD_CHUNK) {
      const part = changed.slice(i, i + LOAD_CHUNK);
      const rows = target ? await this.db.select(catalogColumns).from(products).where(inArray(products.id, part)) : [];
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of part) {
        const row = found.get(id);
        if (target) {
          if (row && !row.isDeleted && !row.isDraft) target.upsert(toRow(row));
          else target.remove(id);
        }
        this.pages?.delete(id);
        this.html?.delete(id);
      }
    }
    this.xmin = log[0]!.x;
    const xmin = BigInt(this.xmin);
    for (const xid of this.applied) if (BigInt(xid) < xmin) this.applied.delete(xid);
    for (const r of log) if (r.xid !== null) this.applied.add(r.xid);
    if (this.loaded) {
      this.index = this.loaded.index;
      this.loaded = undefined;
      this.mode = 'memory';
      this.settle();
    }
    if (this.index && this.index.bytes() > this.options.budgetBytes) this.stayInSql(this.index.bytes());
  });

  /**
   * A product page's body gzipped, as it is kept: sent as it is to a client that takes gzip (every browser). Kept, or
   * loaded with the other pages of its block (`load` answers a block's products; requests for the same block while it
   * loads share the load), gzipped at the best level on the thread pool.
   */
  async gzippedBody(id: number, load: (block: number) => Promise<Map<number, Buffer>>): Promise<Buffer | undefined> {
    const kept = this.bodies.get(id);
    if (kept) return kept;
    return (await this.loadBlock(Math.floor(id / PRODUCT_BLOCK), load)).get(id);
  }

  private loadBlock(block: number, load: (block: number) => Promise<Map<number, Buffer>>): Promise<Map<number, Buffer>> {
    const epoch = this.bodyEpoch;
    let loading = this.loading.get(block);
    if (!loading || loading.epoch !== epoch) {
      const mine = { epoch, bodies: load(block).then(gzipEach) };
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
   * Loads every product page not kept yet, one block at a time, waiting for `between()` before each
   * (requests first), until `stop()` says so. Answers how many blocks it loaded (none while the catalogue is in SQL).
   */
  async warmPages(load: (block: number) => Promise<Map<number, Buffer>>, stop: () => boolean = () => false,
    between: () => Promise<unknown> = () => new Promise((resolve) => setImmediate(resolve))): Promise<number> {
    if (!this.index) return 0;
    let loaded = 0;
    const missing = new Set<number>(); // the blocks with a product whose page is not kept
    for (const id of this.index.productIds()) if (!this.bodies.has(id)) missing.add(Math.floor(id / PRODUCT_BLOCK));
    for (const block of missing) {
      await between();
      if (stop()) break;
      await this.loadBlock(block, load);
      loaded++;
    }
    return loaded;
  }

  /** Bytes of the product pages kept: in their file, and in memory. */
  pageBytes() {
    return this.pages?.bytes() ?? { file: 0, memory: 0 };
  }

  /** What the HTML kept was rendered under (undefined: none kept). */
  get htmlLabel(): string | undefined {
    return this.html?.label;
  }

  /**
   * A product page's HTML as it was kept (compressed by its maker), if it is kept (rendered under `htmlLabel`); read
   * into `scratch` when it fits (PageStore's `get`).
   */
  pageHtml(id: number, scratch?: Buffer): Buffer | undefined {
    return this.html?.get(id, scratch);
  }

  hasHtml(id: number): boolean {
    return this.html?.has(id) ?? false;
  }

  /** Drops the HTML kept, if it was rendered under another label; what is kept from now on is under `label`. */
  useHtmlLabel(label: string) {
    if (this.html?.label === label) return;
    this.html?.close();
    this.html = new PageStore({ home: this.options.htmlFile });
    this.html.label = label;
  }

  /**
   * What `keepHtml` must be given: the HTML of a page rendered after this call, when its product has not changed since
   * (a render that began before a change of its product would otherwise keep what it read before).
   */
  get htmlEpoch(): number {
    return this.bodyEpoch;
  }

  /**
   * Keeps a product page's HTML rendered under `label`, begun at `epoch`, as it is given (its maker compressed it);
   * false when that is no longer current.
   */
  keepHtml(id: number, html: Buffer, label: string, epoch: number): boolean {
    if (!this.html || this.html.label !== label || epoch !== this.bodyEpoch || !this.index?.has(id)) return false;
    this.html.setMany(new Map([[id, html]]));
    return true;
  }

  /** How many product pages' HTML is kept (built now or read back from the last run's file). */
  htmlCount(): number {
    return this.html?.count() ?? 0;
  }

  /** Bytes of the HTML kept: in its file, and in memory. */
  htmlBytes() {
    return this.html?.bytes() ?? { file: 0, memory: 0 };
  }

  close() {
    this.pages?.close();
    this.pages = undefined;
    this.html?.close();
    this.html = undefined;
  }
}

const copies = new WeakMap<ReadCache, CatalogSync>();

/** Sets up a copy's catalogue (one per read cache) with its budget and snapshot file; catalogOf uses it. */
export function openCatalog(db: Db, cache: ReadCache, options: Partial<CatalogOptions>): CatalogSync {
  const catalog = new CatalogSync(db, options);
  copies.set(cache, catalog);
  return catalog;
}

/** Saves and closes a copy's catalogue when the server closes. */
export async function closeCatalog(cache: ReadCache) {
  const catalog = copies.get(cache);
  copies.delete(cache);
  if (!catalog) return;
  try {
    await catalog.save({ pages: true });
  } finally {
    catalog.close();
  }
}

/** This copy's catalogue, with every write committed before the call applied (`index` undefined: answer in SQL). */
export async function catalogOf(db: Db, cache: ReadCache): Promise<CatalogSync> {
  let catalog = copies.get(cache);
  if (!catalog) copies.set(cache, (catalog = new CatalogSync(db)));
  // The entry lives until the next invalidation (this copy's write, or another copy's seen through the
  // generation counter); the read after it applies the log again.
  await cache.getOrLoad('catalog-sync', catalog.sync);
  return catalog;
}
