import type { Category, ImageVariant } from '@sorkhab/shared';
import { Img } from './Img';

/**
 * The variants a category image needs: it is drawn at most 80 px wide, so up to 300 px covers every screen density.
 * Menus and listings carry only these (the category tree goes into every page's HTML).
 */
export const categoryThumbVariants = (variants: ImageVariant[]) => variants.filter((v) => v.width <= 300);

/** A category's round image (its WebP variants) or its first letter. */
export function CategoryThumb({ cat, size }: { cat: Pick<Category, 'title' | 'imageUri' | 'imageVariants'>; size: string }) {
  return cat.imageUri ? (
    <Img src={cat.imageUri} variants={cat.imageVariants} alt="" width={80} height={80} sizes="80px" className={`${size} shrink-0 rounded-full bg-brand-50 object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700`}>{cat.title.slice(0, 1)}</span>
  );
}
