import { Link } from '../../../components/Link';
import { formatJalali, formatToman, toPersianDigits } from '@sorkhab/shared';
import { Img } from '../../../components/Img';
import { apiOf } from '../../../lib/context';
import { loadFor } from '../session';
import { card, primaryButton, StatusBadge } from '../ui';
import type { Route } from './+types/orders';

export const meta = () => [{ title: 'سفارش‌های من | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  return loadFor(apiOf(context), request, 'GET /Order/Mine', { query: { pageNumber: page, pageSize: 10 } });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { data, page, pageSize, totalCount } = loaderData;
  const pages = Math.ceil(totalCount / pageSize);
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-xl font-black">سفارش‌های من</h1>
      {data.length === 0 ? (
        <div className={`${card} mt-4 text-center`}>
          <p className="py-6 text-gray-600">موردی وجود ندارد</p>
          <Link to="/" className={primaryButton}>شروع خرید</Link>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {data.map((o) => (
            <li key={o.id} className={card} data-testid="order-card">
              <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
                <StatusBadge status={o.status} label={o.statusLabel} />
                <span><span className="text-gray-500">شماره سفارش </span><b>{toPersianDigits(o.number)}</b></span>
                <span><span className="text-gray-500">تاریخ ثبت </span><time dateTime={o.createdAt} data-testid="order-date">{formatJalali(o.createdAt)}</time></span>
                <span><span className="text-gray-500">مبلغ </span><b>{formatToman(o.total)}</b></span>
                <span className="ms-auto flex gap-4">
                  {o.status === 'delivered' && <Link to={`/profile/order/${o.id}/return`} className="font-medium text-brand-700 hover:underline">درخواست مرجوعی</Link>}
                  <Link to={`/profile/order/${o.id}`} className="font-medium text-brand-700 hover:underline">جزئیات سفارش</Link>
                </span>
              </div>
              <ul className="mt-4 flex flex-wrap gap-3" aria-label="کالاها">
                {o.items.map((i) => (
                  <li key={i.id} className="relative">
                    <Img src={i.imageUri} variants={i.imageVariants} alt={i.title} width={64} height={64} sizes="64px" className="size-16 rounded-xl border border-gray-100 object-cover" />
                    <span className="absolute -bottom-1 -start-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-gray-800 px-1 text-[11px] font-bold text-white" aria-label={`${toPersianDigits(i.quantity)} عدد`}>{toPersianDigits(i.quantity)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="صفحه‌ها" className="mt-6 flex justify-center gap-2">
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
            <Link key={p} to={`?page=${p}`} aria-current={p === page ? 'page' : undefined} className={`flex size-10 items-center justify-center rounded-xl border ${p === page ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-200 bg-white'}`}>{toPersianDigits(p)}</Link>
          ))}
        </nav>
      )}
    </section>
  );
}
