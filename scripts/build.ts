/** `npm run build`: the web app's production build, stamped with what it was built from (scripts/lib/web-build.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './lib/web-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.exit(buildWeb(ROOT) ? 0 : 1);
