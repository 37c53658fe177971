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
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
/** apps/web: the web build the server mounts. */
export const WEB_DIR = path.resolve(SERVER_DIR, '../web');
