import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ReadCache } from '../../lib/cache.js';
import { startPeriodic } from '../../lib/periodic.js';
import { expireDueOrders } from './orders.service.js';

const EXPIRY_SWEEP_MS = 60_000;

/**
 * Expires orders whose reservation ran out (their units go back on sale) every `intervalMs` on an
 * unref'd timer, besides the expiry every order read triggers; `stop()` ends the timer and waits
 * for a sweep in progress. Started by the orders routes, stopped when the app closes.
 */
export function startOrderExpiry(db: Db, cache: ReadCache, log: FastifyBaseLogger, intervalMs = EXPIRY_SWEEP_MS) {
  return startPeriodic(async () => { await expireDueOrders(db, cache); }, intervalMs, (err) => log.warn({ err }, 'order expiry sweep failed'));
}
