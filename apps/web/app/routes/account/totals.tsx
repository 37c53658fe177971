import { formatToman, toPersianDigits, type Cart } from '@sorkhab/shared';
import { TruckIcon } from '../../components/icons';

/** A label and amount row's children: a long label (a discount code of 50 letters) wraps, the amount keeps its line. */
export const amountRow = '[&>dt]:min-w-0 [&>dd]:shrink-0 [&>dd]:whitespace-nowrap';

/** «تخفیف (CODE)», the code left to right and free to wrap anywhere. */
export function DiscountTerm({ code }: { code: string | null }) {
  return <>تخفیف {code && <span dir="ltr" className="wrap-anywhere">({code})</span>}</>;
}

/** Subtotal, discount, shipping, total and what is left to free shipping (cart and checkout). */
export function Totals({ cart, children }: { cart: Cart; children?: React.ReactNode }) {
  const row = `flex items-center justify-between gap-4 py-2 ${amountRow}`;
  return (
    <div className="rounded-2xl border border-gray-100 bg-white p-5" data-testid="cart-totals">
      <h2 className="mb-2 font-bold">خلاصه سفارش</h2>
      <dl className="divide-y divide-gray-100 text-sm">
        <div className={row}><dt className="text-gray-600">جمع کالاها ({toPersianDigits(cart.itemCount)})</dt><dd>{formatToman(cart.subtotal)}</dd></div>
        {cart.discount > 0 && (
          <div className={row}><dt className="text-gray-600"><DiscountTerm code={cart.discountCode} /></dt><dd className="text-green-700" data-testid="cart-discount">− {formatToman(cart.discount)}</dd></div>
        )}
        <div className={row}><dt className="text-gray-600">هزینه ارسال</dt><dd>{cart.items.length === 0 ? '—' : cart.shippingFee === 0 ? <span className="font-medium text-green-700">رایگان</span> : formatToman(cart.shippingFee)}</dd></div>
        <div className={`${row} text-base`}><dt className="font-bold">مبلغ قابل پرداخت</dt><dd className="font-black text-brand-700" data-testid="cart-total">{formatToman(cart.total)}</dd></div>
        {cart.saving > 0 && (
          <div className={row}><dt className="text-green-800">سود شما از این خرید</dt><dd className="font-bold text-green-700" data-testid="cart-saving">{formatToman(cart.saving)}</dd></div>
        )}
      </dl>
      {cart.items.length > 0 && (
        cart.freeShippingRemaining > 0 ? (
          <p className="mt-3 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-xs leading-6 text-brand-900"><TruckIcon className="mt-0.5 size-4 shrink-0" />با {formatToman(cart.freeShippingRemaining)} خرید بیشتر، ارسال رایگان می‌شود.</p>
        ) : (
          <p className="mt-3 flex items-center gap-2 rounded-xl bg-green-50 p-3 text-xs text-green-800"><TruckIcon className="size-4 shrink-0" />ارسال این سفارش رایگان است.</p>
        )
      )}
      {children}
    </div>
  );
}

