import { buildApp } from './app.js';
import type { Config } from './config.js';
import { loadWebBuild, mountWeb, pagesAheadOf } from './web.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { catalogOf } from './modules/catalog/catalog-sync.js';
import { productPages } from './modules/catalog/product.service.js';
import { quietMoments } from './lib/quiet.js';

/** The server of `npm run serve` (main.ts loads it once the database is opening): listens, then loads the catalogue. */
export async function serve(config: Config): Promise<void> {
  const webBuild = loadWebBuild();
  webBuild.catch(() => {}); // mountWeb reports it
  const app = await buildApp(config, { jobWorker: true }).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
  if (config.SEED_DEMO) await seedDemoIfEmpty(app);
  await mountWeb(app, undefined, webBuild);
  await app.listen({ port: config.PORT, host: config.HOST });
  let closing = false;
  // The product pages load at quiet moments (lib/quiet.ts): a block is ≈ 20 ms of the one thread and of PGlite's one
  // connection, which a request arriving meanwhile would wait behind (measured: searches in the first seconds after a
  // start took 100–150 ms; 10–40 ms since).
  const quietMoment = quietMoments(app.server, { quietMs: 200, maxWaitMs: 1000, stopped: () => closing });
  // The in-memory catalogue (decision 015) loads now rather than on the first shopper's listing or search.
  const loading = Date.now();
  // Then the product pages, a block at a time between requests, until they are all kept or the budget is used.
  const { database: { db }, cache } = app.services;
  catalogOf(db, cache).then(async (catalog) => {
    await catalog.ready;
    const { index } = catalog;
    app.log.info({ mode: catalog.mode, products: index?.size, mb: index ? Math.round(index.bytes() / 1048576) : 0, ms: Date.now() - loading }, 'catalogue loaded');
    const warming = Date.now();
    const blocks = await catalog.warmPages((block) => productPages(db, cache, block), () => closing, quietMoment);
    const bytes = catalog.pageBytes();
    const mem = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1048576)]));
    app.log.info({ blocks, fileMb: Math.round(bytes.file / 1048576), memoryMb: Math.round(bytes.memory / 1048576), ms: Date.now() - warming, process: mem },
      'product pages loaded');
    // Then the product pages' HTML, for guests (pages-ahead.ts), the same way, and again after writes drop some.
    const ahead = pagesAheadOf(app);
    if (ahead && config.PAGES_AHEAD_MB > 0) {
      void ahead.run(() => closing, quietMoment, (o, msg) => app.log.info(o, msg), (o, msg) => app.log.warn(o, msg));
    }
  }).catch((err: Error) => app.log.error({ err }, 'catalogue not loaded (the first listing tries again)'));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      app.close().then(() => { clearTimeout(force); process.exit(0); }, () => process.exit(1));
    });
  }
}
