import type { App } from './app.js';
import { catalogOf } from './modules/catalog/catalog-sync.js';

/**
 * Where a product page's parts begin after its head: its main part, its footer, its hydration data. Each part is
 * compressed with the same part of the first page as its dictionary (PageStore's `marks`): ≈ 3 KB a page instead of
 * ≈ 9 KB with one dictionary (deflate reaches back at most 32 KB; a page in the @import form is ≈ 45–55 KB).
 */
const PAGE_MARKS: readonly Buffer[] = ['<main', '<footer', 'streamController.enqueue'].map((m) => Buffer.from(m));

/** A page as the server sends it: its headers (without the CSP), the hashes of its inline scripts, its bytes. */
export interface AheadPage { headers: [string, string][]; scripts: string[]; body: Buffer }

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
  /** The stylesheet element's text in the @import form and in full (root.tsx); without it, first visits render. */
  stylesheet: { linked: string; inline: string } | undefined;
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
 * each page once, so the page cache (decision 010) never holds them; rendering one costs ≈ 3 ms of the one thread,
 * reading a built one ≈ 0.1 ms (decision 017). The pages are kept with the catalogue's product pages (decision 015)
 * and dropped with them when their product, its variants or gallery, or any category or brand changes; all of them
 * when what the stamp covers changes (the settings, the menu, the year in the footer, a new web build). A page is
 * kept only if its product did not change while it rendered (the catalogue's epoch) and the stamp was the same
 * before and after its render.
 */
export class PagesAhead {
  /** The origin pages are built for: PUBLIC_URL, or the one the first page was asked at. */
  private origin: string | undefined;
  private readonly linked: Buffer | undefined;
  private readonly inline: Buffer | undefined;

  constructor(private readonly o: PagesAheadOptions, origin?: string) {
    this.origin = origin;
    if (o.stylesheet) {
      this.linked = Buffer.from(`>${o.stylesheet.linked}</style>`);
      this.inline = Buffer.from(`>${o.stylesheet.inline}</style>`);
    }
  }

  /** A page was asked for at `origin`: the first one sets the origin pages are built for, when PUBLIC_URL does not. */
  saw(origin: string) {
    this.origin ??= origin;
  }

  private catalog() {
    const { database: { db }, cache } = this.o.app.services;
    return catalogOf(db, cache);
  }

  /** The built page of product `id` for a guest at `origin` (`linked`: whose browser keeps the stylesheet), if it is current. */
  async page(id: number, origin: string, linked: boolean): Promise<AheadPage | undefined> {
    if (origin !== this.origin || (!linked && !this.inline)) return undefined;
    // Every write committed before this request applied: a changed product's page is gone.
    const catalog = await this.catalog();
    const label = catalog.htmlLabel;
    if (label === undefined || !catalog.hasHtml(id) || label !== await this.o.stamp(origin)) return undefined;
    const stored = catalog.pageHtml(id);
    if (!stored) return undefined;
    const end = stored.indexOf(10);
    const { headers, scripts } = JSON.parse(stored.subarray(0, end).toString('utf8')) as Omit<AheadPage, 'body'>;
    const page = stored.subarray(end + 1);
    if (linked) return { headers, scripts, body: page };
    const at = page.indexOf(this.linked!);
    if (at < 0) return undefined;
    return { headers, scripts, body: Buffer.concat([page.subarray(0, at), this.inline!, page.subarray(at + this.linked!.length)]) };
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
    catalog.useHtmlLabel(stamp, PAGE_MARKS);
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
      const { body, ...meta } = page;
      if (catalog.keepHtml(id, Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), body]), stamp, epoch)) built++;
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
        const bytes = (await this.catalog()).htmlBytes();
        log({ built, ended, ms: Date.now() - started, fileMb: Math.round(bytes.file / 1048576) }, 'product pages built ahead');
        first = false;
      }
      await new Promise((resolve) => setTimeout(resolve, PASS_PAUSE_MS).unref());
    }
  }
}
