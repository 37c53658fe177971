import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/paths.js';
import { buildServer, serverBuildIsCurrent } from '../../../scripts/lib/server-build.js';

/** apps/web, as web.ts's WEB_DIR (not imported here: the setup stays light). */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/**
 * Migrates once per run: a PGlite snapshot every test file loads (a fresh migrate costs seconds),
 * and, when TEST_DATABASE_URL is set, a template database on PostgreSQL that each file clones.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  // The page tests (CSP, HEAD) mount the web build: `npm test` builds it first; a bare `vitest run` gets it
  // built here once when it is missing, never in two test files at once.
  if (!fs.existsSync(path.join(WEB_DIR, 'build/server/index.js'))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: path.resolve(WEB_DIR, '../..'), stdio: 'ignore' });
  }
  // The launcher tests run the server's bundle as `npm run serve` does (decision 003).
  const root = path.resolve(WEB_DIR, '../..');
  if (!serverBuildIsCurrent(root) && !(await buildServer(root))) throw new Error('the server bundle did not build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-test-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'snapshot.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  provide('pgliteSnapshot', file);

  let template: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    template = `sorkhab_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const tplUrl = withDatabase(url, template);
    const pool = new pg.Pool({ connectionString: tplUrl });
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    await pool.end();
    await admin.end();
    provide('pgTemplate', template);
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
