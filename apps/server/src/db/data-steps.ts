import { refreshSearchTexts } from '../modules/catalog/search-index.js';
import { ensureVariants, settleVariantPrices } from '../modules/catalog/variant.service.js';
import { runMigrations, type DataStep } from './migrate.js';
import type { Database } from './client.js';

/**
 * The data steps that follow the migrations, each run once and recorded (db/migrate.ts). Whatever migrates a database
 * that the server will open (the server itself, the benchmarks' seeding, the scale test) runs them, so a catalogue
 * seeded after them is not walked through again by the server's first start (24 s at a million products).
 */
const DATA_STEPS: DataStep[] = [
  // Once, after migration 0005: every product gets its variants, old cart and order lines point at theirs.
  { name: 'variants-after-0005', run: ensureVariants },
  // Search texts after normalizeSearch learned Latin accents and apostrophes (L'Oréal = loreal).
  { name: 'search-text-accents', run: refreshSearchTexts },
  // A product's price became its cheapest combination's (decision 014).
  { name: 'variant-prices-settled', run: settleVariantPrices },
];

/** The migrations and the data steps, as the server runs them on start. */
export const migrateForServer = (database: Database) => runMigrations(database, DATA_STEPS);
