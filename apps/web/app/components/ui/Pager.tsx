import { toPersianDigits } from '@sorkhab/shared';
import { Link } from '../Link';
import { ChevronEnd, ChevronStart } from '../icons';
import { pagerWindow } from './pager';

/** Page links (real URLs, so every page is shareable and server-rendered). */
export function Pager({ page, count, hrefFor }: { page: number; count: number; hrefFor: (page: number) => string }) {
  if (count <= 1) return null;
  const cell = 'flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-medium';
  return (
    <nav aria-label="صفحه‌بندی" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" aria-label="صفحه قبل" className={`${cell} border border-gray-200 hover:border-brand-500`}><ChevronStart className="size-4" /></Link>
      ) : null}
      {pagerWindow(page, count).map((item, i) =>
        item === 'gap' ? (
          <span key={`g${i}`} className={`${cell} text-gray-400`} aria-hidden="true">…</span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            aria-label={`صفحه ${toPersianDigits(item)}`}
            aria-current={item === page ? 'page' : undefined}
            className={`${cell} ${item === page ? 'bg-brand-600 text-white' : 'border border-gray-200 hover:border-brand-500'}`}
          >
            {toPersianDigits(item)}
          </Link>
        ),
      )}
      {page < count ? (
        <Link to={hrefFor(page + 1)} rel="next" aria-label="صفحه بعد" className={`${cell} border border-gray-200 hover:border-brand-500`}><ChevronEnd className="size-4" /></Link>
      ) : null}
    </nav>
  );
}
