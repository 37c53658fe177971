import { openEarly, pgliteDir } from './db/pglite-thread.js';
import { DEFAULT_DATA_DIR } from './paths.js';

/**
 * `npm run serve`'s entry (decision 034). On PGlite the database starts opening on its own thread first — PostgreSQL's
 * start in WASM takes about as long as loading the server's modules, which this thread does meanwhile — and the
 * server (serve.ts, its own chunk of the bundle) is loaded after.
 */
// Before anything else loads, zod and the configuration's check included (a value the check refuses stops the
// process below all the same). An empty variable is an unset one, as the configuration reads it (config.ts).
if (!process.env.DATABASE_URL) openEarly(pgliteDir(process.env.DATA_DIR || DEFAULT_DATA_DIR));
const { readConfig } = await import('./config.js');
let config;
try {
  config = readConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const { serve } = await import('./serve.js');
await serve(config);
