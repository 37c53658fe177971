import type { ProductDetail } from '@sorkhab/shared';

/** Images of the gallery with the main image appended to the end (spec section 2). */
export function galleryOf(p: Pick<ProductDetail, 'gallery' | 'imageUri' | 'imageVariants' | 'title'>) {
  const list = p.gallery.map((g) => ({ key: `g${g.id}`, uri: g.imageUri, variants: g.imageVariants }));
  if (p.imageUri) list.push({ key: 'main', uri: p.imageUri, variants: p.imageVariants });
  return list;
}
