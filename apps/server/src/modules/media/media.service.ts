import crypto from 'node:crypto';
import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Storage } from './storage.js';

const TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
} as const;
type ImageType = keyof typeof TYPES;

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

export interface Variant { width: number; uri: string }

export const UPLOAD_PREFIX = '/uploads/';

/** The WebP variants of a stored original, by naming convention (`<hash>-<width>.webp`). */
export function variantsOf(uri: string | null | undefined): Variant[] {
  if (!uri?.startsWith(UPLOAD_PREFIX)) return [];
  const base = uri.slice(0, uri.lastIndexOf('.'));
  return IMAGE_WIDTHS.map((width) => ({ width, uri: `${base}-${width}.webp` }));
}

export interface StoredImage {
  uri: string;
  hash: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  variants: Variant[];
}

/**
 * Files an upload wrote that did not exist before: removed again when the request fails,
 * so a failed write leaves no orphan file.
 */
export class UploadBatch {
  readonly written: string[] = [];
  constructor(readonly storage: Storage) {}
  async rollback() {
    await Promise.all(this.written.map((key) => this.storage.remove(key).catch(() => {})));
    this.written.length = 0;
  }
}

/** Checks an image by content, writes the original once (by hash) and its WebP variants. */
export async function processImage(batch: UploadBatch, buffer: Buffer): Promise<StoredImage> {
  const type = sniffImage(buffer);
  if (!type) throw unsupportedImage();
  // sharp (libvips) is loaded on the first image, not at start: most processes only read.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'فایل تصویر خراب است یا خوانده نمی‌شود');
  }
  if (!meta.width || !meta.height) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'فایل تصویر خراب است یا خوانده نمی‌شود');
  const hash = crypto.createHash('sha256').update(buffer).digest('hex');
  const key = `${hash.slice(0, 2)}/${hash}.${TYPES[type].ext}`;
  const uri = UPLOAD_PREFIX + key;
  const variants = variantsOf(uri);
  if (!(await batch.storage.exists(key))) {
    try {
      const outputs = await Promise.all(IMAGE_WIDTHS.map((width) =>
        sharp(buffer, { limitInputPixels: 50_000_000 }).rotate()
          .resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()));
      await batch.storage.put(key, buffer);
      batch.written.push(key);
      for (const [i, out] of outputs.entries()) {
        const vkey = variants[i]!.uri.slice(UPLOAD_PREFIX.length);
        await batch.storage.put(vkey, out);
        batch.written.push(vkey);
      }
    } catch (err) {
      await batch.rollback();
      if (err instanceof AppError) throw err;
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'فایل تصویر خراب است یا خوانده نمی‌شود');
    }
  }
  return { uri, hash, mime: TYPES[type].mime, width: meta.width, height: meta.height, bytes: buffer.length, variants };
}

/** Records the stored image (once per hash) inside the caller's transaction. */
export async function recordImage(tx: DbOrTx, image: StoredImage) {
  await tx.insert(media).values({
    hash: image.hash, uri: image.uri, mime: image.mime, width: image.width, height: image.height,
    bytes: image.bytes, variants: image.variants,
  }).onConflictDoNothing({ target: media.hash });
}
