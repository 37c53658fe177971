import { useEffect, useState } from 'react';
import { formatToman, type Cart, type PaymentMethod, type ShippingQuote } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';

/** Where the quote is asked for: a saved address, or the province and city of a new one (null until both are there). */
export type QuotePlace = { addressId: number } | { province: string; city: string } | null;

const keyOf = (p: QuotePlace) => (p ? JSON.stringify(p) : '');

/** The shipping options for the cart and the chosen place, asked again (after a pause in typing) when the place changes. */
export function useShippingQuote(initial: ShippingQuote | null, initialPlace: QuotePlace, place: QuotePlace) {
  const [state, setState] = useState<{ key: string; quote: ShippingQuote | null; error: string | null }>({ key: keyOf(initialPlace), quote: initial, error: null });
  const key = keyOf(place);
  useEffect(() => {
    if (!place || key === state.key) return;
    let live = true;
    const timer = setTimeout(() => {
      void browserApi.call('GET /Shipping/Quote', { query: place }).then((res) => {
        if (live) setState({ key, quote: res.success ? res.data : null, error: res.success ? null : res.error.message });
      });
    }, 300);
    return () => { live = false; clearTimeout(timer); };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key is the place
  const current = place && state.key === key;
  return { quote: current ? state.quote : null, error: current ? state.error : null, loading: !!place && !current };
}

/** The cart with the chosen method's fee in place of the shop's flat one (what the order will charge). */
export function withShipping(cart: Cart, fee: number | null): Cart {
  if (fee === null) return cart;
  const payable = cart.subtotal - cart.discount;
  return { ...cart, shippingFee: fee, total: payable + fee, freeShippingRemaining: fee === 0 ? 0 : cart.freeShippingRemaining };
}

const option = (selected: boolean) =>
  `flex cursor-pointer items-start gap-3 rounded-xl border p-4 ${selected ? 'border-brand-500 bg-brand-50/50' : 'border-gray-200'}`;

export function ShippingChoice({ quote, loading, error, value, onChange }: {
  quote: ShippingQuote | null; loading: boolean; error: string | null; value: number | null; onChange: (id: number) => void;
}) {
  return (
    <fieldset className="mt-4 space-y-3" data-testid="shipping-methods" aria-busy={loading}>
      <legend className="mb-2 text-sm font-medium text-gray-700">روش ارسال</legend>
      {!quote && !loading && !error && <p className="text-sm text-gray-600">برای دیدن روش‌های ارسال، استان و شهر گیرنده را انتخاب کنید.</p>}
      {loading && <p className="text-sm text-gray-600">در حال محاسبه هزینه ارسال…</p>}
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
      {quote && quote.options.length === 0 && <p className="text-sm text-red-700" role="alert">هیچ روش ارسالی به این نشانی فعال نیست؛ با فروشگاه تماس بگیرید.</p>}
      {quote?.options.map((o) => (
        <label key={o.id} className={option(value === o.id)}>
          <input type="radio" name="shipping-method" value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} className="mt-1 accent-brand-600" />
          <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
            <span><b>{o.name}</b>{o.estimate && <span className="block text-gray-600">زمان تحویل: {o.estimate}</span>}</span>
            <span className={o.fee === 0 ? 'font-medium text-green-700' : 'font-bold'}>{o.fee === 0 ? 'رایگان' : formatToman(o.fee)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (v: PaymentMethod) => void }) {
  const items: [PaymentMethod, string, string][] = [
    ['gateway', 'پرداخت اینترنتی', 'با همه کارت‌های بانکی عضو شتاب'],
    ['cod', 'پرداخت در محل', 'هنگام تحویل کالا، نقدی یا با کارتخوان'],
  ];
  return (
    <fieldset className="mt-4 space-y-3" data-testid="payment-methods">
      <legend className="mb-2 text-sm font-medium text-gray-700">روش پرداخت</legend>
      {items.map(([v, title, hint]) => (
        <label key={v} className={option(value === v)}>
          <input type="radio" name="payment-method" value={v} checked={value === v} onChange={() => onChange(v)} className="mt-1 accent-brand-600" />
          <span className="text-sm"><b>{title}</b><span className="block text-gray-600">{hint}</span></span>
        </label>
      ))}
    </fieldset>
  );
}
