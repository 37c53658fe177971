import { redirect } from 'react-router';
import { Link } from '../../components/Link';
import { formatNumber, toPersianDigits } from '@sorkhab/shared';
import { apiOf, sharedValue } from '../../lib/context';
import { ListingPage } from '../../features/catalog/ListingPage';
import { loadListing } from '../../features/catalog/listing.server';
import { BestSellers } from '../../features/catalog/BestSellers';
import { bestSellersHtml } from '../../features/catalog/best-sellers.server';
import { toCard } from '../../features/catalog/ProductCard';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import { FrameHole, FRAME_META, framedLoader, isFrame } from '../../lib/frame';
import { ReusedPart } from '../../lib/parts';
import type { Route } from './+types/search';

const BEST_SELLERS = 8;

/** Framed: the server renders the document around it once and only this route's part per request (lib/frame.tsx). */
export const handle = { framed: true };

export const loader = framedLoader(async ({ context, request }: Route.LoaderArgs) => {
  const asked = new URL(request.url);
  // `?q=` is what other shops, browsers' custom search engines and links typed by hand use: the same search, under its name here.
  if (asked.searchParams.has('q') && !asked.searchParams.has('search')) throw redirect(searchHref(asked.searchParams), 301);
  const api = apiOf(context);
  const listing = await loadListing(context, request, 'search');
  const q = listing.state.search;
  if (!q || listing.products.totalCount > 0 || listing.state.page > 1) return { ...listing, noResult: null };
  // Nothing found: the closest searches that find something (a cached answer of the API), and the best sellers, the
  // same for every such search: kept for every visitor until a write, as cards.
  const [closest, best] = await Promise.all([
    api.load('GET /Product/DidYouMean', { query: { q } }),
    sharedValue(context, `best-sellers ${BEST_SELLERS}`, async () =>
      (await api.load('GET /Product/SuggestProducts', { query: { pageNumber: 1, pageSize: BEST_SELLERS } })).data.map(toCard)),
  ]);
  // Their row's markup too, rendered once and reused on every such page (lib/parts.tsx).
  if (context.parts && best.length) context.parts.set('best-sellers', await sharedValue(context, `best-sellers-html ${BEST_SELLERS}`, async () => bestSellersHtml(best)));
  return { ...listing, noResult: { suggestions: closest.suggestions, best } };
});

export function meta({ data, matches }: Route.MetaArgs) {
  if (isFrame(data)) return FRAME_META;
  const q = data?.state.search;
  return seo(shopOf(matches), {
    title: q ? `جستجوی «${q}»` : 'جستجو',
    description: q ? `نتایج جستجوی «${q}» در محصولات آرایشی و بهداشتی.` : 'جستجو در محصولات آرایشی و بهداشتی.',
    path: `/search${q ? `?search=${encodeURIComponent(q)}` : ''}`,
    noindex: true,
  });
}

/** A search's address with `q` named `search`, its other parameters kept. */
function searchHref(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const [key, value] of params) next.append(key === 'q' ? 'search' : key, value);
  return `/search?${next}`;
}

type NoResultData = NonNullable<Route.ComponentProps['loaderData']['noResult']>;

/** A search that found nothing: "did you mean" links (each finds products) and a row of best sellers. */
function NoResult({ query, data }: { query: string; data: NoResultData }) {
  return (
    <div className="space-y-8" data-testid="no-result">
      <div className="rounded-2xl border border-dashed border-gray-200 px-4 py-10 text-center">
        <p className="text-lg font-bold text-gray-800">برای «<bdi>{query}</bdi>» کالایی پیدا نشد</p>
        {data.suggestions.length > 0 ? (
          <nav aria-labelledby="did-you-mean" className="mt-5">
            <h2 id="did-you-mean" className="mb-3 text-sm text-gray-600">شاید منظورتان این بود:</h2>
            <ul className="flex flex-wrap justify-center gap-2">
              {data.suggestions.map((s) => (
                <li key={s.search}>
                  <Link to={`/search?search=${encodeURIComponent(s.search)}`} data-testid="did-you-mean"
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-4 font-bold text-brand-700 hover:border-brand-500">
                    <bdi>{toPersianDigits(s.search)}</bdi>
                    <span className="text-xs font-normal text-gray-600">{formatNumber(s.count)} کالا</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p className="mt-3 text-sm text-gray-600">املای عبارت را بررسی کنید یا عبارت کوتاه‌تر و کلی‌تری جستجو کنید.</p>
        )}
      </div>
      {data.best.length > 0 && <ReusedPart name="best-sellers"><BestSellers best={data.best} /></ReusedPart>}
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  if (isFrame(loaderData)) return <FrameHole />;
  const q = loaderData.state.search;
  const { noResult } = loaderData;
  return (
    // The query apart (<bdi>): a Latin query in the Persian heading keeps its quotes round it.
    <ListingPage data={loaderData} heading={q ? <>نتایج جستجوی «<bdi>{q}</bdi>»</> : 'همه محصولات'}
      empty={q && noResult ? <NoResult query={q} data={noResult} /> : undefined} />
  );
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
