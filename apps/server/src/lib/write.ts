import type { Tx } from '../db/client.js';
import { audit as record } from './audit.js';
import type { ReadCache } from './cache.js';
import { sqlStateOf } from './db-errors.js';
import type { ServiceContext } from './service-context.js';

/** One audit-log row: what was done, to which entity, with what. */
export interface AuditEntry {
  action: string;
  entity: string;
  id?: number | null;
  data?: unknown;
}

interface WriteOptions<T> {
  /** The entry recorded in the write's transaction; a function of the work's result when it depends on it. */
  /** A function may answer nothing: nothing changed, nothing to record. */
  audit?: AuditEntry | ((result: T) => AuditEntry | undefined);
  /**
   * Clears the read cache after the commit (catalogue, content, stock: whatever the storefront reads
   * through the cache); a function of the work's result when only some outcomes change what it reads.
   */
  invalidates?: boolean | ((result: T) => boolean);
  /**
   * Runs the whole transaction again when PostgreSQL aborted it as one side of a deadlock or a
   * serialization failure (up to four tries): for writes that lock rows other writers lock too (orders, stock).
   */
  retry?: boolean;
}

const RETRIED_STATES = new Set(['40P01', '40001']);
const TRIES = 4;

const committed = new WeakMap<Tx, (() => void)[]>();

/** Runs `fn` once the write that opened `tx` has committed (never when it rolls back): the job queue's wake-up. */
export function afterCommit(tx: Tx, fn: () => void) {
  const list = committed.get(tx);
  if (list) list.push(fn);
  else committed.set(tx, [fn]);
}

/** A service's context (lib/service-context.ts); the cache only when the write invalidates it. */
type WriteContext = Omit<ServiceContext, 'cache'> & { cache?: ReadCache };

/**
 * The one write path of a service: opens the transaction, runs the work, records the audit entry in
 * the same transaction (so a failed write logs nothing), and after the commit, before the caller
 * answers, invalidates the read cache (lib/cache.ts: the next read on any copy sees the write).
 */
export async function write<T>(
  ctx: WriteContext,
  work: (tx: Tx) => Promise<T>,
  opts: WriteOptions<T>,
): Promise<T> {
  if (opts.invalidates && !ctx.cache) throw new Error('write: invalidates needs ctx.cache');
  let last: Tx | undefined;
  const once = () => ctx.db.transaction(async (tx) => {
    last = tx;
    const out = await work(tx);
    if (opts.audit) {
      const e = typeof opts.audit === 'function' ? opts.audit(out) : opts.audit;
      if (e) await record(tx, ctx.userId, e.action, e.entity, e.id ?? null, e.data);
    }
    return out;
  });
  let result: T;
  for (let i = 1; ; i++) {
    try {
      result = await once();
      break;
    } catch (err) {
      if (!opts.retry || i >= TRIES || !RETRIED_STATES.has(sqlStateOf(err) ?? '')) throw err;
    }
  }
  for (const fn of committed.get(last!) ?? []) fn();
  const invalidates = typeof opts.invalidates === 'function' ? opts.invalidates(result) : opts.invalidates;
  if (invalidates) await ctx.cache!.invalidate();
  return result;
}
