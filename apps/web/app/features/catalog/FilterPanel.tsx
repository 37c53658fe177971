import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Form, useLocation, useSubmit } from 'react-router';
import { formatNumber, formatToman } from '@sorkhab/shared';
import { CloseIcon, FilterIcon, SearchIcon } from '../../components/icons';
import { RangeSlider, type SliderTexts } from '../../components/ui/RangeSlider';
import { niceStep, type RangeRules } from '../../components/ui/range';
import { useHydrated } from '../../components/ui/use-hydrated';
import { trapTab } from '../../components/ui/trap-tab';
import { browserApi } from '../../lib/api';
import { apiQueryOf, brandMatches, countQueryOf, parseListing } from './listing';
import type { ListingData } from './listing.server';

/** Brands listed before the brand list gets a search box of its own. */
const BRAND_SEARCH_FROM = 9;
/** How long the sheet waits after the last change before asking for the count. */
const COUNT_DEBOUNCE_MS = 250;
/** Below this width the filters are a sheet (phones and tablets), at and above it a sidebar that applies at once. */
const SHEET_QUERY = '(max-width: 1023.98px)';

/**
 * A listing's filters (decision 027). From 1024 px a sidebar whose every change applies at once; below, a
 * sheet that stays open while several filters are chosen, showing the live result count on its apply
 * button (`GET /Product/Count`, debounced), and that leaves the listing as it was when closed without
 * applying. Without JavaScript the button opens the sheet through `:target` and the form submits as a
 * plain GET.
 */
export function FilterPanel({ data }: { data: ListingData }) {
  const html = useContext(PanelMarkup)?.(data);
  return html === undefined
    ? <LiveFilterPanel data={data} />
    : <aside className={PANEL_CLASS} aria-label="فیلترها" data-testid="filters" dangerouslySetInnerHTML={{ __html: html }} />;
}

const PANEL_CLASS = 'mb-4 lg:sticky lg:top-32 lg:mb-0 lg:w-64 lg:shrink-0';

/**
 * On the server, a listing's filters written from a template rather than rendered by React (panel-markup.server.tsx):
 * the markup inside the panel's `<aside>`, or undefined where React is to render it. The browser has none.
 */
export const PanelMarkup = createContext<((data: ListingData) => string | undefined) | undefined>(undefined);

/** The price slider's rules for a listing whose dearest product costs `priceCeiling` (0: none known). */
export function priceRules(priceCeiling: number): RangeRules {
  const step = niceStep(priceCeiling || 1_000_000);
  return { min: 0, max: Math.max(step, Math.ceil((priceCeiling || 1_000_000) / step) * step), step };
}

/**
 * What a template's render of the panel writes in place of what it would compute (panel-markup.server.tsx): the
 * result count, the slider's texts, the price range's fields and the option lists' items.
 */
export interface PanelMarks {
  total: string; slider: SliderTexts; minPrice: string | null; maxPrice: string | null; categories: string | null; brands: string | null;
  /** The applied range's bounds as the no-script fields show them (Persian digits), or null for none. */
  minPriceText: string | null; maxPriceText: string | null;
}

/** A price bound as the no-script fields show it: Persian digits with separators, none for the slider's end. */
export const priceFieldText = (bound: number | undefined) => (bound === undefined ? null : formatNumber(bound));

/**
 * Where the focus goes back once the listing a filter change asked for has come (the panel is made anew for each
 * listing, and the focus would fall to the page's body): the control the shopper changed, found again by its name and
 * value or its label (a slider's thumb), or — applied from the phone's sheet — the button that opened it.
 */
let focusAfterChange: { name: string; value: string; label: string } | 'opener' | null = null;
/** When it was set: a change whose listing never came (the same URL, a failed load) does not move a later page's focus. */
let focusAsked = 0;
const FOCUS_WAIT_MS = 10_000;
const askFocus = (target: typeof focusAfterChange) => { focusAfterChange = target; focusAsked = Date.now(); };

/** What finds `el` again in a panel made anew. */
function focusKey(el: Element | null, within: HTMLElement | null) {
  if (!el || !within?.contains(el)) return null;
  return { name: el.getAttribute('name') ?? '', value: el.getAttribute('value') ?? '', label: el.getAttribute('aria-label') ?? '' };
}

function refocus(panel: HTMLElement, opener: HTMLElement | null) {
  const target = Date.now() - focusAsked < FOCUS_WAIT_MS ? focusAfterChange : null;
  focusAfterChange = null;
  if (target === 'opener') return opener?.focus();
  if (!target) return;
  const selector = target.name ? `[name="${CSS.escape(target.name)}"]${target.value ? `[value="${CSS.escape(target.value)}"]` : ''}`
    : target.label ? `[aria-label="${CSS.escape(target.label)}"]` : null;
  const found = selector ? panel.querySelector<HTMLElement>(selector) : null;
  found?.focus({ preventScroll: true });
}

/** The panel as React renders it (`marks`: a template's, on the server). */
export function LiveFilterPanel({ data, marks }: { data: ListingData; marks?: PanelMarks }) {
  const { state, brands, priceCeiling } = data;
  const submit = useSubmit();
  const location = useLocation();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rules: RangeRules = useMemo(() => priceRules(priceCeiling), [priceCeiling]);
  const applied: [number, number] = [state.minPrice ?? rules.min, state.maxPrice ?? rules.max];
  const [price, setPrice] = useState<[number, number]>(applied);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState<{ n: number; loading: boolean }>({ n: data.products.totalCount, loading: false });
  const [brandQuery, setBrandQuery] = useState('');
  /** Bumped to put the form back as the listing has it: a fresh form, since React misses the changes after a native form.reset(). */
  const [generation, setGeneration] = useState(0);
  const counts = useRef(new Map<string, number>());
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef(false);

  const inSheet = () => typeof window !== 'undefined' && window.matchMedia(SHEET_QUERY).matches;

  /** The count of what the form now holds, asked once per distinct query and only for the latest change. */
  const recount = useCallback(() => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const chosen = parseListing(new URLSearchParams(new FormData(form.current) as unknown as Record<string, string>));
    const categoryId = data.kind === 'category' ? data.category?.id : chosen.categoryId;
    const query = countQueryOf(apiQueryOf(chosen, { categoryId, categoryTitle: data.kind === 'category' ? undefined : chosen.category }));
    const key = JSON.stringify(query);
    const known = counts.current.get(key);
    const ticket = ++asked.current;
    if (known !== undefined) return setCount({ n: known, loading: false });
    setCount((c) => ({ ...c, loading: true }));
    timer.current = setTimeout(async () => {
      const res = await browserApi.call('GET /Product/Count', { query });
      if (ticket !== asked.current) return;
      if (res.success) counts.current.set(key, res.data.totalCount);
      setCount((c) => (res.success ? { n: res.data.totalCount, loading: false } : { ...c, loading: false }));
    }, COUNT_DEBOUNCE_MS);
  }, [data.kind, data.category?.id]);

  const panel = useRef<HTMLElement>(null);
  const changed = useCallback(() => {
    if (inSheet()) recount();
    else if (form.current) {
      askFocus(focusKey(document.activeElement, form.current));
      submit(form.current, { preventScrollReset: true });
    }
  }, [recount, submit]);
  // A panel made for the listing a change brought: the focus back where the shopper was.
  useEffect(() => { if (panel.current) refocus(panel.current, opener.current); }, []);

  // The slider's hidden inputs render with the new values first, then the change is taken.
  useEffect(() => {
    if (pending.current) {
      pending.current = false;
      changed();
    }
  }, [price, changed]);

  const close = useCallback(() => {
    // Closed without applying: the form goes back to the listing's filters, the listing never changed.
    clearTimeout(timer.current);
    asked.current++;
    setGeneration((g) => g + 1);
    setPrice([state.minPrice ?? rules.min, state.maxPrice ?? rules.max]);
    setBrandQuery('');
    setCount({ n: data.products.totalCount, loading: false });
    setOpen(false);
    opener.current?.focus();
  }, [state.minPrice, state.maxPrice, rules.min, rules.max, data.products.totalCount]);

  useEffect(() => {
    if (!open) return;
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      if (e.key === 'Tab' && form.current) trapTab(e, form.current);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, close]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Opened before the scripts ran (the no-JavaScript link sets the hash): the sheet is the script's from now on.
  useEffect(() => {
    if (window.location.hash !== '#filter-sheet') return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    setOpen(true);
  }, []);

  const keep = keptParams(data.kind);
  const params = new URLSearchParams(data.search);
  const active = chosenFilters(data);
  const brandSearch = hydrated && brands.length >= BRAND_SEARCH_FROM;
  const shownBrands = brandSearch && brandQuery ? brands.filter((b) => brandMatches(b, brandQuery)) : brands;
  const chosenCategory = data.chosenCategory?.id;
  const categoryList = categoryOptions(data);

  return (
    <aside ref={panel} className={PANEL_CLASS} aria-label="فیلترها" data-testid="filters">
      <a ref={opener} href="#filter-sheet" role="button" aria-haspopup="dialog" aria-expanded={open} aria-controls="filter-sheet"
        onClick={(e) => { e.preventDefault(); setOpen(true); }}
        className="flex w-full items-center gap-2 rounded-2xl border border-gray-100 bg-white px-4 py-3 font-bold lg:hidden" data-testid="filters-open">
        <FilterIcon className="size-5 text-brand-700" />
        فیلترها
        {active > 0 && <span className="ms-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white" aria-label={`${formatNumber(active)} فیلتر فعال`}>{formatNumber(active)}</span>}
      </a>
      <div id="filter-sheet" className={`${open ? 'max-lg:flex' : 'max-lg:hidden'} max-lg:target:flex max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:flex-col max-lg:justify-end`}
        role={open ? 'dialog' : undefined} aria-modal={open ? true : undefined} aria-labelledby={open ? 'filter-sheet-title' : undefined} data-testid="filter-sheet">
        <a href="#" onClick={(e) => { e.preventDefault(); close(); }} className="absolute inset-0 bg-black/40 lg:hidden" aria-hidden="true" tabIndex={-1} />
        <Form key={generation} id="filter-form" ref={form} method="get" action={location.pathname} onChange={changed}
          onSubmit={() => askFocus(inSheet() ? 'opener' : focusKey(document.activeElement, form.current))}
          className="relative flex max-h-[85dvh] w-full flex-col self-center rounded-t-3xl bg-white shadow-xl sm:max-w-lg lg:max-h-none lg:rounded-2xl lg:border lg:border-gray-100 lg:shadow-none">
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3 lg:hidden">
            <h2 id="filter-sheet-title" ref={heading} tabIndex={-1} className="text-base font-bold outline-none">فیلترها</h2>
            <a href="#" onClick={(e) => { e.preventDefault(); close(); }} className="rounded-full p-2 text-gray-600 hover:bg-gray-100" aria-label="بستن فیلترها" role="button" data-testid="filters-close">
              <CloseIcon className="size-5" />
            </a>
          </div>
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto overscroll-contain p-4">
            {keep.map((k) => params.get(k) && <input key={k} type="hidden" name={k} value={params.get(k)!} />)}
            {data.kind !== 'category' && categoryList.length > 0 && (
              <fieldset>
                <legend className="mb-2 text-sm font-bold">دسته‌بندی</legend>
                <ul className="max-h-56 space-y-1 overflow-y-auto" data-testid="category-facet">
                  <li>
                    <label className="flex cursor-pointer items-center gap-2 rounded-lg px-1 py-1.5 text-sm hover:bg-gray-50">
                      <input type="radio" name="brand" value="" defaultChecked={!chosenCategory} className="size-4 accent-brand-600" />
                      <span className="flex-1">همه دسته‌ها</span>
                    </label>
                  </li>
                  {marks ? marks.categories : categoryList.map((option) => <OptionItem key={option.value} {...option} />)}
                </ul>
              </fieldset>
            )}
            <fieldset>
              <legend className="mb-3 text-sm font-bold">محدوده قیمت</legend>
              <RangeSlider rules={rules} value={price} labels={['از', 'تا']} format={(n) => formatToman(n)} onChange={setPrice}
                onCommit={(v) => { pending.current = true; setPrice(v); }} texts={marks?.slider} />
              {/* Without JavaScript the slider cannot move: two fields take the range instead. A listing reads the first
                  of a name, so they come before the slider's own fields (which keep an applied range once scripts run). */}
              <noscript>
                <div className="mt-3 grid grid-cols-2 gap-3">
                  <PriceField name="minPrice" label="از (تومان)" value={marks ? marks.minPriceText : priceFieldText(state.minPrice)} />
                  <PriceField name="maxPrice" label="تا (تومان)" value={marks ? marks.maxPriceText : priceFieldText(state.maxPrice)} />
                </div>
              </noscript>
              {price[0] > rules.min && <input type="hidden" name="minPrice" value={marks?.minPrice ?? price[0]} />}
              {price[1] < rules.max && <input type="hidden" name="maxPrice" value={marks?.maxPrice ?? price[1]} />}
            </fieldset>
            <label className="flex cursor-pointer items-center justify-between gap-2 text-sm">
              <span className="font-bold">فقط کالاهای موجود</span>
              <input type="checkbox" name="inStock" value="1" defaultChecked={state.inStock} className="size-4 accent-brand-600" />
            </label>
            <label className="flex cursor-pointer items-center justify-between gap-2 text-sm">
              <span className="font-bold">فقط تخفیف‌دارها</span>
              <input type="checkbox" name="hasOff" value="1" defaultChecked={state.hasOff} className="size-4 accent-brand-600" />
            </label>
            {brands.length > 0 && (
              <fieldset>
                <legend className="mb-2 text-sm font-bold">برند</legend>
                {brandSearch && (
                  <div className="relative mb-2">
                    <SearchIcon className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-gray-500" />
                    <input type="search" value={brandQuery} onChange={(e) => { e.stopPropagation(); setBrandQuery(e.target.value); }} aria-label="جستجوی برند" placeholder="جستجوی برند"
                      onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} form="" data-testid="brand-search"
                      className="w-full rounded-xl border border-gray-200 py-2 pe-3 ps-8 text-sm outline-none focus:border-brand-500" />
                  </div>
                )}
                {/* Brands the box hides stay in the form (hidden, not removed), so a chosen one is still sent. */}
                <ul className="max-h-60 space-y-1 overflow-y-auto" data-testid="brand-facet">
                  {marks ? marks.brands : brandOptions(data).map((option, i) => <OptionItem key={option.value} hidden={!shownBrands.includes(brands[i]!)} {...option} />)}
                </ul>
                {shownBrands.length === 0 && <p className="px-1 py-2 text-sm text-gray-600">برندی با این نام نیست.</p>}
              </fieldset>
            )}
          </div>
          <div className="border-t border-gray-100 p-4 max-lg:pb-[max(1rem,env(safe-area-inset-bottom))] lg:border-0 lg:pt-0">
            <button type="submit" className="w-full rounded-xl bg-brand-600 py-2.5 text-sm font-bold text-white hover:bg-brand-700" data-testid="filters-apply" aria-live="polite">
              <span className="lg:hidden">{count.loading ? 'در حال شمارش…' : `نمایش ${marks?.total ?? formatNumber(count.n)} کالا`}</span>
              <span className="max-lg:hidden">اعمال فیلتر</span>
            </button>
          </div>
        </Form>
      </div>
    </aside>
  );
}

/** A price bound typed by a shopper whose browser runs no script (digits Persian or Latin, separators allowed). */
function PriceField({ name, label, value }: { name: string; label: string; value: string | null }) {
  return (
    <label className="flex flex-col gap-1 text-xs text-gray-600">
      {label}
      <input name={name} inputMode="numeric" autoComplete="off" defaultValue={value ?? ''} placeholder="بدون محدودیت"
        className="w-full rounded-lg border border-gray-300 px-2 py-1.5 text-sm text-gray-900 outline-none focus:border-brand-500" />
    </label>
  );
}

/** How many filters the listing has chosen (the panel's badge): each brand, in stock, discounted, a price range, a category. */
export const chosenFilters = ({ state, chosenCategory }: ListingData) =>
  state.brands.length + (state.inStock ? 1 : 0) + (state.hasOff ? 1 : 0)
  + (state.minPrice !== undefined || state.maxPrice !== undefined ? 1 : 0) + (chosenCategory ? 1 : 0);

/** The listing's parameters that the filters' form sends on as they are (its hidden fields), beside its own. */
export const keptParams = (kind: ListingData['kind']) => ['search', 'sort', 'pageSize', ...(kind === 'category' ? ['category', 'brand'] : [])];

/** A listing's category options: its categories with their counts, the chosen one first when they do not list it. */
export function categoryOptions(data: ListingData): FacetOptionProps[] {
  const chosen = data.chosenCategory?.id;
  const list = chosen && !data.categories.some((c) => c.id === chosen)
    ? [{ ...data.chosenCategory!, count: data.products.totalCount }, ...data.categories] : data.categories;
  return list.map((c) => ({ kind: 'category', value: c.id, title: c.title, count: formatNumber(c.count), checked: c.id === chosen }));
}

/** A listing's brand options, with their counts. */
export const brandOptions = (data: ListingData): FacetOptionProps[] =>
  data.brands.map((b) => ({ kind: 'brand', value: b.id, title: b.title, alias: b.alias, count: formatNumber(b.count), checked: data.state.brands.includes(b.id) }));

/** One option of a listing's category or brand filter (its count already written in Persian digits). */
export interface FacetOptionProps { kind: 'category' | 'brand'; value: number | string; title: string; alias?: string | null; count: string; checked: boolean }

/** An option's label: a category's radio button (its form field is `brand`, the listing's category id) or a brand's checkbox. */
export function FacetOption({ kind, value, title, alias, count, checked }: FacetOptionProps) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded-lg px-1 py-1.5 text-sm hover:bg-gray-50">
      {kind === 'category'
        ? <input type="radio" name="brand" value={value} defaultChecked={checked} className="size-4 accent-brand-600" />
        : <input type="checkbox" name="brands" value={value} defaultChecked={checked} className="size-4 accent-brand-600" />}
      {/* The name keeps its length up to 60% of the row (wrapping past it); the English name has the rest, in at most two lines. */}
      <span className="min-w-0 max-w-[60%] shrink-0 wrap-anywhere">{title}</span>
      {alias && <span className="ms-auto line-clamp-2 min-w-0 wrap-anywhere text-xs text-gray-600" dir="ltr">{alias}</span>}
      <span className={`${alias ? '' : 'ms-auto '}${kind === 'category' ? 'shrink-0 text-xs text-gray-600' : 'min-w-6 shrink-0 text-end text-xs text-gray-600'}`}>{count}</span>
    </label>
  );
}

/**
 * On the server, an option's label written from a template rather than rendered by React (facet-markup.server.tsx);
 * undefined for one it has no template for. The browser has none.
 */
export const OptionMarkup = createContext<((option: FacetOptionProps) => string | undefined) | undefined>(undefined);

/** An option in its `<li>`: from its template on the server when there is one, the markup the browser's render hydrates. */
function OptionItem({ hidden, ...option }: FacetOptionProps & { hidden?: boolean }) {
  const html = useContext(OptionMarkup)?.(option);
  return html === undefined ? <li hidden={hidden}><FacetOption {...option} /></li> : <li hidden={hidden} dangerouslySetInnerHTML={{ __html: html }} />;
}

