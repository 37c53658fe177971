import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function runMigrations(database: Database): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  // Only the driver in use is loaded.
  if (database.kind === 'pglite') await (await import('drizzle-orm/pglite/migrator')).migrate(database.db as any, opts);
  else await (await import('drizzle-orm/node-postgres/migrator')).migrate(database.db as any, opts);
}
