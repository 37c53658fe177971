import type { ProductAttributeEntry } from '../schemas/catalog.js';

/**
 * A product's options and variants (no zod here: the storefront imports this).
 *
 * The options are the spec's selectable attribute entries (`select` 1 arr, 2 obj, 3 colorObj): one
 * group per entry, in the order the owner listed them. A variant is one combination of one value per
 * group that exists, with its own stock, price, SKU and image. A product without options has one
 * implicit variant (no values, label ''), so every product's stock lives in its variants.
 */
export interface OptionValue {
  value: string;
  /** The swatch of a colour value. */
  color?: string;
}
export interface OptionGroup {
  title: string;
  kind: 'color' | 'list';
  values: OptionValue[];
}

/** At most this many combinations per product (the admin table and the product page stay usable). */
export const MAX_VARIANTS = 100;
export const VARIANT_SEPARATOR = ' / ';

/** The option groups of a product's attribute entries; plain entries (title, value) are specifications. */
export function optionGroupsOf(entries: readonly ProductAttributeEntry[]): OptionGroup[] {
  const groups: OptionGroup[] = [];
  for (const e of entries) {
    if (e.colorObj?.length) {
      groups.push({ title: e.title || 'رنگ', kind: 'color', values: e.colorObj.map((c) => ({ value: c.name, color: c.color })) });
    } else if (e.arr?.length) {
      groups.push({ title: e.title, kind: 'list', values: e.arr.map((value) => ({ value })) });
    } else if (e.obj?.length) {
      groups.push({ title: e.title, kind: 'list', values: e.obj.map((o) => ({ value: o.title })) });
    }
  }
  return groups;
}

/** The specifications of a product: its plain attribute entries with a value. */
export function specificationsOf(entries: readonly ProductAttributeEntry[]): { title: string; value: string }[] {
  const specs: { title: string; value: string }[] = [];
  for (const e of entries) {
    if (e.colorObj?.length || e.arr?.length || e.obj?.length) continue;
    const value = [e.value, e.value2].filter((v) => v && v.trim()).join(' – ');
    if (e.title?.trim() && value) specs.push({ title: e.title, value });
  }
  return specs;
}

/** What a variant is called in the cart, orders and messages: its values in group order, «صورتی / ۵۰ میلی‌لیتر». */
export const variantLabel = (values: readonly string[]) => values.join(VARIANT_SEPARATOR);

/** Every combination of one value per group, in group order (one empty combination when there are no groups). */
export function combinationsOf(groups: readonly OptionGroup[]): string[][] {
  let out: string[][] = [[]];
  for (const g of groups) out = out.flatMap((combo) => g.values.map((v) => [...combo, v.value]));
  return out;
}

/** The values of `combo` are one value of each group, in order. */
export function isCombinationOf(groups: readonly OptionGroup[], combo: readonly string[]): boolean {
  return combo.length === groups.length && groups.every((g, i) => g.values.some((v) => v.value === combo[i]));
}

/**
 * Spreads `total` units over `n` combinations as evenly as whole units allow (the first ones get the
 * remainder): how a stock given only for the whole product becomes per-variant stock.
 */
export function spreadStock(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total % n ? 1 : 0));
}
