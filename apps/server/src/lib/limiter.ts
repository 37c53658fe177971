import type { Redis } from 'ioredis';

/** Fixed-window counters, in memory or in Redis so limits hold across copies of the server. */
export interface Limiter {
  /** Counts one hit; true while the key is within `max` hits per window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(): Limiter {
  const hits = new Map<string, { count: number; until: number }>();
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let entry = hits.get(key);
      if (!entry || entry.until <= now) {
        if (hits.size > 100_000) for (const [k, v] of hits) if (v.until <= now) hits.delete(k);
        entry = { count: 0, until: now + windowMs };
        hits.set(key, entry);
      }
      entry.count++;
      return entry.count <= max;
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'sorkhab:limit:'): Limiter {
  return {
    async hit(key, max, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count <= max;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
