import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { formatToman, toPersianDigits } from '@sorkhab/shared';
import { CartIcon, TrashIcon } from '../../components/icons';
import { Img } from '../../components/Img';
import { useDismiss } from '../../components/ui/use-dismiss';
import { cartStore, useCart } from './store';

/** The header's cart icon with the live count; it toggles a popup of the lines, total and the next steps. */
export function CartButton() {
  const { cart, count, remove, busy, error } = useCart();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const location = useLocation();
  useDismiss(open, box, close);
  useEffect(() => { void cartStore.ensure(); }, []);
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={`سبد خرید، ${toPersianDigits(count)} کالا`}
        className="relative flex size-11 items-center justify-center rounded-xl text-gray-700 hover:bg-brand-50 hover:text-brand-700"
        data-testid="cart-button"
      >
        <CartIcon className="size-6" />
        <span data-testid="cart-count" aria-hidden="true" className={`absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white ${count ? '' : 'invisible'}`}>
          {toPersianDigits(count)}
        </span>
      </button>
      {open && (
        <div role="dialog" aria-label="سبد خرید" className="absolute end-0 top-full z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-gray-100 bg-white p-4 shadow-xl">
          {!cart ? (
            <p className="py-6 text-center text-sm text-gray-500">در حال بارگذاری…</p>
          ) : cart.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-gray-500">سبد خرید شما خالی است</p>
          ) : (
            <>
              <ul className="max-h-72 divide-y divide-gray-100 overflow-y-auto">
                {cart.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 py-2.5">
                    <Link to={`/product/${item.productId}`} className="shrink-0">
                      <Img src={item.imageUri} variants={item.imageVariants} alt={item.title} width={56} height={56} sizes="56px" className="size-14 rounded-lg object-cover" />
                    </Link>
                    <div className="min-w-0 flex-1">
                      <Link to={`/product/${item.productId}`} className="line-clamp-2 text-sm font-medium hover:text-brand-700">{item.title}</Link>
                      {item.option && <p className="text-xs text-gray-500">{item.option}</p>}
                      <p className="mt-0.5 text-xs text-gray-600">{toPersianDigits(item.quantity)} × {formatToman(item.unitPrice)}</p>
                    </div>
                    <button type="button" disabled={busy} onClick={() => void remove(item.id)} aria-label={`حذف ${item.title}`} className="rounded-lg p-1.5 text-gray-400 hover:bg-red-50 hover:text-red-600">
                      <TrashIcon className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex items-center justify-between border-t border-gray-100 pt-3 text-sm">
                <span className="text-gray-600">جمع کل</span>
                <span className="font-bold">{formatToman(cart.subtotal)}</span>
              </div>
              <div className="mt-4 grid grid-cols-2 gap-2">
                <Link to="/cart" className="rounded-xl border border-brand-600 py-2.5 text-center text-sm font-medium text-brand-700 hover:bg-brand-50">مشاهده سبد خرید</Link>
                <Link to="/shiping" className="rounded-xl bg-brand-600 py-2.5 text-center text-sm font-medium text-white hover:bg-brand-700">ثبت سفارش</Link>
              </div>
            </>
          )}
          {error && <p role="alert" className="mt-3 text-xs text-red-600">{error}</p>}
        </div>
      )}
    </div>
  );
}
