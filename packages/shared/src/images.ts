import { IMAGE_WIDTHS } from './constants.js';
import type { ImageVariant } from './schemas/catalog.js';

/** Where uploaded pictures are served (`/uploads/ab/<hash>.<ext>`, their variants beside them). */
export const UPLOAD_PREFIX = '/uploads/';

/** An uploaded original's address without its extension (`/uploads/ab/<hash>`), which its variants' begin with; null for another address. */
export const uploadBase = (uri: string | null | undefined): string | null =>
  (uri?.startsWith(UPLOAD_PREFIX) ? uri.slice(0, uri.lastIndexOf('.')) : null);

/** The WebP variants of an uploaded original, by the uploads' naming (`<hash>-<width>.webp`); none for another address. */
export function imageVariantsOf(uri: string | null | undefined): ImageVariant[] {
  const base = uploadBase(uri);
  return base === null ? [] : IMAGE_WIDTHS.map((width) => ({ width, uri: `${base}-${width}.webp` }));
}

/** Whether `variants` are exactly `imageVariantsOf(uri)`, so a page's data need not carry them. */
export function hasOwnVariants(uri: string | null, variants: readonly ImageVariant[]): boolean {
  const own = imageVariantsOf(uri);
  return own.length === variants.length && own.every((v, i) => v.width === variants[i]!.width && v.uri === variants[i]!.uri);
}
