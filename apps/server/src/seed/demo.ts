import type { App } from '../app.js';
import { seedCatalogue, type SeedCounts } from './catalogue.js';

/**
 * On the first start of an empty shop (no products, no categories), loads the demo catalogue of
 * PRODUCT.md so a new user sees a living shop. `SEED_DEMO=false` turns it off (main.ts).
 */
export async function seedDemoIfEmpty(app: App): Promise<SeedCounts | null> {
  const { database, storage, cache } = app.services;
  const counts = await seedCatalogue({ db: database.db, storage, log: app.log });
  if (counts) await cache.invalidate();
  return counts;
}
