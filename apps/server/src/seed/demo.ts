import type { App } from '../app.js';
import { withAdvisoryLock } from '../db/client.js';
import { LOCK_KEYS } from '../db/migrate.js';
import { seedCatalogue, type SeedCounts } from './catalogue.js';

/**
 * On the first start of an empty shop (no products, no categories), loads the demo catalogue of
 * PRODUCT.md so a new user sees a living shop. `SEED_DEMO=false` turns it off (serve.ts).
 * On PostgreSQL under an advisory lock: a second copy starting at once waits, then finds the shop
 * seeded (the emptiness check runs after the lock is taken) instead of drawing the pictures again.
 */
export async function seedDemoIfEmpty(app: App): Promise<SeedCounts | null> {
  const { database, storage, cache } = app.services;
  return withAdvisoryLock(database, LOCK_KEYS.demoSeed, async () => {
    const counts = await seedCatalogue({ db: database.db, storage, log: app.log });
    if (counts) await cache.invalidate();
    return counts;
  });
}
