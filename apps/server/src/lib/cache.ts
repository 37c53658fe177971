import type { Database } from '../db/client.js';

const CHANNEL = 'sorkhab_cache';

/**
 * In-process cache of catalogue reads. Every write calls invalidate(), which clears this copy
 * at once and tells the other copies through PostgreSQL NOTIFY, so the next read anywhere is fresh.
 * A read that started before an invalidation never stores its (possibly stale) result.
 */
export class ReadCache {
  private map = new Map<string, unknown>();
  private generation = 0;
  private readonly max: number;

  constructor(private readonly database: Database, max = 2000) {
    this.max = max;
  }

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, () => this.clearLocal());
  }

  private clearLocal() {
    this.generation++;
    this.map.clear();
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.map.has(key)) return this.map.get(key) as T;
    const gen = this.generation;
    const value = await load();
    if (gen === this.generation) {
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
      this.map.set(key, value);
    }
    return value;
  }

  async invalidate(): Promise<void> {
    this.clearLocal();
    await this.database.notify(CHANNEL, String(process.pid)).catch(() => {});
  }
}
