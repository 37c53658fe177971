import { data, useFetcher } from 'react-router';
import { Link } from '../../../components/Link';
import { formatJalaliDateTime } from '@sorkhab/shared';
import { browserApi } from '../../../lib/api';
import { apiOf } from '../../../lib/context';
import { OrderView } from '../order-view';
import { loadOrderAndReturns, ReturnsPanel } from '../returns-view';
import { Alert, primaryButton } from '../ui';
import type { Route } from './+types/order-detail';

export const meta = () => [{ title: 'جزئیات سفارش | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { order, returns } = await loadOrderAndReturns(apiOf(context), request, params.id);
  return { ...order, returns };
}

/** Starts the payment: the browser leaves for the gateway, or the form shows the Persian refusal. */
export async function clientAction({ params }: Route.ClientActionArgs) {
  const res = await browserApi.call('POST /Order/Pay', { body: { id: Number(params.id) } });
  if (!res.success) return data({ error: res.error.message, leaving: false }, { status: res.status || 400 });
  window.location.assign(res.data.paymentUrl);
  return { error: null, leaving: true };
}

export default function OrderDetail({ loaderData: order }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle' || fetcher.data?.leaving === true;
  const error = fetcher.state === 'idle' ? (fetcher.data?.error ?? null) : null;
  const pay = () => void fetcher.submit(null, { method: 'post' });
  return (
    <section>
      <Link to="/profile/order" className="mb-4 inline-block text-sm text-brand-700 hover:underline">بازگشت به سفارش‌ها</Link>
      <OrderView order={order} reviewable title="h1">
        {order.status === 'awaiting_payment' && (
          <div className="mt-4 space-y-3">
            <Alert kind="info">این سفارش تا {formatJalaliDateTime(order.reservedUntil)} برای شما رزرو است؛ پس از آن لغو می‌شود.</Alert>
            {error && <Alert>{error}</Alert>}
            <button type="button" onClick={pay} disabled={busy} className={primaryButton}>پرداخت سفارش</button>
          </div>
        )}
      </OrderView>
      <div className="mt-4"><ReturnsPanel returns={order.returns} orderId={order.id} /></div>
    </section>
  );
}

export function ErrorBoundary() {
  return <p className="rounded-2xl border border-gray-100 bg-white p-6 text-gray-600">سفارش پیدا نشد. <Link to="/profile/order" className="text-brand-700">بازگشت به سفارش‌ها</Link></p>;
}
