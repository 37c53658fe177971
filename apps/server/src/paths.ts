import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from wherever this code runs: its TypeScript sources (apps/server/src/…, under tsx) or the
 * production bundle (apps/server/build/main.js, decision 003) — the folder above that holds the migrations.
 */
function serverDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('apps/server (with its drizzle migrations) not found above the running code');
  }
}

const SERVER_DIR = serverDir();
/** Where the database and uploads live when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = './data';
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
/** apps/web: the web build the server mounts. */
export const WEB_DIR = path.resolve(SERVER_DIR, '../web');

/**
 * The production bundle's stamp (a digest of the server's sources, written by scripts/lib/server-build.ts beside
 * `build/main.js`) when the running code is that bundle; undefined under tsx. What the server saves for its next
 * start in a form only this code writes (the product pages' file) is keyed on it.
 */
export const SERVER_BUILD_STAMP: string | undefined = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const stamp = path.join(here, '.sources');
  return path.basename(here) === 'build' && fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() || undefined : undefined;
})();
