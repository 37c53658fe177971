import {
  DEFAULT_STORE_PAGE_SIZE, formatNumber, normalizeSearch, PRODUCT_SORTS, STORE_PAGE_SIZES, toLatinDigits, type ProductCountQuery, type ProductListQuery,
} from '@sorkhab/shared';

export type Sort = (typeof PRODUCT_SORTS)[number];

/** A listing's state, read from its URL so every filtered page is shareable and server-rendered. */
export interface ListingState {
  /** Category title (spec: /product-list?category={title}); alone (old links) it resolves to the best match. */
  category?: string;
  /** Spec's `brand` parameter: a category's id, carried by every storefront link to a category. */
  categoryId?: number;
  /** Real brand filter (brands=1,2). */
  brands: number[];
  minPrice?: number;
  maxPrice?: number;
  inStock: boolean;
  hasOff: boolean;
  sort?: Sort;
  page: number;
  pageSize: number;
  search?: string;
}

const int = (v: string | null | undefined): number | undefined => {
  if (v === null || v === undefined || v.trim() === '') return undefined;
  // A price typed in the no-script fields may carry Persian digits and thousands separators («۲۰۰٬۰۰۰»).
  const n = Number(toLatinDigits(v.trim()).replace(/[,\u066c\s]/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : undefined;
};
const flag = (v: string | null) => v === '1' || v === 'true' || v === 'on';

export function parseListing(sp: URLSearchParams): ListingState {
  const brands = sp.getAll('brands').flatMap((v) => v.split(',')).map((v) => int(v)).filter((n): n is number => !!n);
  const size = int(sp.get('pageSize'));
  const sort = sp.get('sort') as Sort | null;
  const category = sp.get('category')?.trim();
  const search = sp.get('search')?.trim();
  let minPrice = int(sp.get('minPrice'));
  let maxPrice = int(sp.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    category: category || undefined,
    categoryId: int(sp.get('brand')) || undefined,
    brands: [...new Set(brands)].sort((a, b) => a - b),
    minPrice,
    maxPrice,
    inStock: flag(sp.get('inStock')),
    hasOff: flag(sp.get('hasOff')),
    sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : undefined,
    page: Math.max(1, int(sp.get('page')) ?? 1),
    pageSize: (STORE_PAGE_SIZES as readonly number[]).includes(size ?? 0) ? size! : DEFAULT_STORE_PAGE_SIZE,
    // The API takes 200 characters of search (a longer paste is cut, never refused; no half of a surrogate pair is left).
    search: search ? search.slice(0, 200).replace(/[\uD800-\uDBFF]$/, '') : undefined,
  };
}

/** A text the form encoding writes as it is. */
const UNESCAPED = /^[\w.*-]*$/;

/** A parameter as `URLSearchParams` writes it (application/x-www-form-urlencoded): `key=value`, each percent-encoded. */
function formPair(key: string, value: string): string {
  if (UNESCAPED.test(key) && UNESCAPED.test(value)) return `${key}=${value}`; // most: `sort=cheapest`, `page=2`
  try {
    // encodeURIComponent leaves `!'()~`, which a form's encoding escapes, and writes a space as %20, which it writes as `+`.
    const encode = (text: string) => encodeURIComponent(text).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
    return `${encode(key)}=${encode(value)}`;
  } catch {
    return new URLSearchParams([[key, value]]).toString(); // half of a surrogate pair (URIError): as URLSearchParams writes it
  }
}

interface Param { key: string; text: string }

/** A listing's parameters with each one's encoding, made once per `URLSearchParams` (a page's, never changed after). */
const encodedParams = new WeakMap<URLSearchParams, { params: (Param & { value: string })[]; keys: Set<string> }>();

/**
 * The URL of the listing with some parameters changed; any change but the page goes back to page 1. `current` are the
 * page's parameters, which it does not change: the listing's links (≈ 20 a page) share their encoding. What
 * `URLSearchParams` would write after `set`, `delete` and `toString` (listing.test.ts compares the two).
 */
export function listingHref(pathname: string, current: URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  let encoded = encodedParams.get(current);
  if (!encoded) {
    const params = [...current].map(([key, value]) => ({ key, value, text: formPair(key, value) }));
    encodedParams.set(current, (encoded = { params, keys: new Set(params.map((p) => p.key)) }));
  }
  const given = (v: string | number | null | undefined): v is string | number => v !== null && v !== undefined && v !== '';
  const out: (Param & { value: string })[] = [];
  const changed = new Set<string>();
  // A changed parameter takes its first place and drops its others (URLSearchParams' `set`); an emptied one goes.
  for (const param of encoded.params) {
    if (!Object.hasOwn(changes, param.key)) out.push(param);
    else if (!changed.has(param.key)) {
      changed.add(param.key);
      const v = changes[param.key];
      if (given(v)) out.push({ key: param.key, value: String(v), text: formPair(param.key, String(v)) });
    }
  }
  for (const [key, v] of Object.entries(changes)) {
    if (!encoded.keys.has(key) && given(v)) out.push({ key, value: String(v), text: formPair(key, String(v)) });
  }
  const first = (key: string) => out.find((p) => p.key === key)?.value;
  const dropped = new Set<string>();
  if (!('page' in changes) || first('page') === '1') dropped.add('page');
  if (first('pageSize') === String(DEFAULT_STORE_PAGE_SIZE)) dropped.add('pageSize');
  let s = '';
  for (const param of out) if (!dropped.has(param.key)) s += (s ? '&' : '') + param.text;
  return s ? `${pathname}?${s}` : pathname;
}

/** The `GET /Product/All` query of a listing state (empty values are left out of the URL). */
/** Whether any filter beyond the page's own (category, search) narrows the listing. */
export const isFiltered = (state: ListingState) =>
  state.brands.length > 0 || state.inStock || state.hasOff || state.minPrice !== undefined || state.maxPrice !== undefined;

export function apiQueryOf(state: ListingState, base: { categoryId?: number; categoryTitle?: string; defaultSort?: Sort }): ProductListQuery {
  return {
    pageNumber: state.page,
    pageSize: state.pageSize,
    categoryId: base.categoryId || undefined,
    categoryTitle: base.categoryId ? undefined : base.categoryTitle,
    title: state.search || undefined,
    brandIds: state.brands,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    inStock: state.inStock || undefined,
    hasOff: state.hasOff || undefined,
    sort: state.sort ?? base.defaultSort,
  };
}

export const SORT_LABELS: Record<Sort, string> = {
  newest: 'جدیدترین',
  bestselling: 'پرفروش‌ترین',
  cheapest: 'ارزان‌ترین',
  dearest: 'گران‌ترین',
  discount: 'بیشترین تخفیف',
};

/** The filters of a listing query without its order and page: the filter sheet's live count (`GET /Product/Count`). */
export function countQueryOf(q: ProductListQuery): ProductCountQuery {
  const { pageNumber: _p, pageSize: _s, sort: _o, ...filters } = q;
  return filters;
}

/** A chosen filter shown as a removable chip: its label and the listing's URL without it. */
export interface Chip {
  key: string;
  label: string;
  href: string;
}

/** A price range in words, in Persian digits: «از ۱۰۰٬۰۰۰ تا ۵۰۰٬۰۰۰ تومان». */
export function priceRangeLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `از ${formatNumber(min)} تا ${formatNumber(max)} تومان`;
  if (min !== undefined) return `از ${formatNumber(min)} تومان`;
  return `تا ${formatNumber(max ?? 0)} تومان`;
}

/**
 * The chips of a listing's chosen filters, each linking to the listing without it (plain links: they work
 * without JavaScript). `category`: the chosen category where it is a filter (search, newest, best sellers).
 */
export function chipsOf(path: string, params: URLSearchParams, state: ListingState, brands: { id: number; title: string }[],
  category: { id: number; title: string } | null): Chip[] {
  const chips: Chip[] = [];
  const href = (changes: Record<string, string | null>) => listingHref(path, params, changes);
  if (category) chips.push({ key: 'category', label: category.title, href: href({ brand: null, category: null }) });
  for (const id of state.brands) {
    const title = brands.find((b) => b.id === id)?.title;
    if (!title) continue;
    chips.push({ key: `brand-${id}`, label: title, href: href({ brands: state.brands.filter((b) => b !== id).join(',') || null }) });
  }
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    chips.push({ key: 'price', label: priceRangeLabel(state.minPrice, state.maxPrice), href: href({ minPrice: null, maxPrice: null }) });
  }
  if (state.inStock) chips.push({ key: 'inStock', label: 'فقط کالاهای موجود', href: href({ inStock: null }) });
  if (state.hasOff) chips.push({ key: 'hasOff', label: 'فقط تخفیف‌دارها', href: href({ hasOff: null }) });
  return chips;
}

/** Whether a brand matches what the shopper typed in the brand list's box: ي/ی, ك/ک, Latin case and digits alike. */
export function brandMatches(brand: { title: string; alias: string }, typed: string): boolean {
  const q = normalizeSearch(typed);
  if (!q) return true;
  return normalizeSearch(`${brand.title} ${brand.alias}`).includes(q) || normalizeSearch(`${brand.title}${brand.alias}`).replace(/ /g, '').includes(q.replace(/ /g, ''));
}
