import type { App } from './app.js';
import { crc32Of, deflatePiece, gzipOfPieces, type FixedPiece } from './lib/compression.js';
import { catalogOf } from './modules/catalog/catalog-sync.js';

/** A page as the server sends it: its headers (without the CSP), the hashes of its inline scripts, its bytes. */
export interface AheadPage { headers: [string, string][]; scripts: string[]; body: Buffer }

/** A built page as it is sent: its headers (without the CSP), its inline scripts' hashes, its bytes gzipped. */
export interface BuiltPage { headers: [string, string][]; scripts: string[]; gzip: Buffer }

/**
 * What is kept of a built page before its pieces (a line of JSON): the bytes of its head's piece, and the CRC-32 and
 * length of the page in the @import form and, when the page has its style element, with the stylesheet inline.
 */
interface Kept { headers: [string, string][]; scripts: string[]; head: number; crc: number[]; size: number[] }

export interface PagesAheadOptions {
  app: App;
  /**
   * Renders `/product/{id}` at `origin` for a guest whose browser keeps the stylesheet (the @import form), as a
   * request for it would be; undefined when that is not a page for everyone (not 200, a cookie set).
   */
  render(origin: string, id: number): Promise<AheadPage | undefined>;
  /**
   * What every product page is rendered under besides its product: the data of the routes above the product's (the
   * shop's settings, its menu, the header and footer they make), the web build, the origin. Undefined: unknown now.
   */
  stamp(origin: string): Promise<string | undefined>;
  /**
   * The style element's text and end (`>…</style>`) in the @import form and in full (root.tsx), each with its deflate
   * piece (web.ts makes them once); without them, first visits render.
   */
  style: Record<'linked' | 'inline', FixedPiece> | undefined;
  /** Bytes the pages' file may take (PAGES_AHEAD_MB): newest products first, the rest rendered when asked for. */
  budgetBytes: number;
}

/** Time a building step may hold the event loop before it waits for a quiet moment again. */
const STEP_MS = 10;
/** Time between passes once every page is built (a pass rebuilds the pages dropped by writes meanwhile). */
const PASS_PAUSE_MS = 2_000;

/**
 * Product pages built ahead of their first request, for the visitors who have no page of their own: a guest (no
 * shopper hint), at the shop's origin, the path `/product/{id}` without a query. A crawl of 100,000 products asks
 * each page once, so the page cache (decision 010) never holds them; rendering one costs ≈ 3 ms of the one thread
 * and compressing it 1–2.5 ms of the pool's, while a built one is read gzipped, as it is sent (decision 017). The pages are kept with the catalogue's product pages (decision 015)
 * and dropped with them when their product, its variants or gallery, or any category or brand changes; all of them
 * when what the stamp covers changes (the settings, the menu, the year in the footer, a new web build). A page is
 * kept only if its product did not change while it rendered (the catalogue's epoch) and the stamp was the same
 * before and after its render.
 */
export class PagesAhead {
  /** The origin pages are built for: PUBLIC_URL, or the one the first page was asked at. */
  private origin: string | undefined;
  /** Where a built page is read before its answer is put together (a page is ≈ 11 KB; a larger one is read apart). */
  private readonly scratch = Buffer.allocUnsafe(64 * 1024);
  constructor(private readonly o: PagesAheadOptions, origin?: string) {
    this.origin = origin;
  }

  /** A page was asked for at `origin`: the first one sets the origin pages are built for, when PUBLIC_URL does not. */
  saw(origin: string) {
    this.origin ??= origin;
  }

  private catalog() {
    const { database: { db }, cache } = this.o.app.services;
    return catalogOf(db, cache);
  }

  /**
   * The built page of product `id` for a guest at `origin` (`linked`: whose browser keeps the stylesheet), if it is
   * current: gzipped, put together from its pieces compressed when it was built (no compression now).
   */
  async page(id: number, origin: string, linked: boolean): Promise<BuiltPage | undefined> {
    if (origin !== this.origin) return undefined;
    // Every write committed before this request applied: a changed product's page is gone.
    const catalog = await this.catalog();
    const label = catalog.htmlLabel;
    if (label === undefined || !catalog.hasHtml(id) || label !== await this.o.stamp(origin)) return undefined;
    // Read into the scratch buffer (nothing awaited until the answer is put together: that copies what it needs).
    const stored = catalog.pageHtml(id, this.scratch);
    if (!stored) return undefined;
    const end = stored.indexOf(10);
    const { headers, scripts, head, crc, size } = JSON.parse(stored.subarray(0, end).toString('utf8')) as Kept;
    const form = linked ? 0 : 1;
    if (crc[form] === undefined) return undefined;
    const pieces = [stored.subarray(end + 1, end + 1 + head)];
    if (crc.length > 1) pieces.push(this.o.style![linked ? 'linked' : 'inline'].piece, stored.subarray(end + 1 + head));
    return { headers, scripts, gzip: gzipOfPieces(pieces, crc[form]!, size[form]!) };
  }

  /**
   * A page as it is kept: its head up to the style element's text and the rest after the element compressed apart
   * (the style element's piece goes between them when it is sent), with the CRC-32 and length of both forms. A page
   * without the element is kept whole, in its @import form only.
   */
  private pack({ body, ...meta }: AheadPage): Buffer {
    const at = this.o.style ? body.indexOf(this.o.style.linked.text) : -1;
    const head = at < 0 ? body : body.subarray(0, at);
    const rest = at < 0 ? undefined : body.subarray(at + this.o.style!.linked.text.length);
    const pieces = rest ? [deflatePiece(head, false), deflatePiece(rest, true)] : [deflatePiece(head, true)];
    // The texts of each form the page can be sent in: as built (@import), and with the stylesheet inline.
    const forms = rest ? [[body], [head, this.o.style!.inline.text, rest]] : [[body]];
    const kept: Kept = {
      ...meta, head: pieces[0]!.length,
      crc: forms.map(crc32Of), size: forms.map((texts) => texts.reduce((n, text) => n + text.length, 0)),
    };
    return Buffer.concat([Buffer.from(`${JSON.stringify(kept)}\n`), ...pieces]);
  }

  /**
   * One pass: builds the pages not kept, newest product first, `STEP_MS` at a time between `between()`s, until each
   * is built (`done`), the budget is used (`full`), `stop()` says so or the stamp changes. Answers how many it built
   * and how it ended (`waiting`: no origin, catalogue in memory or stamp yet).
   */
  async pass(stop: () => boolean, between: () => Promise<unknown>): Promise<{ built: number; ended: 'done' | 'full' | 'stopped' | 'waiting' }> {
    const origin = this.origin;
    let catalog = await this.catalog();
    const stamp = origin && catalog.index ? await this.o.stamp(origin) : undefined;
    if (!origin || !stamp || !catalog.index) return { built: 0, ended: 'waiting' };
    catalog.useHtmlLabel(stamp);
    const ids = catalog.index.productIds();
    let built = 0;
    let stepEnds = 0;
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i]!;
      if (catalog.hasHtml(id)) continue;
      if (catalog.htmlBytes().file >= this.o.budgetBytes) return { built, ended: 'full' };
      if (performance.now() >= stepEnds) {
        await between();
        if (stop()) return { built, ended: 'stopped' };
        catalog = await this.catalog();
        if (await this.o.stamp(origin) !== stamp) return { built, ended: 'stopped' };
        stepEnds = performance.now() + STEP_MS;
      }
      const epoch = catalog.htmlEpoch;
      const page = await this.o.render(origin, id);
      if (!page || await this.o.stamp(origin) !== stamp) continue;
      if (catalog.keepHtml(id, this.pack(page), stamp, epoch)) built++;
    }
    return { built, ended: 'done' };
  }

  /**
   * Builds pages until `stop()`: a pass, then another after a pause (the pages dropped meanwhile). Logs when the
   * first pass ends with every page built or the budget used (the bench waits for it).
   */
  async run(stop: () => boolean, between: () => Promise<unknown>, log: (o: object, msg: string) => void, warn: (o: object, msg: string) => void): Promise<void> {
    let first = true;
    while (!stop()) {
      const started = Date.now();
      let outcome: Awaited<ReturnType<PagesAhead['pass']>>;
      try {
        outcome = await this.pass(stop, between);
      } catch (err) {
        // A render that failed (or the server closing under it): the page is rendered when asked for; try again later.
        if (!stop()) warn({ err }, 'product pages not built ahead');
        outcome = { built: 0, ended: 'stopped' };
      }
      const { built, ended } = outcome;
      const finished = ended === 'done' || ended === 'full';
      if (first && finished) {
        const catalog = await this.catalog();
        // `kept`: every page there is, those built now and those read back from the last run's file (decision 015).
        log({ built, kept: catalog.htmlCount(), ended, ms: Date.now() - started, fileMb: Math.round(catalog.htmlBytes().file / 1048576) }, 'product pages built ahead');
        first = false;
      }
      await new Promise((resolve) => setTimeout(resolve, PASS_PAUSE_MS).unref());
    }
  }
}
