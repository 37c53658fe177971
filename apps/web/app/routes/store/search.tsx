import { apiOf } from '../../lib/context';
import { ListingPage } from '../../features/catalog/ListingPage';
import { loadListing } from '../../features/catalog/listing.server';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import type { Route } from './+types/search';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(apiOf(context), request, 'search');
}

export function meta({ data, matches }: Route.MetaArgs) {
  const q = data?.state.search;
  return seo(shopOf(matches), {
    title: q ? `جستجوی «${q}»` : 'جستجو',
    description: q ? `نتایج جستجوی «${q}» در محصولات آرایشی و بهداشتی.` : 'جستجو در محصولات آرایشی و بهداشتی.',
    path: `/search${q ? `?search=${encodeURIComponent(q)}` : ''}`,
    noindex: true,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const q = loaderData.state.search;
  return <ListingPage data={loaderData} heading={q ? `نتایج جستجوی «${q}»` : 'همه محصولات'} />;
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
