import { formatJalaliDateTime, PAYMENT_METHOD_LABELS, SHIPPING_CARRIER_LABELS, type Order } from '@sorkhab/shared';
import { card } from './ui';

/** How the order travels: the method as chosen, the carrier's tracking code (linked to its page) and the estimate. */
export function OrderShipping({ order }: { order: Order }) {
  if (!order.shipping && !order.trackingCode) return null;
  const row = 'flex flex-wrap justify-between gap-x-4 gap-y-1 py-1.5';
  return (
    <section className={card} aria-labelledby="order-shipping" data-testid="order-shipping">
      <h3 id="order-shipping" className="font-bold">ارسال و پرداخت</h3>
      <dl className="mt-2 text-sm">
        {order.shipping && <div className={row}><dt className="text-gray-600">روش ارسال</dt><dd>{order.shipping.name}</dd></div>}
        {order.shipping?.estimate && <div className={row}><dt className="text-gray-600">زمان تحویل</dt><dd>{order.shipping.estimate}</dd></div>}
        <div className={row}><dt className="text-gray-600">روش پرداخت</dt><dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd></div>
        {order.trackingCode && (
          <div className={row}>
            <dt className="text-gray-600">کد رهگیری {order.shipping?.carrier ? SHIPPING_CARRIER_LABELS[order.shipping.carrier] : 'مرسوله'}</dt>
            <dd className="min-w-0 wrap-anywhere">
              <bdi dir="ltr" className="font-mono font-bold" data-testid="tracking-code">{order.trackingCode}</bdi>
              {order.trackingUrl && (
                <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="ms-3 text-brand-700 underline">پیگیری در سایت {order.shipping?.carrier ? SHIPPING_CARRIER_LABELS[order.shipping.carrier] : 'شرکت حمل'}</a>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** Every status the order reached (and payments recorded by hand), oldest first, with Jalali date and time. */
export function OrderTimeline({ order }: { order: Order }) {
  if (!order.events.length) return null;
  return (
    <section className={card} aria-labelledby="order-timeline">
      <h3 id="order-timeline" className="font-bold">روند سفارش</h3>
      <ol className="mt-3 space-y-0" data-testid="order-timeline">
        {order.events.map((e, i) => (
          <li key={`${e.at}-${i}`} className="relative flex gap-3 pb-4 last:pb-0">
            {i < order.events.length - 1 && <span aria-hidden="true" className="absolute start-[0.3125rem] top-4 h-full w-px bg-gray-200" />}
            <span aria-hidden="true" className={`relative mt-1.5 size-2.5 shrink-0 rounded-full ${i === order.events.length - 1 ? 'bg-brand-600' : 'bg-gray-300'}`} />
            <span className="text-sm">
              <b>{e.label}</b>
              <time dateTime={e.at} className="block text-gray-600">{formatJalaliDateTime(e.at)}</time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
