import { Link } from '../../components/Link';
import { formatJalali, formatToman, localMobile, toPersianDigits, type Order } from '@sorkhab/shared';
import { Img } from '../../components/Img';
import { OrderShipping, OrderTimeline } from './order-timeline';
import { card, StatusBadge } from './ui';
import { amountRow, DiscountTerm } from './totals';

/** One order in full: status, items, recipient, totals (profile detail and tracking). */
/** `reviewable`: the shopper's own delivered order, whose lines link to the product's review form. */
/** `title`: the order's heading level — the page's h1 on the profile's order page, under the tracking page's own h1 there. */
export function OrderView({ order, children, reviewable = false, title: Title = 'h2' }: { order: Order; children?: React.ReactNode; reviewable?: boolean; title?: 'h1' | 'h2' }) {
  const row = `flex justify-between gap-4 py-1.5 ${amountRow}`;
  return (
    <div className="space-y-4" data-testid="order-view">
      <section className={card}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Title className="text-lg font-black">سفارش <span data-testid="order-number">{toPersianDigits(order.number)}</span></Title>
          <StatusBadge status={order.status} label={order.statusLabel} />
        </div>
        <p className="mt-2 text-sm text-gray-600">ثبت‌شده در <time dateTime={order.createdAt} data-testid="order-date">{formatJalali(order.createdAt)}</time>
          {order.paidAt && <>، پرداخت‌شده در <time dateTime={order.paidAt}>{formatJalali(order.paidAt)}</time></>}</p>
        {children}
      </section>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <OrderShipping order={order} />
        <OrderTimeline order={order} />
      </div>
      <section className={card} aria-label="کالاها">
        <ul className="divide-y divide-gray-100">
          {order.items.map((i) => (
            <li key={i.id} className="flex items-center gap-3 py-3">
              <Img src={i.imageUri} variants={i.imageVariants} alt={i.title} width={64} height={64} sizes="64px" className="size-16 rounded-xl object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <Link to={`/product/${i.productId}`} className="line-clamp-2 wrap-anywhere font-medium hover:text-brand-700">{i.title}</Link>
                <p className="mt-0.5 wrap-anywhere text-gray-500">{i.option ? `${i.option}، ` : ''}{toPersianDigits(i.quantity)} × {formatToman(i.unitPrice)}</p>
                {reviewable && order.status === 'delivered' && (
                  <Link to={`/product/${i.productId}#reviews`} className="mt-1 inline-block text-xs font-bold text-brand-700 hover:underline" data-testid="write-review">ثبت دیدگاه</Link>
                )}
              </div>
              <span className="shrink-0 text-sm font-bold">{formatToman(i.lineTotal)}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <section className={card}>
          <h3 className="font-bold">گیرنده</h3>
          <p className="mt-2 text-sm leading-7 text-gray-700">
            {order.firstname} {order.lastname}، <span dir="ltr">{toPersianDigits(localMobile(order.mobile))}</span><br />
            {order.province}، {order.city}، {toPersianDigits(order.address)}<br />کد پستی {toPersianDigits(order.postalCode)}
          </p>
        </section>
        <section className={card}>
          <h3 className="font-bold">مبلغ</h3>
          <dl className="mt-2 text-sm">
            <div className={row}><dt className="text-gray-600">جمع کالاها</dt><dd>{formatToman(order.subtotal)}</dd></div>
            {order.discount > 0 && <div className={row}><dt className="text-gray-600"><DiscountTerm code={order.discountCode} /></dt><dd className="text-green-700">− {formatToman(order.discount)}</dd></div>}
            <div className={row}><dt className="text-gray-600">هزینه ارسال</dt><dd>{order.shippingFee ? formatToman(order.shippingFee) : 'رایگان'}</dd></div>
            <div className={`${row} border-t border-gray-100 pt-2 font-bold`}><dt>مبلغ کل</dt><dd className="text-brand-700">{formatToman(order.total)}</dd></div>
          </dl>
        </section>
      </div>
    </div>
  );
}
