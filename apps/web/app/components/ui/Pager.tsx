import { createContext, useContext } from 'react';
import { toPersianDigits } from '@sorkhab/shared';
import { Link } from '../Link';
import { ChevronEnd, ChevronStart } from '../icons';
import { Filled } from '../Filled';
import { pagerWindow } from './pager';

/** What a pager links to: the pages before and after the current one (when there are), and each item (null: a gap). */
export interface PagerLinks {
  prev: string | null;
  next: string | null;
  items: ({ href: string; label: string; current: boolean } | null)[];
}

/**
 * On the server, a pager's links written from a template rather than rendered by React (features/catalog/
 * listing-markup.server.tsx); undefined for those it has no template for. The browser has none.
 */
export const PagerMarkup = createContext<((links: PagerLinks) => string | undefined) | undefined>(undefined);

/** Page links (real URLs, so every page is shareable and server-rendered). */
export function Pager({ page, count, hrefFor }: { page: number; count: number; hrefFor: (page: number) => string }) {
  const markup = useContext(PagerMarkup);
  if (count <= 1) return null;
  const links: PagerLinks = {
    prev: page > 1 ? hrefFor(page - 1) : null,
    next: page < count ? hrefFor(page + 1) : null,
    items: pagerWindow(page, count).map((item) => (item === 'gap' ? null : { href: hrefFor(item), label: toPersianDigits(item), current: item === page })),
  };
  return (
    <Filled as="nav" html={markup?.(links)} aria-label="صفحه‌بندی" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      <PagerItems {...links} />
    </Filled>
  );
}

/** A pager's links and gaps, inside its `<nav>`. */
export function PagerItems({ prev, next, items }: PagerLinks) {
  const cell = 'flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-medium';
  return (
    <>
      {prev !== null && <Link to={prev} rel="prev" aria-label="صفحه قبل" className={`${cell} border border-gray-200 hover:border-brand-500`}><ChevronStart className="size-4" /></Link>}
      {items.map((item, i) =>
        item === null ? (
          <span key={`g${i}`} className={`${cell} text-gray-400`} aria-hidden="true">…</span>
        ) : (
          <Link
            key={item.label}
            to={item.href}
            aria-label={`صفحه ${item.label}`}
            aria-current={item.current ? 'page' : undefined}
            className={`${cell} ${item.current ? 'bg-brand-600 text-white' : 'border border-gray-200 hover:border-brand-500'}`}
          >
            {item.label}
          </Link>
        ),
      )}
      {next !== null && <Link to={next} rel="next" aria-label="صفحه بعد" className={`${cell} border border-gray-200 hover:border-brand-500`}><ChevronEnd className="size-4" /></Link>}
    </>
  );
}
