import crypto from 'node:crypto';
import type { Metadata } from 'sharp';
import { formatNumber, IMAGE_WIDTHS, imageVariantsOf, toPersianDigits, UPLOAD_PREFIX, type ImageVariant } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isReferenced } from './references.js';
import type { Storage } from './storage.js';

const TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
} as const;
type ImageType = keyof typeof TYPES;

/** The content type of each extension this module writes (`/uploads/` serves these and nothing else). */
export const IMAGE_MIME: Record<string, string> = Object.fromEntries(Object.values(TYPES).map((t) => [t.ext, t.mime]));

/** Identifies an image by its first bytes; the file name and the client's content type are ignored. */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buf.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(buf.subarray(8, 12).toString('latin1'))) return 'avif';
  return null;
}

export const unsupportedImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'فقط تصویرهای JPEG، PNG، WebP، GIF و AVIF پذیرفته می‌شوند');

const unreadableImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'فایل تصویر خراب است یا خوانده نمی‌شود');

/** The most pixels an image may have to be decoded (a 50-megapixel photo; a phone's 108 or 200 MP mode is more). */
export const MAX_IMAGE_PIXELS = 50_000_000;

type Sharp = typeof import('sharp').default;

/**
 * An image's size, read from its header (nothing is decoded): 413 with its size said when it has more than
 * MAX_IMAGE_PIXELS — a real photo from a 108-megapixel phone was answered «خراب است» before — and 415 when unreadable.
 */
export async function imageSize(sharp: Sharp, buffer: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  if (!meta.width || !meta.height) throw unreadableImage();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `ابعاد تصویر (${formatNumber(meta.width)} در ${formatNumber(meta.height)} پیکسل) بیش از حد مجاز است؛ `
      + `آن را کوچک‌تر کنید (حداکثر ${toPersianDigits(MAX_IMAGE_PIXELS / 1_000_000)} میلیون پیکسل، مثلاً ${formatNumber(8000)} در ${formatNumber(6000)})`);
  }
  return meta;
}

/** sharp's work on an image already sized by `imageSize`: a failure is an unreadable image (415). */
export async function decodeImage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw unreadableImage();
  }
}

/** The WebP variants of a stored original (shared with the pages, which derive a card's from its picture). */
export { UPLOAD_PREFIX, imageVariantsOf as variantsOf };

export interface StoredImage {
  uri: string;
  hash: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  variants: ImageVariant[];
}

/** Process-wide queues, one per image (its `ab/<hash>` group) and storage: see withFileLock. */
const fileLocks = new WeakMap<Storage, Map<string, Promise<void>>>();

/**
 * Runs `fn` alone for one image group in this process: a request checking, claiming or writing
 * an image, a failed request removing what it wrote and the sweep removing an orphan never
 * interleave on the same files. (Another process is kept off by the claim's fresh mtime.)
 */
export async function withFileLock<T>(storage: Storage, group: string, fn: () => Promise<T>): Promise<T> {
  let queues = fileLocks.get(storage);
  if (!queues) fileLocks.set(storage, (queues = new Map()));
  const run = (queues.get(group) ?? Promise.resolve()).then(fn);
  const tail = run.then(() => {}, () => {});
  queues.set(group, tail);
  try {
    return await run;
  } finally {
    if (queues.get(group) === tail) queues.delete(group);
  }
}

/** `ab/<hash>` of an original (`ab/<hash>.jpg`) or of one of its variants (`ab/<hash>-300.webp`); null for other names. */
export function groupOf(key: string): string | null {
  return /^([0-9a-f]{2}\/[0-9a-f]{64})(?:-\d+\.webp|\.(?:jpg|png|gif|webp|avif))$/.exec(key)?.[1] ?? null;
}

interface Created { uri: string; keys: string[]; mtimeMs: number }

/**
 * The files of one request. Images are stored by content hash, so two requests may need the same
 * file: a request that finds it already there claims it (a fresh mtime) and never removes it; a
 * request that wrote it removes it again on failure only if nobody claimed it since and no row
 * references it. What is left over (a crash, two failed claimants) is the sweep's (sweep.ts).
 */
export class UploadBatch {
  /** Images this batch wrote that did not exist before, by group, with the mtime it left on the original. */
  readonly created = new Map<string, Created>();
  constructor(readonly storage: Storage, readonly db?: DbOrTx) {}

  async rollback() {
    const created = [...this.created].reverse();
    this.created.clear();
    for (const [group, image] of created) {
      await withFileLock(this.storage, group, async () => {
        const now = await this.storage.stat(image.keys[0]!);
        if (now && now.mtimeMs !== image.mtimeMs) return; // claimed by another request since
        if (this.db && await isReferenced(this.db, image.uri)) return;
        for (const key of image.keys) await this.storage.remove(key); // the original first
      }).catch(() => {}); // what cannot be removed now is the sweep's
    }
  }
}

/**
 * Checks an image by content and stores it once by hash: the WebP variants, then the original
 * (so an original on disk means its variants are complete). An image already stored is claimed
 * instead (see UploadBatch).
 */
export async function processImage(batch: UploadBatch, buffer: Buffer): Promise<StoredImage> {
  const type = sniffImage(buffer);
  if (!type) throw unsupportedImage();
  // sharp (libvips) is loaded on the first image, not at start: most processes only read.
  const { default: sharp } = await import('sharp');
  const meta = await imageSize(sharp, buffer);
  const hash = crypto.createHash('sha256').update(buffer).digest('hex');
  const group = `${hash.slice(0, 2)}/${hash}`;
  const key = `${group}.${TYPES[type].ext}`;
  const uri = UPLOAD_PREFIX + key;
  const variants = imageVariantsOf(uri);
  const variantKeys = variants.map((v) => v.uri.slice(UPLOAD_PREFIX.length));
  const render = (widths: readonly number[]) => decodeImage(() => Promise.all(widths.map((width) =>
    sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate()
      .resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer())));
  const { storage } = batch;
  await withFileLock(storage, group, async () => {
    if (batch.created.has(group)) return; // the same picture twice in one request
    const existing = await storage.stat(key);
    if (existing) {
      // Claim it: a fresh mtime keeps the sweep off it and tells its writer it is shared now.
      await storage.touch(key, Math.max(Date.now(), existing.mtimeMs + 1));
      const missing = [];
      for (const [i, vkey] of variantKeys.entries()) if (!(await storage.exists(vkey))) missing.push(i);
      if (missing.length > 0) { // left incomplete by an older crash: complete it
        const outputs = await render(missing.map((i) => IMAGE_WIDTHS[i]!));
        for (const [j, i] of missing.entries()) await storage.put(variantKeys[i]!, outputs[j]!);
      }
      return;
    }
    const outputs = await render(IMAGE_WIDTHS);
    const keys = [key, ...variantKeys];
    try {
      for (const [i, out] of outputs.entries()) await storage.put(variantKeys[i]!, out);
      await storage.put(key, buffer);
      const written = await storage.stat(key);
      if (!written) throw new Error(`stored image ${key} vanished`);
      batch.created.set(group, { uri, keys, mtimeMs: written.mtimeMs });
    } catch (err) {
      for (const k of keys) await storage.remove(k).catch(() => {});
      throw err;
    }
  });
  return { uri, hash, mime: TYPES[type].mime, width: meta.width, height: meta.height, bytes: buffer.length, variants };
}

/** Records the stored image (once per hash) inside the caller's transaction. */
export async function recordImage(tx: DbOrTx, image: StoredImage) {
  await tx.insert(media).values({
    hash: image.hash, uri: image.uri, mime: image.mime, width: image.width, height: image.height,
    bytes: image.bytes, variants: image.variants,
  }).onConflictDoNothing({ target: media.hash });
}
