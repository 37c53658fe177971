import { Link } from '../../components/Link';
import { formatJalali, formatToman, REFUND_METHOD_LABELS, toPersianDigits, type Returnable, type ReturnRequest, type ReturnStatus } from '@sorkhab/shared';
import type { ApiClient } from '../../lib/api';
import { loadFor } from './session';
import { card, primaryButton } from './ui';

const tone: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  approved: 'bg-blue-50 text-blue-800',
  rejected: 'bg-red-50 text-red-700',
  refunded: 'bg-green-50 text-green-800',
};

/** One return request as its shopper sees it: status, lines, the shop's answer, the refund. */
function ReturnCard({ r }: { r: ReturnRequest }) {
  return (
    <li className="rounded-xl border border-gray-100 p-3 text-sm" data-testid="return-request">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span data-testid="return-status" className={`inline-flex rounded-full px-2.5 py-1 text-xs font-bold ${tone[r.status]}`}>{r.statusLabel}</span>
        <span className="text-gray-600">ثبت‌شده در <time dateTime={r.createdAt}>{formatJalali(r.createdAt)}</time></span>
        <span className="text-gray-600">دلیل: {r.reasonLabel}{r.reasonText ? ` (${r.reasonText})` : ''}</span>
      </div>
      <ul className="mt-2 space-y-1 text-gray-700">
        {r.items.map((i) => (
          <li key={i.id}>
            {i.title}{i.option ? ` · ${i.option}` : ''}: {toPersianDigits(i.quantity)} عدد
            {(r.status === 'approved' || r.status === 'refunded') && <> · تأییدشده: {toPersianDigits(i.approvedQuantity)} عدد</>}
          </li>
        ))}
      </ul>
      {r.photos.length > 0 && (
        <div className="mt-2 flex gap-2">
          {r.photos.map((p, n) => (
            <img key={p.id} src={`/api/Return/Photo?id=${p.id}`} alt={`عکس ${toPersianDigits(n + 1)} درخواست مرجوعی`} width={56} height={56} className="size-14 rounded-lg border border-gray-100 object-cover" />
          ))}
        </div>
      )}
      {r.adminNote && <p className="mt-2 text-gray-700">پاسخ فروشگاه: {r.adminNote}</p>}
      {r.status === 'refunded' && r.refundAmount !== null && (
        <p className="mt-2 font-medium text-green-800" data-testid="return-refund">
          {formatToman(r.refundAmount)} در {r.refundedAt ? formatJalali(r.refundedAt) : ''} با {r.refundMethod ? REFUND_METHOD_LABELS[r.refundMethod] : ''} بازپرداخت شد
          {r.refundReference ? <> (پیگیری <bdi>{/^\d+$/.test(r.refundReference) ? toPersianDigits(r.refundReference) : r.refundReference}</bdi>)</> : null}
        </p>
      )}
    </li>
  );
}

/** The returns of one order on its page: their statuses and, while allowed, the way to ask for one. */
export function ReturnsPanel({ returns, orderId, withAction = true }: { returns: Returnable; orderId: number; withAction?: boolean }) {
  if (!returns.requests.length && !returns.allowed) return null;
  return (
    <section className={card} aria-labelledby="returns-title" data-testid="returns-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-title" className="font-bold">مرجوعی</h2>
        {withAction && returns.allowed && (
          <Link to={`/profile/order/${orderId}/return`} className={primaryButton}>درخواست مرجوعی</Link>
        )}
      </div>
      {returns.allowed && returns.deadline && (
        <p className="mt-2 text-sm text-gray-600">تا <time dateTime={returns.deadline}>{formatJalali(returns.deadline)}</time> می‌توانید کالاهای این سفارش را مرجوع کنید.</p>
      )}
      {returns.requests.length > 0 && <ul className="mt-3 space-y-3">{returns.requests.map((r) => <ReturnCard key={r.id} r={r} />)}</ul>}
    </section>
  );
}

/** A profile order page's data: the shopper's order (404 for a bad id) and its returns. */
export async function loadOrderAndReturns(api: ApiClient, request: Request, rawId: string | undefined) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1) throw new Response('سفارش پیدا نشد', { status: 404 });
  const [order, returns] = await Promise.all([
    loadFor(api, request, 'GET /Order/MineById', { query: { id } }),
    loadFor(api, request, 'GET /Return/Mine', { query: { id } }),
  ]);
  return { order, returns };
}
