import type { ProductAttributeEntry, ProductDetail } from '@sorkhab/shared';

export interface OptionGroup {
  title: string;
  kind: 'color' | 'list';
  choices: { name: string; color?: string; stock?: number }[];
}

/**
 * Splits the attribute entries (spec section 3): plain items with a value are specifications;
 * selectable items (arr, obj, colorObj) are the options a shopper picks from.
 */
export function splitAttributes(entries: ProductAttributeEntry[]): { specs: { title: string; value: string }[]; options: OptionGroup[] } {
  const specs: { title: string; value: string }[] = [];
  const options: OptionGroup[] = [];
  for (const e of entries) {
    if (e.colorObj?.length) {
      options.push({ title: e.title || 'رنگ', kind: 'color', choices: e.colorObj.map((c) => ({ name: c.name, color: c.color, stock: c.stock })) });
    } else if (e.arr?.length) {
      options.push({ title: e.title, kind: 'list', choices: e.arr.map((name) => ({ name })) });
    } else if (e.obj?.length) {
      options.push({ title: e.title, kind: 'list', choices: e.obj.map((o) => ({ name: o.title })) });
    } else {
      const value = [e.value, e.value2].filter((v) => v && v.trim()).join(' – ');
      if (e.title?.trim() && value) specs.push({ title: e.title, value });
    }
  }
  return { specs, options };
}

/** The option string the cart stores: the chosen values joined, e.g. "قرمز" or "قرمز / ۵۰ میل". */
export function optionString(options: OptionGroup[], chosen: Record<string, string>): string | null {
  const parts = options.map((g) => chosen[g.title]).filter(Boolean);
  return parts.length ? parts.join(' / ') : null;
}

/** Images of the gallery with the main image appended to the end (spec section 2). */
export function galleryOf(p: Pick<ProductDetail, 'gallery' | 'imageUri' | 'imageVariants' | 'title'>) {
  const list = p.gallery.map((g) => ({ key: `g${g.id}`, uri: g.imageUri, variants: g.imageVariants }));
  if (p.imageUri) list.push({ key: 'main', uri: p.imageUri, variants: p.imageVariants });
  return list;
}
