import { ListingPage } from '../../features/catalog/ListingPage';
import { loadListing } from '../../features/catalog/listing.server';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import { FrameHole, FRAME_META, framedLoader, isFrame } from '../../lib/frame';
import type { Route } from './+types/last-products';

/**
 * The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md).
 * Framed: the server renders the document around it once and only this route's part per request (lib/frame.tsx).
 */
export const handle = { sharedPage: true, framed: true };

export const loader = framedLoader(({ context, request }: Route.LoaderArgs) => loadListing(context, request, 'latest'));

export function meta({ data, matches }: Route.MetaArgs) {
  if (isFrame(data)) return FRAME_META;
  return seo(shopOf(matches), {
    title: 'جدیدترین محصولات',
    description: 'تازه‌ترین محصولات آرایشی، بهداشتی و مراقبت پوست و مو، اصل و با ضمانت اصالت.',
    path: '/last-products',
  });
}

export default function LastProducts({ loaderData }: Route.ComponentProps) {
  if (isFrame(loaderData)) return <FrameHole />;
  return <ListingPage data={loaderData} heading="جدیدترین محصولات" />;
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
