import type { Tx } from '../db/client.js';
import { audit as record } from './audit.js';
import type { ReadCache } from './cache.js';
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
  audit?: AuditEntry | ((result: T) => AuditEntry);
  /** Clears the read cache after the commit (catalogue, content: whatever the storefront reads through the cache). */
  invalidates?: boolean;
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
  const result = await ctx.db.transaction(async (tx) => {
    const out = await work(tx);
    if (opts.audit) {
      const e = typeof opts.audit === 'function' ? opts.audit(out) : opts.audit;
      await record(tx, ctx.userId, e.action, e.entity, e.id ?? null, e.data);
    }
    return out;
  });
  if (opts.invalidates) await ctx.cache!.invalidate();
  return result;
}
