import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { toPersianDigits } from '@sorkhab/shared';
import { badRequest } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { decodeImage, imageSize, MAX_IMAGE_PIXELS, sniffImage, unsupportedImage } from './media.service.js';
import type { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export interface StoredPhoto { key: string; mime: string; bytes: number }

const MAX_SIDE = 1600;

/**
 * Checks each photo by its content (as the media uploads are checked), re-encodes it as WebP no larger than
 * 1600 px (which also drops its EXIF: a phone photo carries where it was taken) and stores it under a random
 * private name under `private/<folder>/` (a return's, a review's). `files` written so far are removed if a later photo fails; the caller removes them all if its
 * write fails (`removePhotos`). Private names are never shared, so removing one never hurts another request.
 */
export async function storePhotos(storage: Storage, files: UploadedFile[], { folder, max }: { folder: string; max: number }): Promise<StoredPhoto[]> {
  if (files.length > max) {
    throw badRequest(`حداکثر ${toPersianDigits(max)} عکس می‌توانید بفرستید`, { photos: `حداکثر ${toPersianDigits(max)} عکس` });
  }
  for (const f of files) if (!sniffImage(f.buffer)) throw unsupportedImage();
  const { default: sharp } = await import('sharp');
  const stored: StoredPhoto[] = [];
  try {
    for (const f of files) {
      await imageSize(sharp, f.buffer);
      const data = await decodeImage(() => sharp(f.buffer, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
      const key = `private/${folder}/${crypto.randomUUID()}.webp`;
      await storage.put(key, data);
      stored.push({ key, mime: 'image/webp', bytes: data.length });
    }
  } catch (err) {
    await removePhotos(storage, stored);
    throw err;
  }
  return stored;
}

export async function removePhotos(storage: Storage, photos: StoredPhoto[]) {
  for (const p of photos) await storage.remove(p.key).catch(() => {}); // what cannot be removed now stays, unreferenced
}

/** A private photo's bytes, from the local folder or the S3-compatible store; null when it is gone. */
export async function readPhoto(storage: Storage | S3Storage, key: string): Promise<Buffer | Readable | null> {
  if ('dir' in storage && typeof storage.dir === 'string') {
    return fs.readFile(path.join(storage.dir, key)).catch(() => null);
  }
  if ('read' in storage) {
    const r = await storage.read(key, { head: false });
    return r && r.status === 200 ? (r.body as Readable) : null;
  }
  return null;
}
