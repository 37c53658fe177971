import type { EventEmitter } from 'node:events';

/**
 * For background work that must not hold up requests: `wait()` resolves at the next quiet moment of `server`
 * (no 'request' event for `quietMs`), or after `maxWaitMs` at most, so the work still moves under steady traffic;
 * always through the event loop, so requests that arrived meanwhile are read first. `stopped()` ends the wait at once.
 */
export function quietMoments(server: EventEmitter, opts: { quietMs: number; maxWaitMs: number; stopped?: () => boolean }): () => Promise<void> {
  let lastRequest = 0;
  server.on('request', () => { lastRequest = Date.now(); });
  return () => new Promise<void>((resolve) => {
    const waitingSince = Date.now();
    const check = () => {
      const now = Date.now();
      if (opts.stopped?.() || now - lastRequest >= opts.quietMs || now - waitingSince >= opts.maxWaitMs) resolve();
      else setTimeout(check, Math.min(50, opts.quietMs));
    };
    setImmediate(check);
  });
}
