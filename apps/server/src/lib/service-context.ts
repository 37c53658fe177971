import type { Db } from '../db/client.js';
import type { UploadBatch } from '../modules/media/media.service.js';
import type { ReadCache } from './cache.js';

/**
 * What a service write is given (services know no Fastify): the database, the read cache it
 * invalidates after a change, and who acts, for the audit log. The one declaration; a module with
 * more (orders: the payment gateway) extends it.
 */
export interface ServiceContext {
  db: Db;
  cache: ReadCache;
  /** The acting user, recorded in the audit log; undefined for the system. */
  userId?: number;
}

/** A write that stores uploaded images: the request's upload batch, rolled back when the write fails. */
export interface UploadContext extends ServiceContext {
  batch: UploadBatch;
}
