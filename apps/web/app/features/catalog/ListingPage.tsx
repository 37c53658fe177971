import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import { formatNumber, formatToman, STORE_PAGE_SIZES, toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd, FilterIcon } from '../../components/icons';
import { Pager } from '../../components/ui/Pager';
import { pageCount } from '../../components/ui/pager';
import { RangeSlider } from '../../components/ui/RangeSlider';
import { niceStep, type RangeRules } from '../../components/ui/range';
import { CategoryThumb } from '../../components/CategoryThumb';
import { categoryHref } from '../../lib/links';
import { listingHref, SORT_LABELS, type Sort } from './listing';
import type { ListingData } from './listing.server';
import { ProductCard, ProductCardSkeleton } from './ProductCard';

const SORTS: Sort[] = ['newest', 'bestselling', 'cheapest', 'dearest', 'discount'];

/** Whether any filter beyond the page's own (category, search) narrows the listing. */
const filtered = (state: ListingData['state']) =>
  state.brands.length > 0 || state.inStock || state.hasOff || state.minPrice !== undefined || state.maxPrice !== undefined;
/** The listing's URL without its filters. */
const CLEARED = { brands: null, minPrice: null, maxPrice: null, inStock: null, hasOff: null };

/**
 * The shared listing screen of /product-list, /search, /last-products and /suggest-products. `empty` replaces what an
 * unfiltered listing with no product shows (a search's "did you mean"); a filtered one offers to clear its filters.
 */
export function ListingPage({ data, heading, empty }: { data: ListingData; heading: string; empty?: React.ReactNode }) {
  const { state, products, category, trail } = data;
  const params = useMemo(() => new URLSearchParams(data.search), [data.search]);
  const href = (changes: Record<string, string | number | null | undefined>) => listingHref(data.path, params, changes);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === data.path;
  const pages = pageCount(products.totalCount, products.pageSize);
  const defaultSort: Sort | undefined = data.kind === 'popular' ? 'bestselling' : data.kind === 'search' ? undefined : 'newest';
  const currentSort = state.sort ?? defaultSort;

  return (
    <main className="mx-auto max-w-7xl px-3 py-5 md:px-6 md:py-8">
      {trail.length > 0 && (
        <nav aria-label="مسیر" className="mb-3 text-xs text-gray-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li><Link to="/" className="hover:text-brand-700">خانه</Link></li>
            {trail.map((c) => (
              <li key={c.id} className="flex items-center gap-1">
                <ChevronEnd className="size-3.5" />
                <Link to={categoryHref(c)} className="hover:text-brand-700">{c.title}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="mb-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-xl font-black text-gray-900 md:text-2xl">{heading}</h1>
        <p className="text-sm text-gray-600" data-testid="result-count">{formatNumber(products.totalCount)} کالا</p>
      </div>

      {category && category.children.length > 0 && (
        <ul className="mb-6 flex gap-3 overflow-x-auto pb-2 md:flex-wrap" aria-label="زیردسته‌ها">
          {category.children.map((child) => (
            <li key={child.id} className="shrink-0">
              <Link to={categoryHref(child)} className="flex w-24 flex-col items-center gap-2 rounded-2xl border border-gray-100 bg-white p-3 text-center text-xs font-medium transition hover:border-brand-200 hover:shadow md:w-28">
                <CategoryThumb cat={child} size="size-14" />
                <span className="line-clamp-2">{child.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <div className="md:flex md:items-start md:gap-6">
        <Filters key={data.search} data={data} />
        <section className="min-w-0 flex-1" aria-labelledby="products-heading">
          <h2 id="products-heading" className="sr-only">فهرست محصولات</h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-100 bg-white px-3 py-2 text-sm">
            {/* Wraps rather than scrolls: on a phone every order stays in sight (a scrolled row hid «بیشترین تخفیف»). */}
            <div className="flex flex-wrap items-center gap-1">
              <span className="shrink-0 text-gray-600">مرتب‌سازی:</span>
              {/* A search's own order (relevance) is its default, named first; the other orders beside it. */}
              {(data.kind === 'search' ? [undefined, ...SORTS] : SORTS).map((s) => (
                <Link key={s ?? 'relevance'} to={href({ sort: s === defaultSort ? null : s })} preventScrollReset aria-current={s === currentSort ? 'true' : undefined}
                  className={`shrink-0 rounded-lg px-2.5 py-1.5 ${s === currentSort ? 'bg-brand-50 font-bold text-brand-700' : 'text-gray-700 hover:text-brand-700'}`}>
                  {s ? SORT_LABELS[s] : 'مرتبط‌ترین'}
                </Link>
              ))}
            </div>
            <div className="flex items-center gap-1" aria-label="تعداد در صفحه">
              <span className="text-gray-600">نمایش:</span>
              {STORE_PAGE_SIZES.map((n) => (
                <Link key={n} to={href({ pageSize: n })} preventScrollReset aria-current={n === state.pageSize ? 'true' : undefined}
                  className={`rounded-lg px-2.5 py-1.5 ${n === state.pageSize ? 'bg-brand-600 font-bold text-white' : 'border border-gray-200 text-gray-700 hover:border-brand-500'}`}>
                  {toPersianDigits(n)}
                </Link>
              ))}
            </div>
          </div>

          {loading ? (
            <ul className="grid grid-cols-2 gap-2.5 md:gap-4 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
              {Array.from({ length: Math.min(state.pageSize, 12) }, (_, i) => <li key={i}><ProductCardSkeleton /></li>)}
            </ul>
          ) : products.data.length === 0 && state.page === 1 && filtered(state) ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-200 px-4 py-16 text-center" data-testid="empty">
              <p className="text-lg font-bold text-gray-700">کالایی با این فیلترها پیدا نشد</p>
              <p className="text-sm text-gray-600">محدوده قیمت را بازتر کنید یا فیلترها را بردارید.</p>
              <Link to={href(CLEARED)} preventScrollReset className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700" data-testid="clear-filters">
                حذف همه فیلترها
              </Link>
            </div>
          ) : products.data.length === 0 ? (
            (state.page === 1 && empty) || (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-200 px-4 py-16 text-center" data-testid="empty">
                <p className="text-lg font-bold text-gray-700">موردی وجود ندارد</p>
                {state.page > 1
                  ? <Link to={href({ page: 1 })} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">بازگشت به صفحه اول</Link>
                  : <p className="text-sm text-gray-600">عبارت دیگری جستجو کنید یا سری به جدیدترین محصولات بزنید.</p>}
              </div>
            )
          ) : (
            <ul className="grid grid-cols-2 gap-2.5 md:gap-4 lg:grid-cols-3 xl:grid-cols-4">
              {products.data.map((p, i) => <li key={p.id}><ProductCard product={p} priority={i < 2} /></li>)}
            </ul>
          )}
          <Pager page={state.page} count={pages} hrefFor={(n) => href({ page: n })} />
        </section>
      </div>
    </main>
  );
}

function Filters({ data }: { data: ListingData }) {
  const { state, brands, priceCeiling } = data;
  const submit = useSubmit();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const rules: RangeRules = useMemo(() => {
    const step = niceStep(priceCeiling || 1_000_000);
    return { min: 0, max: Math.max(step, Math.ceil((priceCeiling || 1_000_000) / step) * step), step };
  }, [priceCeiling]);
  const [price, setPrice] = useState<[number, number]>([state.minPrice ?? rules.min, state.maxPrice ?? rules.max]);
  const [open, setOpen] = useState(false);
  const pending = useRef(false);
  const send = useCallback(() => form.current && submit(form.current, { preventScrollReset: true }), [submit]);
  // The slider's hidden inputs render with the new values first, then the form goes.
  useEffect(() => {
    if (pending.current) {
      pending.current = false;
      send();
    }
  }, [price, send]);
  const keep = ['category', 'brand', 'search', 'sort', 'pageSize'];
  const params = new URLSearchParams(data.search);
  const active = filtered(state);

  return (
    <aside className="mb-4 rounded-2xl border border-gray-100 bg-white md:sticky md:top-32 md:mb-0 md:w-64 md:shrink-0" aria-label="فیلترها" data-testid="filters">
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="filter-form" className="flex w-full items-center gap-2 px-4 py-3 font-bold md:hidden">
        <FilterIcon className="size-5 text-brand-700" />
        فیلترها
        {active && <span className="size-2 rounded-full bg-brand-600" aria-label="فیلتر فعال" />}
      </button>
      <Form id="filter-form" ref={form} method="get" action={location.pathname} onChange={send} className={`${open ? '' : 'hidden'} space-y-5 border-t border-gray-100 p-4 md:block md:border-0`}>
        {keep.map((k) => params.get(k) && <input key={k} type="hidden" name={k} value={params.get(k)!} />)}
        <fieldset>
          <legend className="mb-3 text-sm font-bold">محدوده قیمت</legend>
          <RangeSlider
            rules={rules}
            value={price}
            labels={['از', 'تا']}
            format={(n) => formatToman(n)}
            onChange={setPrice}
            onCommit={(v) => { pending.current = true; setPrice(v); }}
          />
          {price[0] > rules.min && <input type="hidden" name="minPrice" value={price[0]} />}
          {price[1] < rules.max && <input type="hidden" name="maxPrice" value={price[1]} />}
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
            <ul className="max-h-60 space-y-1 overflow-y-auto">
              {brands.map((b) => (
                <li key={b.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-lg px-1 py-1.5 text-sm hover:bg-gray-50">
                    <input type="checkbox" name="brands" value={b.id} defaultChecked={state.brands.includes(b.id)} className="size-4 accent-brand-600" />
                    <span className="flex-1">{b.title}</span>
                    {b.alias && <span className="text-xs text-gray-500" dir="ltr">{b.alias}</span>}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="flex gap-2">
          <button type="submit" className="flex-1 rounded-xl bg-brand-600 py-2 text-sm font-medium text-white hover:bg-brand-700">اعمال فیلتر</button>
          {active && <Link to={listingHref(data.path, params, CLEARED)} preventScrollReset className="rounded-xl border border-gray-200 px-3 py-2 text-sm text-gray-700 hover:border-brand-500">حذف فیلترها</Link>}
        </div>
      </Form>
    </aside>
  );
}
