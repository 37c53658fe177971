import { toLatinDigits, toPersianDigits } from '@sorkhab/shared';

/** Products compared side by side at most (issue 14). */
export const COMPARE_MAX = 4;

export interface CompareItem { id: number; title: string; image: string | null }
/** The shopper's comparison, kept in their browser: products of one category. */
export interface CompareList { categoryId: number; categoryTitle: string; items: CompareItem[] }
export interface Comparable extends CompareItem { categoryId: number; categoryTitle: string }

export type CompareAdd =
  | { ok: true; list: CompareList }
  | { ok: false; reason: 'full' | 'other-category'; message: string };

const FULL_MESSAGE = `حداکثر ${toPersianDigits(COMPARE_MAX)} کالا را می‌توانید با هم مقایسه کنید؛ برای افزودن این کالا، یکی از کالاهای فهرست مقایسه را بردارید.`;

/** Adds a product: the same product twice is one entry; another category or a fifth product is refused with why. */
export function addToCompare(list: CompareList | null, p: Comparable): CompareAdd {
  const item: CompareItem = { id: p.id, title: p.title, image: p.image };
  if (!list || list.items.length === 0) return { ok: true, list: { categoryId: p.categoryId, categoryTitle: p.categoryTitle, items: [item] } };
  if (list.categoryId !== p.categoryId) {
    return { ok: false, reason: 'other-category', message: `فقط کالاهای یک دسته با هم مقایسه می‌شوند و فهرست مقایسه شما از دسته «${list.categoryTitle}» است.` };
  }
  if (list.items.some((i) => i.id === p.id)) return { ok: true, list };
  if (list.items.length >= COMPARE_MAX) return { ok: false, reason: 'full', message: FULL_MESSAGE };
  return { ok: true, list: { ...list, items: [...list.items, item] } };
}

/** A new comparison that starts from this product (after the shopper confirmed dropping the other category's). */
export const startCompare = (p: Comparable): CompareList => ({ categoryId: p.categoryId, categoryTitle: p.categoryTitle, items: [{ id: p.id, title: p.title, image: p.image }] });

export function removeFromCompare(list: CompareList | null, id: number): CompareList | null {
  if (!list) return null;
  const items = list.items.filter((i) => i.id !== id);
  return items.length ? { ...list, items } : null;
}

const positiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** What localStorage holds, read defensively: anything malformed is no comparison; duplicates and extras are dropped. */
export function parseCompareList(raw: string | null): CompareList | null {
  if (!raw) return null;
  let v: unknown;
  try { v = JSON.parse(raw); } catch { return null; }
  if (!v || typeof v !== 'object') return null;
  const { categoryId, categoryTitle, items } = v as Record<string, unknown>;
  if (!positiveId(categoryId) || typeof categoryTitle !== 'string' || !Array.isArray(items)) return null;
  const seen = new Set<number>();
  const kept: CompareItem[] = [];
  for (const i of items as Record<string, unknown>[]) {
    if (!i || !positiveId(i.id) || typeof i.title !== 'string' || seen.has(i.id) || kept.length >= COMPARE_MAX) continue;
    seen.add(i.id);
    kept.push({ id: i.id, title: i.title, image: typeof i.image === 'string' ? i.image : null });
  }
  return kept.length ? { categoryId, categoryTitle, items: kept } : null;
}

export const compareHref = (ids: readonly number[]) => `/compare?ids=${ids.join(',')}`;

/**
 * The ids of `/compare?ids=1,2,3` as the page takes them: numbers only (Persian digits too), each once, the first
 * four; anything else in the list (words, zero, a huge number, a thousand ids) is ignored, never an error.
 */
export function compareIdsOf(param: string | null): number[] {
  if (!param) return [];
  const ids: number[] = [];
  for (const part of toLatinDigits(param.slice(0, 400)).split(/[,،\s]+/)) {
    if (!/^\d{1,9}$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length === COMPARE_MAX) break;
  }
  return ids;
}
