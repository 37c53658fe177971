import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietMoments } from './quiet.js';

// Fake timers and clock: what happens when is decided by the test, not by how busy the machine is.
beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

function watch(p: Promise<void>) {
  const state = { done: false };
  void p.then(() => { state.done = true; });
  return state;
}

describe('quietMoments', () => {
  it('resolves once the event loop turns when nothing came in, not within the same tick', async () => {
    const wait = quietMoments(new EventEmitter(), { quietMs: 200, maxWaitMs: 1000 });
    const w = watch(wait());
    await Promise.resolve();
    expect(w.done).toBe(false); // a microtask is not enough: I/O gets its turn first
    await vi.advanceTimersByTimeAsync(0);
    expect(w.done).toBe(true);
  });

  it('waits while requests keep arriving, and no longer than maxWaitMs', async () => {
    const server = new EventEmitter();
    const wait = quietMoments(server, { quietMs: 100, maxWaitMs: 400 });
    const w = watch(wait());
    for (let t = 0; t < 380; t += 20) {
      server.emit('request');
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(w.done).toBe(false);
    for (let t = 380; t < 460; t += 20) {
      server.emit('request');
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(w.done).toBe(true);
  });

  it('resolves once requests stop for quietMs', async () => {
    const server = new EventEmitter();
    const wait = quietMoments(server, { quietMs: 100, maxWaitMs: 10_000 });
    server.emit('request');
    const w = watch(wait());
    await vi.advanceTimersByTimeAsync(60);
    expect(w.done).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(w.done).toBe(true);
  });

  it('stops waiting when told to', async () => {
    const server = new EventEmitter();
    let stopped = false;
    const wait = quietMoments(server, { quietMs: 100, maxWaitMs: 10_000, stopped: () => stopped });
    const w = watch(wait());
    server.emit('request');
    await vi.advanceTimersByTimeAsync(50);
    expect(w.done).toBe(false);
    stopped = true;
    await vi.advanceTimersByTimeAsync(50);
    expect(w.done).toBe(true);
  });
});
