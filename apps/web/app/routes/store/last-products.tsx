import { ListingPage } from '../../features/catalog/ListingPage';
import { loadListing } from '../../features/catalog/listing.server';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import type { Route } from './+types/last-products';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'latest');
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(shopOf(matches), {
    title: 'جدیدترین محصولات',
    description: 'تازه‌ترین محصولات آرایشی، بهداشتی و مراقبت پوست و مو، اصل و با ضمانت اصالت.',
    path: '/last-products',
  });
}

export default function LastProducts({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} heading="جدیدترین محصولات" />;
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
