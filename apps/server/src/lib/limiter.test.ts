import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryLimiter, redisLimiter, type Limiter } from './limiter.js';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.disconnect());

const kinds: [string, () => Limiter][] = [['memory', () => memoryLimiter()]];
if (redis) kinds.push(['redis', () => redisLimiter(redis, `sorkhab:test:${process.pid}:${Date.now()}:`)]);

describe.each(kinds)('%s limiter', (_name, make) => {
  it('allows max hits per window, then refuses', async () => {
    const limiter = make();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, 10_000));
    expect(results).toEqual([true, true, true, false]);
  });

  it('keeps keys apart and starts again after the window', async () => {
    const limiter = make();
    expect(await limiter.hit('a', 1, 150)).toBe(true);
    expect(await limiter.hit('a', 1, 150)).toBe(false);
    expect(await limiter.hit('b', 1, 150)).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect(await limiter.hit('a', 1, 150)).toBe(true);
  });

  it('takes back one hit on refund, and never goes below zero', async () => {
    const limiter = make();
    expect(await limiter.hit('f', 2, 10_000)).toBe(true);
    expect(await limiter.hit('f', 2, 10_000)).toBe(true);
    await limiter.refund('f');
    expect(await limiter.hit('f', 2, 10_000)).toBe(true);
    expect(await limiter.hit('f', 2, 10_000)).toBe(false);
    await limiter.refund('unknown');
    await limiter.refund('unknown');
    expect(await limiter.hit('unknown', 1, 10_000)).toBe(true);
    expect(await limiter.hit('unknown', 1, 10_000)).toBe(false);
  });

  it('forgets a key on reset', async () => {
    const limiter = make();
    await limiter.hit('r', 1, 10_000);
    expect(await limiter.hit('r', 1, 10_000)).toBe(false);
    await limiter.reset('r');
    expect(await limiter.hit('r', 1, 10_000)).toBe(true);
  });
});

describe.runIf(redis)('redis limiter across copies', () => {
  it('shares one count between two clients (two server copies)', async () => {
    const other = new Redis(redisUrl!);
    const prefix = `sorkhab:test:shared:${process.pid}:${Date.now()}:`;
    const a = redisLimiter(redis!, prefix);
    const b = redisLimiter(other, prefix);
    expect(await a.hit('otp', 2, 10_000)).toBe(true);
    expect(await b.hit('otp', 2, 10_000)).toBe(true);
    expect(await a.hit('otp', 2, 10_000)).toBe(false);
    other.disconnect();
  });

  it('leaves no key behind when refunding a window that has ended', async () => {
    const prefix = `sorkhab:test:refund:${process.pid}:${Date.now()}:`;
    await redisLimiter(redis!, prefix).refund('gone');
    expect(await redis!.exists(`${prefix}gone`)).toBe(0);
  });
});
