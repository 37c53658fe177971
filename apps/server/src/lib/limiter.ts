import net from 'node:net';
import type { Redis } from 'ioredis';

/** Fixed-window counters, in memory or in Redis so limits hold across copies of the server. */
export interface Limiter {
  /** Counts one hit; true while the key is within `max` hits per window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
  /** Takes back one hit of the current window (a hit that turned out not to count); no-op once it has ended. */
  refund(key: string): Promise<void>;
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
    async refund(key) {
      const entry = hits.get(key);
      if (entry && entry.until > Date.now() && entry.count > 0) entry.count--;
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

const REFUND = "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end return 0";

export function redisLimiter(redis: Redis, prefix = 'sorkhab:limit:'): Limiter {
  return {
    async hit(key, max, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count <= max;
    },
    async refund(key) {
      // Only while the window's key exists: a bare DECR would create a key without an expiry.
      await redis.eval(REFUND, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * The address a per-client limit counts: IPv4 as is (also when written as `::ffff:a.b.c.d`), IPv6 by
 * its /64 network, since one subscriber is usually given a whole /64 and could rotate through it.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0); // a trailing a.b.c.d is two groups
  const groups = ip.includes('::') ? [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
