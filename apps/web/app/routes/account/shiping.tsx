import { useEffect, useState } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import { Link } from '../../components/Link';
import { formatToman, localMobile, toPersianDigits, type PaymentMethod } from '@sorkhab/shared';
import { Img } from '../../components/Img';
import { browserApi } from '../../lib/api';
import { apiOf } from '../../lib/context';
import { AddressFields, checkDraft, emptyDraft, useDraft } from './address-form';
import { Totals } from './totals';
import { PaymentChoice, ShippingChoice, useShippingQuote, withShipping, type QuotePlace } from './shipping-choice';
import { loadFor, requireCustomer } from './session';
import { Alert, card, primaryButton } from './ui';
import { useHydrated } from '../../components/ui/use-hydrated';
import type { Route } from './+types/shiping';

export const meta = () => [{ title: 'نشانی و پرداخت | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = apiOf(context);
  const me = await requireCustomer(api, request);
  const [addresses, cart] = await Promise.all([loadFor(api, request, 'GET /Address'), loadFor(api, request, 'GET /Cart')]);
  if (cart.items.length === 0) throw redirect('/cart');
  const first = addresses[0];
  const quote = first ? await loadFor(api, request, 'GET /Shipping/Quote', { query: { addressId: first.id } }) : null;
  return { me, addresses, cart, quote };
}

/** Places the order: the browser leaves for the gateway, or the form gets the Persian message and field errors. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const res = await browserApi.call('POST /Order/Checkout', { body: await request.json() });
  if (!res.success) {
    const fields = res.error.fields ? Object.fromEntries(Object.entries(res.error.fields).map(([k, v]) => [k.split('.').at(-1)!, v])) : null;
    return data({ error: res.error.message, fields, leaving: false }, { status: res.status || 400 });
  }
  window.location.assign(res.data.paymentUrl);
  return { error: null, fields: null, leaving: true };
}

export default function Shiping({ loaderData }: Route.ComponentProps) {
  const { me, addresses, cart, quote: firstQuote } = loaderData;
  const [choice, setChoice] = useState<number | 'new'>(addresses[0]?.id ?? 'new');
  const { draft, setDraft, errors, setErrors } = useDraft({ ...emptyDraft(toPersianDigits(localMobile(me.mobile))), firstname: me.firstname, lastname: me.lastname });
  const place: QuotePlace = choice !== 'new' ? { addressId: choice } : draft.province && draft.city.trim() ? { province: draft.province, city: draft.city.trim() } : null;
  const { quote, loading, error: quoteError } = useShippingQuote(firstQuote, addresses[0] ? { addressId: addresses[0].id } : null, place);
  const [picked, setPicked] = useState<number | null>(null);
  const method = quote?.options.find((o) => o.id === picked) ?? quote?.options[0] ?? null;
  const [payment, setPayment] = useState<PaymentMethod>('gateway');
  const cod = payment === 'cod' && !!quote?.codEnabled;
  const [save, setSave] = useState(true);
  const [checked, setChecked] = useState<string | null>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle' || fetcher.data?.leaving === true;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  // The form's «fix the errors» note goes once the fields it points at are fixed (or a saved address is chosen),
  // not only at the next press of «پرداخت».
  const formFixed = choice !== 'new' || Object.keys(errors).length === 0;
  const error = (formFixed ? null : checked) ?? result?.error ?? null;
  const hydrated = useHydrated();
  useEffect(() => { if (result?.fields) setErrors(result.fields); }, [result, setErrors]);

  function pay(e: React.FormEvent) {
    e.preventDefault();
    setChecked(null);
    // Before the options arrive, the server takes the first method that reaches the address (the one shown first).
    const chosen = { ...(method ? { shippingMethodId: method.id } : {}), paymentMethod: cod ? 'cod' as const : 'gateway' as const };
    let body: ({ address: NonNullable<ReturnType<typeof checkDraft>['value']>; saveAddress: boolean } | { addressId: number }) & typeof chosen;
    if (choice === 'new') {
      const { value, errors: errs } = checkDraft(draft);
      setErrors(errs);
      if (!value) { setChecked('لطفاً خطاهای فرم نشانی را برطرف کنید'); return; }
      body = { address: value, saveAddress: save, ...chosen };
    } else {
      body = { addressId: choice, ...chosen };
    }
    void fetcher.submit(body, { method: 'post', encType: 'application/json' });
  }

  return (
    <main className="mx-auto max-w-7xl px-3 py-6 pb-24 md:px-6 md:py-10">
      <nav aria-label="مراحل خرید" className="mb-6 flex items-center gap-2 text-sm text-gray-500">
        <Link to="/cart" className="hover:text-brand-700">سبد خرید</Link><span aria-hidden="true">‹</span>
        <span className="font-bold text-brand-700" aria-current="step">نشانی و پرداخت</span>
      </nav>
      <form onSubmit={pay} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="space-y-6">
          <section className={card} aria-labelledby="recipient">
            <h1 id="recipient" className="text-xl font-black">مشخصات و نشانی گیرنده</h1>
            {addresses.length > 0 && (
              <fieldset className="mt-5 space-y-3">
                <legend className="mb-2 text-sm font-medium text-gray-700">نشانی‌های ذخیره‌شده</legend>
                {addresses.map((a) => (
                  <label key={a.id} className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${choice === a.id ? 'border-brand-500 bg-brand-50/50' : 'border-gray-200'}`}>
                    <input type="radio" name="address-choice" checked={choice === a.id} onChange={() => setChoice(a.id)} className="mt-1 accent-brand-600" />
                    <span className="text-sm leading-7">
                      <b>{a.firstname} {a.lastname}</b>، <span dir="ltr">{toPersianDigits(localMobile(a.mobile))}</span><br />
                      {a.province}، {a.city}، {toPersianDigits(a.address)} — کد پستی {toPersianDigits(a.postalCode)}
                    </span>
                  </label>
                ))}
                <label className={`flex cursor-pointer items-center gap-3 rounded-xl border p-4 ${choice === 'new' ? 'border-brand-500 bg-brand-50/50' : 'border-gray-200'}`}>
                  <input type="radio" name="address-choice" checked={choice === 'new'} onChange={() => setChoice('new')} className="accent-brand-600" />
                  <span className="text-sm font-medium">ارسال به نشانی جدید</span>
                </label>
              </fieldset>
            )}
            {choice === 'new' && (
              <div className="mt-5">
                <AddressFields draft={draft} onChange={setDraft} errors={errors} idPrefix="ship" />
                <label className="mt-4 flex items-center gap-2 text-sm text-gray-700">
                  <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} className="size-4 accent-brand-600" />
                  این نشانی برای خریدهای بعدی ذخیره شود
                </label>
              </div>
            )}
          </section>
          <section className={card} aria-labelledby="delivery">
            <h2 id="delivery" className="font-bold">ارسال و پرداخت</h2>
            <ShippingChoice quote={quote} loading={loading} error={quoteError} value={method?.id ?? null} onChange={setPicked} />
            {quote?.codEnabled && <PaymentChoice value={payment} onChange={setPayment} />}
          </section>
          <section className={card} aria-labelledby="items">
            <h2 id="items" className="font-bold">کالاهای سفارش</h2>
            <ul className="mt-3 divide-y divide-gray-100">
              {cart.items.map((i) => (
                <li key={i.id} className="flex items-center gap-3 py-3">
                  <Img src={i.imageUri} variants={i.imageVariants} alt={i.title} width={56} height={56} sizes="56px" className="size-14 rounded-lg object-cover" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="line-clamp-1 wrap-anywhere font-medium">{i.title}</p>
                    <p className="wrap-anywhere text-gray-500">{i.option ? `${i.option}، ` : ''}{toPersianDigits(i.quantity)} عدد</p>
                  </div>
                  <span className="shrink-0 text-sm font-bold">{formatToman(i.lineTotal)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside className="lg:sticky lg:top-28">
          <Totals cart={withShipping(cart, method?.fee ?? null)}>
            {error && <div className="mt-4"><Alert>{error}</Alert></div>}
            <button type="submit" disabled={busy || !hydrated} className={`${primaryButton} mt-5 w-full py-3`} data-testid="pay">{busy ? 'در حال ثبت سفارش…' : cod ? 'ثبت سفارش' : 'محاسبه و پرداخت'}</button>
            <p className="mt-3 text-center text-xs leading-5 text-gray-500">{cod ? 'مبلغ سفارش را هنگام تحویل می‌پردازید.' : 'با ثبت سفارش، کالاها تا ۳۰ دقیقه برای شما رزرو می‌شوند.'}</p>
          </Totals>
        </aside>
      </form>
    </main>
  );
}
