import { useEffect } from 'react';
import { data, useFetcher, useRevalidator } from 'react-router';
import { Link } from '../../../components/Link';
import { formatJalali } from '@sorkhab/shared';
import { ProductCard, toCard } from '../../../features/catalog/ProductCard';
import { savedStore } from '../../../features/catalog/saved';
import { apiOf } from '../../../lib/context';
import { loadFor } from '../session';
import { card, primaryButton } from '../ui';
import type { Route } from './+types/wishlist';

export const meta = () => [{ title: 'علاقه‌مندی‌ها | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadFor(apiOf(context), request, 'GET /Wishlist');
}

type Intent = { intent: 'remove'; productId: number } | { intent: 'unwait'; id: number };

/** Removes a saved product or stops a wait through the store the hearts read, so they follow at once. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as Intent;
  const error = body.intent === 'remove'
    ? (['failed', 'unanswered'].includes(await savedStore.toggle(body.productId, false)) ? 'حذف نشد؛ دوباره تلاش کنید' : null)
    : await savedStore.unwait(body.id);
  return error ? data({ error }, { status: 400 }) : { error: null };
}

const linkButton = 'text-sm font-medium text-red-700 hover:underline disabled:opacity-60';

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { items, alerts } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const send = (body: Intent) => void fetcher.submit(body, { method: 'post', encType: 'application/json' });
  const { revalidate } = useRevalidator();
  // A heart clicked as a guest whose save had not answered when its page was left: saved here, then the list is read again.
  useEffect(() => { if (savedStore.pendingWish()) void savedStore.ensure().then(revalidate); }, [revalidate]);
  return (
    <section aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className="text-xl font-black">علاقه‌مندی‌ها</h1>
      {fetcher.data?.error && <p role="alert" className="mt-3 text-sm text-red-700">{fetcher.data.error}</p>}
      {items.length === 0 ? (
        <div className={`${card} mt-4 text-center`}>
          <p className="py-6 text-gray-600">هنوز کالایی را نپسندیده‌اید؛ با زدن قلب روی هر کالا آن را اینجا نگه دارید.</p>
          <Link to="/" className={primaryButton}>دیدن کالاها</Link>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-4" aria-label="کالاهای پسندیده">
          {items.map((p) => (
            <li key={p.id} className="flex flex-col gap-2" data-testid="wishlist-item">
              <ProductCard product={toCard(p)} heart={false} />
              <button type="button" disabled={busy} onClick={() => send({ intent: 'remove', productId: p.id })} className={linkButton}
                aria-label={`حذف از علاقه‌مندی‌ها: ${p.title}`}>حذف از علاقه‌مندی‌ها</button>
            </li>
          ))}
        </ul>
      )}

      {alerts.length > 0 && (
        <section aria-labelledby="alerts-title" className="mt-10">
          <h2 id="alerts-title" className="text-lg font-black">در انتظار موجود شدن</h2>
          <p className="mt-1 text-sm text-gray-600">وقتی هر کدام موجود شد، یک پیامک برایتان می‌فرستیم.</p>
          <ul className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-100 bg-white px-4 md:px-6">
            {alerts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="stock-alert">
                <Link to={`/product/${a.productId}${a.variantId ? `?variant=${a.variantId}` : ''}`} className="min-w-0 flex-1 font-medium text-gray-900 hover:text-brand-700">
                  {a.product.title}{a.label && <span className="text-gray-600"> ({a.label})</span>}
                </Link>
                <span className="text-xs text-gray-600">از {formatJalali(a.createdAt)}</span>
                <button type="button" disabled={busy} onClick={() => send({ intent: 'unwait', id: a.id })} className={linkButton}>لغو</button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
