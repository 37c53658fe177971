import { createContext, useContext, useMemo } from 'react';
import { useNavigation } from 'react-router';
import { Filled } from '../../components/Filled';
import { Link } from '../../components/Link';
import { formatNumber, STORE_PAGE_SIZES, toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd, CloseIcon } from '../../components/icons';
import { Pager } from '../../components/ui/Pager';
import { pageCount } from '../../components/ui/pager';
import { CategoryThumb } from '../../components/CategoryThumb';
import { categoryHref } from '../../lib/links';
import { FilterPanel } from './FilterPanel';
import { chipsOf, isFiltered, listingHref, SORT_LABELS, type Sort } from './listing';
import type { ListingData } from './listing.server';
import { CardItem, ProductCardSkeleton } from './ProductCard';

const SORTS: Sort[] = ['newest', 'bestselling', 'cheapest', 'dearest', 'discount'];

/** The listing's URL without its filters. */
const CLEARED = { brands: null, minPrice: null, maxPrice: null, inStock: null, hasOff: null };

/**
 * The shared listing screen of /product-list, /search, /last-products and /suggest-products. `empty` replaces what an
 * unfiltered listing with no product shows (a search's "did you mean"); a filtered one offers to clear its filters.
 */
export function ListingPage({ data, heading, empty }: { data: ListingData; heading: React.ReactNode; empty?: React.ReactNode }) {
  const { state, products, category, trail } = data;
  const params = useMemo(() => new URLSearchParams(data.search), [data.search]);
  const href = (changes: Record<string, string | number | null | undefined>) => listingHref(data.path, params, changes);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === data.path;
  const pages = pageCount(products.totalCount, products.pageSize);
  const defaultSort: Sort | undefined = data.kind === 'popular' ? 'bestselling' : data.kind === 'search' ? undefined : 'newest';
  const currentSort = state.sort ?? defaultSort;
  // Nothing found and nothing to narrow (a search with no result): no filters or orders to offer, only `empty`.
  const bare = !!empty && products.totalCount === 0 && state.page === 1 && !isFiltered(state);
  const markup = useContext(ListingMarkup);
  // A search's own order (relevance) is its default, named first; the other orders beside it.
  const bar: OrderBarLinks = {
    sorts: (data.kind === 'search' ? [undefined, ...SORTS] : SORTS).map((s) => ({
      href: href({ sort: s === defaultSort ? null : s }), label: s ? SORT_LABELS[s] : 'مرتبط‌ترین', current: s === currentSort,
    })),
    sizes: STORE_PAGE_SIZES.map((n) => ({ href: href({ pageSize: n }), label: toPersianDigits(n), current: n === state.pageSize })),
  };

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

      <div className="lg:flex lg:items-start lg:gap-6">
        {!bare && <FilterPanel key={data.search} data={data} />}
        <section className="min-w-0 flex-1" aria-labelledby="products-heading">
          <h2 id="products-heading" className="sr-only">فهرست محصولات</h2>
          <Filled as="div" html={markup?.orderBar(bar)} hidden={bare} className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-100 bg-white px-3 py-2 text-sm">
            <OrderBar {...bar} />
          </Filled>

          <Chips data={data} params={params} />
          {loading ? (
            <ul className="grid grid-cols-2 gap-2.5 md:grid-cols-3 md:gap-4 xl:grid-cols-4" aria-busy="true">
              {Array.from({ length: Math.min(state.pageSize, 12) }, (_, i) => <li key={i}><ProductCardSkeleton /></li>)}
            </ul>
          ) : products.data.length === 0 && state.page === 1 && isFiltered(state) ? (
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
            <ul className="grid grid-cols-2 gap-2.5 md:grid-cols-3 md:gap-4 xl:grid-cols-4">
              {products.data.map((p, i) => <CardItem key={p.id} product={p} priority={i < 2} />)}
            </ul>
          )}
          <Pager page={state.page} count={pages} hrefFor={(n) => href({ page: n })} />
        </section>
      </div>
    </main>
  );
}

/** A listing's links to its orders and to its page sizes, each with its label, one of each the current one. */
export interface OrderBarLinks {
  sorts: { href: string; label: string; current: boolean }[];
  sizes: { href: string; label: string; current: boolean }[];
}

/** The chosen filters' chips (each a link to the listing without it) and the link that clears them all. */
export interface ChipLinks { chips: { key: string; label: string; href: string }[]; clearAll: string }

/**
 * On the server, parts of a listing written from templates rather than rendered by React (listing-markup.server.tsx):
 * its order bar and its chips; undefined for those it has no template for. The browser has none.
 */
export const ListingMarkup = createContext<{ orderBar(bar: OrderBarLinks): string | undefined; chips(chips: ChipLinks): string | undefined } | undefined>(undefined);

/** The orders and the page sizes, inside the listing's bar. */
export function OrderBar({ sorts, sizes }: OrderBarLinks) {
  return (
    <>
      {/* Wraps rather than scrolls: on a phone every order stays in sight (a scrolled row hid «بیشترین تخفیف»). */}
      <div className="flex flex-wrap items-center gap-1">
        <span className="shrink-0 text-gray-600">مرتب‌سازی:</span>
        {sorts.map((s) => (
          <Link key={s.label} to={s.href} preventScrollReset aria-current={s.current ? 'true' : undefined}
            className={`shrink-0 rounded-lg px-2.5 py-1.5 ${s.current ? 'bg-brand-50 font-bold text-brand-700' : 'text-gray-700 hover:text-brand-700'}`}>
            {s.label}
          </Link>
        ))}
      </div>
      <div className="flex items-center gap-1" aria-label="تعداد در صفحه">
        <span className="text-gray-600">نمایش:</span>
        {sizes.map((n) => (
          <Link key={n.label} to={n.href} preventScrollReset aria-current={n.current ? 'true' : undefined}
            className={`rounded-lg px-2.5 py-1.5 ${n.current ? 'bg-brand-600 font-bold text-white' : 'border border-gray-200 text-gray-700 hover:border-brand-500'}`}>
            {n.label}
          </Link>
        ))}
      </div>
    </>
  );
}

/** The chosen filters as removable chips, with «حذف همه»: plain links, on every width. */
function Chips({ data, params }: { data: ListingData; params: URLSearchParams }) {
  const markup = useContext(ListingMarkup);
  const chips = chipsOf(data.path, params, data.state, data.brands, data.chosenCategory);
  if (chips.length === 0) return null;
  const clearAll = listingHref(data.path, params, { brands: null, minPrice: null, maxPrice: null, inStock: null, hasOff: null,
    ...(data.kind === 'category' ? {} : { brand: null, category: null }) });
  return (
    <Filled as="ul" html={markup?.chips({ chips, clearAll })} className="mb-4 flex flex-wrap items-center gap-2" aria-label="فیلترهای انتخاب‌شده" data-testid="chips">
      <ChipItems chips={chips} clearAll={clearAll} />
    </Filled>
  );
}

/** The chips' items, inside their list. */
export function ChipItems({ chips, clearAll }: ChipLinks) {
  return (
    <>
      {chips.map((c) => (
        <li key={c.key}>
          <Link to={c.href} preventScrollReset aria-label={`حذف فیلتر ${c.label}`} data-testid="chip"
            className="flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1.5 pe-2 ps-3 text-sm text-brand-800 hover:border-brand-500">
            <span>{c.label}</span>
            <CloseIcon className="size-3.5" />
          </Link>
        </li>
      ))}
      <li>
        <Link to={clearAll} preventScrollReset className="px-2 py-1.5 text-sm font-medium text-gray-700 underline-offset-4 hover:text-brand-700 hover:underline" data-testid="chips-clear">
          حذف همه
        </Link>
      </li>
    </>
  );
}
