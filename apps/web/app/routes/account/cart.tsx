import { useEffect, useState } from 'react';
import { useHydrated } from '../../components/ui/use-hydrated';
import { Link } from '../../components/Link';
import { formatToman, MAX_CART_QUANTITY, toPersianDigits, type Cart, type CartItem } from '@sorkhab/shared';
import { limitReason, shortNote } from '../../features/cart/limits';
import { Img } from '../../components/Img';
import { CartIcon, TrashIcon } from '../../components/icons';
import { cartStore, useCart } from '../../features/cart/store';
import { Totals } from './totals';
import { Alert, inputClass, primaryButton, secondaryButton } from './ui';

export const meta = () => [{ title: 'سبد خرید | سرخاب' }, { name: 'robots', content: 'noindex' }];

/** The spec's control: trash at 1, minus above 1, plus up to 10 and the stock, and why it stops there. */
function QuantityControl({ item, busy, onSet }: { item: CartItem; busy: boolean; onSet: (q: number) => void }) {
  const max = Math.min(MAX_CART_QUANTITY, item.maxQuantity);
  const btn = 'flex size-9 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 disabled:text-gray-300 disabled:hover:bg-transparent';
  // A line the stock no longer covers says so under its title (shortNote); the control does not say it twice.
  const reason = item.quantity >= max && item.stock >= item.quantity ? limitReason(item) : null;
  return (
    <div className="inline-flex flex-col items-center gap-1">
    <div className="inline-flex items-center gap-1 rounded-xl border border-gray-200 bg-white p-0.5" data-testid="quantity-control">
      <button type="button" className={btn} disabled={busy || item.quantity >= max} onClick={() => onSet(item.quantity + 1)} aria-label={`افزودن یک ${item.title}`}>
        <span aria-hidden="true" className="text-xl leading-none">+</span>
      </button>
      <span className="min-w-6 text-center font-bold tabular-nums" data-testid="quantity">{toPersianDigits(item.quantity)}</span>
      {item.quantity > 1 ? (
        <button type="button" className={btn} disabled={busy} onClick={() => onSet(item.quantity - 1)} aria-label={`کم کردن یک ${item.title}`}>
          <span aria-hidden="true" className="text-xl leading-none">−</span>
        </button>
      ) : (
        <button type="button" className={`${btn} text-red-600 hover:bg-red-50`} disabled={busy} onClick={() => onSet(0)} aria-label={`حذف ${item.title}`}>
          <TrashIcon className="size-4" />
        </button>
      )}
    </div>
    {reason && <p className="max-w-40 text-center text-xs leading-5 text-gray-600" data-testid="quantity-limit">{reason}</p>}
    </div>
  );
}

/** Under a line's title (on a phone and on wider screens): why the stock no longer covers it, if it does not. */
function ShortNote({ item, testId }: { item: CartItem; testId?: string }) {
  const note = shortNote(item);
  return note ? <p className="mt-1 text-xs font-bold text-red-700" data-testid={testId}>{note}</p> : null;
}

/** A discounted line: the price before the discount, struck through, and what the shopper saves on it. */
function LineSaving({ item }: { item: CartItem }) {
  if (item.listPrice <= item.unitPrice) return null;
  return (
    <span className="mt-0.5 block text-xs leading-5" data-testid="line-saving">
      <del className="block text-gray-500">{formatToman(item.listPrice)}</del>
      <span className="block text-green-700">سود شما: {formatToman((item.listPrice - item.unitPrice) * item.quantity)}</span>
    </span>
  );
}

/** The code form; apply and remove go through the cart store, so the header badge and popup follow. */
function DiscountBox({ cart }: { cart: Cart }) {
  const hydrated = useHydrated();
  const { applyDiscount, removeDiscount } = useCart();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) { setError('کد تخفیف الزامی است'); return; }
    setBusy(true);
    const refused = await applyDiscount(code);
    setBusy(false);
    setError(refused);
    if (!refused) setCode('');
  }
  async function remove() {
    setBusy(true);
    setError(await removeDiscount());
    setBusy(false);
  }
  if (cart.discountCode) {
    return (
      <div className="mt-4">
        <div className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-green-300 bg-green-50 px-4 py-3 text-sm">
          <span className="min-w-0 wrap-anywhere">کد <b dir="ltr">{cart.discountCode}</b> {cart.discount > 0 ? 'اعمال شد' : 'ثبت شده، اما فعلاً شامل سبد شما نمی‌شود'}</span>
          <button type="button" disabled={busy} onClick={() => void remove()} className="shrink-0 text-red-600 hover:underline">حذف کد</button>
        </div>
        {error && <div className="mt-2"><Alert>{error}</Alert></div>}
      </div>
    );
  }
  return (
    <form onSubmit={apply} className="mt-4" noValidate>
      <label htmlFor="discount-code" className="mb-1.5 block text-sm font-medium text-gray-700">کد تخفیف</label>
      <div className="flex gap-2">
        <input id="discount-code" value={code} onChange={(e) => setCode(e.target.value)} dir="ltr" className={`${inputClass} text-start`} aria-invalid={error ? true : undefined} />
        <button type="submit" disabled={busy || !hydrated} className={`${secondaryButton} shrink-0`}>ثبت کد</button>
      </div>
      {error && <div className="mt-2"><Alert>{error}</Alert></div>}
    </form>
  );
}

export default function CartPage() {
  const { cart, busy, error, setQuantity, clearError } = useCart();
  useEffect(() => { void cartStore.ensure(); }, []);

  if (!cart) {
    return <main className="mx-auto max-w-7xl px-3 py-10 md:px-6"><h1 className="text-2xl font-black">سبد خرید</h1><div className="mt-6 h-48 animate-pulse rounded-2xl bg-gray-100" /></main>;
  }
  if (cart.items.length === 0) {
    return (
      <main className="mx-auto flex max-w-lg flex-col items-center px-3 py-16 text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600"><CartIcon className="size-10" /></span>
        <h1 className="mt-5 text-2xl font-black">سبد خرید شما خالی است</h1>
        <p className="mt-2 text-gray-600">می‌توانید برای دیدن محصولات به صفحه اصلی یا محصولات جدید بروید.</p>
        <div className="mt-6 flex gap-3"><Link to="/" className={primaryButton}>صفحه اصلی</Link><Link to="/last-products" className={secondaryButton}>محصولات جدید</Link></div>
      </main>
    );
  }
  const short = cart.items.filter((i) => shortNote(i)).length;
  return (
    <main className="mx-auto max-w-7xl px-3 py-6 pb-24 md:px-6 md:py-10">
      <h1 className="text-2xl font-black">سبد خرید <span className="text-base font-medium text-gray-500">({toPersianDigits(cart.itemCount)} کالا)</span></h1>
      {error && <div className="mt-4"><Alert><span className="flex justify-between gap-3">{error}<button type="button" onClick={clearError} className="underline">بستن</button></span></Alert></div>}
      <div className="mt-6 grid gap-6 grid-cols-1 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="overflow-hidden rounded-2xl border border-gray-100 bg-white">
          <table className="w-full text-sm" data-testid="cart-table">
            <thead className="hidden bg-gray-50 text-gray-600 md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-medium">محصول</th>
                <th scope="col" className="px-4 py-3 text-start font-medium">قیمت</th>
                <th scope="col" className="px-4 py-3 text-center font-medium">تعداد</th>
                <th scope="col" className="px-4 py-3 text-end font-medium">جمع</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {cart.items.map((item) => (
                <tr key={item.id} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-3 md:table-row md:p-0" data-testid="cart-row">
                  <td className="row-span-3 md:px-4 md:py-4">
                    <div className="flex items-center gap-3">
                      <Link to={`/product/${item.productId}`} className="shrink-0">
                        <Img src={item.imageUri} variants={item.imageVariants} alt={item.title} width={72} height={72} sizes="72px" className="size-[4.5rem] rounded-xl object-cover" />
                      </Link>
                      <div className="hidden min-w-0 md:block">
                        <Link to={`/product/${item.productId}`} className="line-clamp-2 wrap-anywhere font-medium hover:text-brand-700">{item.title}</Link>
                        {item.option && <p className="mt-1 wrap-anywhere text-xs text-gray-500">{item.option}</p>}
                        <ShortNote item={item} testId="line-short" />
                      </div>
                    </div>
                  </td>
                  <td className="md:hidden">
                    <Link to={`/product/${item.productId}`} className="line-clamp-2 wrap-anywhere font-medium">{item.title}</Link>
                    {item.option && <p className="wrap-anywhere text-xs text-gray-500">{item.option}</p>}
                    <ShortNote item={item} />
                  </td>
                  <td className="text-gray-600 md:px-4 md:py-4 md:text-gray-900"><span className="md:hidden">قیمت واحد: </span>{formatToman(item.unitPrice)}<LineSaving item={item} /></td>
                  <td className="flex items-center justify-between gap-2 md:table-cell md:px-4 md:py-4 md:text-center">
                    <QuantityControl item={item} busy={busy} onSet={(q) => void setQuantity(item.id, q)} />
                    <span className="font-bold md:hidden">{formatToman(item.lineTotal)}</span>
                  </td>
                  <td className="hidden px-4 py-4 text-end font-bold md:table-cell">{formatToman(item.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <aside className="lg:sticky lg:top-28">
          <Totals cart={cart}>
            <DiscountBox cart={cart} />
            {short ? (
              // A line the stock no longer covers would be refused at payment: said here, before the address and shipping.
              <>
                <p role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm leading-6 text-red-800" data-testid="cart-short">
                  موجودی {toPersianDigits(short)} کالای سبد کمتر از تعداد آن است؛ برای ادامه، آن را از سبد بردارید یا تعدادش را کم کنید.
                </p>
                <span aria-disabled="true" className="mt-3 flex w-full cursor-not-allowed items-center justify-center rounded-xl bg-gray-200 py-3 font-bold text-gray-700" data-testid="to-shipping">ادامه فرآیند خرید</span>
              </>
            ) : (
              <Link to="/shiping" className={`${primaryButton} mt-5 w-full py-3`} data-testid="to-shipping">ادامه فرآیند خرید</Link>
            )}
            <p className="mt-3 text-center text-xs text-gray-500">هزینه ارسال و نشانی در مرحله بعد نهایی می‌شود.</p>
          </Totals>
        </aside>
      </div>
    </main>
  );
}
