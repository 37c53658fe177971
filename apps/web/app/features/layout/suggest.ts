import { formatToman, type Suggestions } from '@sorkhab/shared';
import { categoryHref, productHref } from '../../lib/links';

/** Letters (spaces aside) the box waits for before asking (the API answers nothing below two). */
const SUGGEST_MIN_LETTERS = 2;

/** One row of the suggestion list, in the order the arrow keys walk it. */
export interface SuggestOption {
  id: string;
  group: 'products' | 'categories' | 'brands' | 'all';
  label: string;
  detail: string | null;
  href: string;
  image: { src: string | null; variants: Suggestions['products'][number]['imageVariants'] } | null;
}

export const GROUP_TITLES: Record<SuggestOption['group'], string> = {
  products: 'محصولات', categories: 'دسته‌بندی‌ها', brands: 'برندها', all: '',
};

export const wantsSuggestions = (q: string) => [...q.replace(/\s/g, '')].length >= SUGGEST_MIN_LETTERS;

/** The rows to show for an answer: products, categories, brands, then "every result for …". */
export function suggestOptions(q: string, s: Suggestions): SuggestOption[] {
  const term = q.trim();
  const rows: SuggestOption[] = [
    ...s.products.map((p) => ({
      id: `p${p.id}`, group: 'products' as const, label: p.title, detail: p.stock <= 0 ? 'ناموجود' : `${p.priceVaries ? 'از ' : ''}${formatToman(p.offPrice)}`, href: productHref(p.id),
      image: { src: p.imageUri, variants: p.imageVariants },
    })),
    ...s.categories.map((c) => ({
      id: `c${c.id}`, group: 'categories' as const, label: c.title, detail: c.parentTitle ? `در ${c.parentTitle}` : null, href: categoryHref(c), image: null,
    })),
    ...s.brands.map((b) => ({ id: `b${b.id}`, group: 'brands' as const, label: b.title, detail: b.alias || null, href: `/search?brands=${b.id}`, image: null })),
  ];
  // The shopper's words isolated (FSI…PDI), so Latin words keep their place and the quotes their direction.
  if (term) rows.push({ id: 'all', group: 'all', label: `همه نتایج «\u2068${term}\u2069»`, detail: null, href: `/search?${new URLSearchParams({ search: term })}`, image: null });
  return rows;
}

/** The row the arrow keys move to (wrapping; -1: back in the text box). */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
