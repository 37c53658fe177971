import { ListingPage } from '../../features/catalog/ListingPage';
import { loadListing } from '../../features/catalog/listing.server';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import type { Route } from './+types/suggest-products';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'popular');
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(shopOf(matches), {
    title: 'پرفروش‌ترین محصولات',
    description: 'پرفروش‌ترین محصولات آرایشی، بهداشتی و مراقبت پوست و مو، اصل و با ضمانت اصالت.',
    path: '/suggest-products',
  });
}

export default function SuggestProducts({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} heading="پرفروش‌ترین محصولات" />;
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
