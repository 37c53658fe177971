import { formatNumber, toPersianDigits } from '@sorkhab/shared';
import { categoryHref } from '../../lib/links';
import { ListingPage } from '../../features/catalog/ListingPage';
import { cardVariants } from '../../features/catalog/ProductCard';
import { loadListing } from '../../features/catalog/listing.server';
import { seo, shopOf } from '../../features/catalog/seo';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import { FrameHole, FRAME_META, framedLoader, isFrame } from '../../lib/frame';
import type { Route } from './+types/product-list';

/**
 * The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md).
 * Framed: the server renders the document around it once and only this route's part per request (lib/frame.tsx).
 */
export const handle = { sharedPage: true, framed: true };

export const loader = framedLoader(({ context, request }: Route.LoaderArgs) => loadListing(context, request, 'category'));

const headingOf = (d: Route.ComponentProps['loaderData']) => d.category?.title ?? 'همه محصولات';

export function meta({ data, matches }: Route.MetaArgs) {
  if (isFrame(data)) return FRAME_META;
  if (!data) return [{ title: 'دسته‌بندی پیدا نشد | سرخاب' }];
  const title = headingOf(data);
  // The category's own link (title and id), whichever way the visitor came.
  const canonical = data.category ? categoryHref(data.category) : '/product-list';
  const first = data.products.data[0];
  const page = data.state.page > 1 ? `${data.category ? '&' : '?'}page=${data.state.page}` : '';
  return seo(shopOf(matches), {
    title: data.state.page > 1 ? `${title} (صفحه ${toPersianDigits(data.state.page)})` : title,
    description: `خرید اینترنتی ${title} اصل با بهترین قیمت؛ ${formatNumber(data.products.totalCount)} کالا با ضمانت اصالت و ارسال سریع.`,
    path: `${canonical}${page}`,
    image: (first && cardVariants(first).find((v) => v.width === 600)?.uri) ?? null,
  });
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  if (isFrame(loaderData)) return <FrameHole />;
  return <ListingPage data={loaderData} heading={headingOf(loaderData)} />;
}

export function ErrorBoundary() {
  return <StoreErrorBoundary what="دسته‌بندی" />;
}
