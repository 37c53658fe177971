import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic } from '../../lib/periodic.js';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { groupOf, UPLOAD_PREFIX, withFileLock } from './media.service.js';
import { referencedGroups } from './references.js';
import { isTemporary, type Storage, type StoredFile } from './storage.js';

/** Files younger than this are never swept: a request may be writing or about to reference them. */
const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const isVariant = (key: string) => /-\d+\.webp$/.test(key);

export interface SweepResult {
  /** `.tmp` files removed (a write cut short by a crash). */
  temporary: number;
  /** Images (an original and its WebP variants) removed because no row references them. */
  images: number;
  /** Files removed in all. */
  files: number;
}

/**
 * Removes what no request will ever finish or reference: temporary files and images no row
 * references, both only when older than `minAgeMs` by mtime. A request claims an image it reuses
 * by giving it a fresh mtime (processImage), and writes new files fresh, so a file a request is
 * writing or about to reference is never old; each image is re-checked under its lock just before
 * removal. Only names this module writes are touched (`ab/<hash>.<ext>`, `ab/<hash>-<w>.webp`, `*.tmp`).
 */
export async function sweepUploads(db: Db, storage: Storage, opts: { now?: number; minAgeMs?: number } = {}): Promise<SweepResult> {
  const cutoff = (opts.now ?? Date.now()) - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const result: SweepResult = { temporary: 0, images: 0, files: 0 };
  const temporary: string[] = [];
  const groups = new Map<string, StoredFile[]>();
  for await (const file of storage.list()) {
    if (isTemporary(file.key)) {
      if (file.mtimeMs < cutoff) temporary.push(file.key);
      continue;
    }
    const group = groupOf(file.key);
    if (!group) continue;
    const files = groups.get(group) ?? [];
    files.push(file);
    groups.set(group, files);
  }
  for (const key of temporary) {
    await storage.remove(key);
    result.temporary++;
    result.files++;
  }
  const old = [...groups].filter(([, files]) => files.every((f) => f.mtimeMs < cutoff));
  if (old.length === 0) return result;

  const referenced = await referencedGroups(db);
  for (const [group, files] of old) {
    if (referenced.has(group)) continue;
    await withFileLock(storage, group, async () => {
      // Claimed or rewritten since the listing: in use (or about to be).
      for (const f of files) if (((await storage.stat(f.key))?.mtimeMs ?? 0) >= cutoff) return;
      const removedUris: string[] = [];
      // Originals first: an original on disk promises complete variants.
      for (const f of [...files].sort((a, b) => Number(isVariant(a.key)) - Number(isVariant(b.key)))) {
        await storage.remove(f.key);
        result.files++;
        if (!isVariant(f.key)) removedUris.push(UPLOAD_PREFIX + f.key);
      }
      // Under the same lock as the files: an upload of this picture waits, then finds neither file nor row.
      if (removedUris.length > 0) await db.delete(media).where(inArray(media.uri, removedUris));
      result.images++;
    });
  }
  return result;
}

/** The first sweep after a start: not while the server is starting and answering its first pages. */
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * Sweeps a minute after the start (what a crash left behind) and then every `intervalMs` on unref'd
 * timers; `stop()` ends them and waits for a sweep in progress.
 */
export function startUploadSweeper(db: Db, storage: Storage, log: FastifyBaseLogger, intervalMs = SWEEP_INTERVAL_MS, firstAfterMs = FIRST_SWEEP_AFTER_MS) {
  return startPeriodic(async () => {
    const r = await sweepUploads(db, storage);
    if (r.files > 0) log.info(r, `uploads sweep: removed ${r.temporary} temporary files and ${r.images} unreferenced images (${r.files} files)`);
  }, intervalMs, (err) => log.error({ err }, 'uploads sweep failed'), { firstAfterMs });
}
