/**
 * `npm run build`: the web app's production build and the server's bundle (decision 003), each stamped with
 * what it was built from (scripts/lib/web-build.ts, scripts/lib/server-build.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './lib/server-build.js';
import { buildWeb } from './lib/web-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.exit((await buildWeb(ROOT)) && (await buildServer(ROOT)) ? 0 : 1);
