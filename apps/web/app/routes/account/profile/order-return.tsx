import { useState } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import { Link } from '../../../components/Link';
import { RETURN_MAX_PHOTOS, RETURN_REASON_LABELS, RETURN_REASONS, toPersianDigits } from '@sorkhab/shared';
import { browserApi } from '../../../lib/api';
import { apiOf } from '../../../lib/context';
import { loadOrderAndReturns, ReturnsPanel } from '../returns-view';
import { Alert, card, Field, inputClass, PhotoPicker, primaryButton, Select } from '../ui';
import type { Route } from './+types/order-return';

export const meta = () => [{ title: 'درخواست مرجوعی | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadOrderAndReturns(apiOf(context), request, params.id);
}

/** Sends the form as multipart (photos included); the chosen lines go as JSON in `items`. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const form = await request.formData();
  const lines = form.getAll('line').map(String).map((id) => ({ orderItemId: Number(id), quantity: Number(form.get(`qty-${id}`) ?? 1) }));
  const body = new FormData();
  body.set('orderId', String(params.id));
  body.set('items', JSON.stringify(lines));
  for (const k of ['reason', 'reasonText', 'description']) body.set(k, String(form.get(k) ?? ''));
  for (const f of form.getAll('photos')) if (f instanceof File && f.size > 0) body.append('photos', f);
  const res = await browserApi.call('POST /Return/Create', { body });
  if (!res.success) return data({ error: res.error.message, fields: res.error.fields ?? {} }, { status: res.status || 400 });
  return redirect(`/profile/order/${params.id}`);
}

export default function OrderReturn({ loaderData }: Route.ComponentProps) {
  const { order, returns } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const [reason, setReason] = useState<string>('damaged');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const busy = fetcher.state !== 'idle';
  const failed = fetcher.state === 'idle' ? fetcher.data : undefined;
  const fields = failed?.fields ?? {};
  const lines = returns.items.filter((i) => i.returnable > 0);
  const toggle = (id: number) => setChosen((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  return (
    <section className="space-y-4">
      <Link to={`/profile/order/${order.id}`} className="inline-block text-sm text-brand-700 hover:underline">بازگشت به سفارش</Link>
      <h1 className="text-xl font-black">درخواست مرجوعی سفارش {toPersianDigits(order.number)}</h1>
      {!returns.allowed ? (
        <Alert kind="info">{returns.reason}</Alert>
      ) : (
        <fetcher.Form method="post" encType="multipart/form-data" className={`${card} space-y-5`} noValidate>
          {failed?.error && <Alert>{failed.error}</Alert>}
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-gray-700">کالاهایی که می‌خواهید مرجوع کنید</legend>
            <ul className="divide-y divide-gray-100 rounded-xl border border-gray-100">
              {lines.map((i) => (
                <li key={i.orderItemId} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <input id={`line-${i.orderItemId}`} type="checkbox" name="line" value={i.orderItemId} checked={chosen.has(i.orderItemId)}
                    onChange={() => toggle(i.orderItemId)} className="size-5 accent-brand-600" />
                  <label htmlFor={`line-${i.orderItemId}`} className="min-w-0 flex-1">{i.title}{i.option ? ` · ${i.option}` : ''}</label>
                  <label htmlFor={`qty-${i.orderItemId}`} className="text-gray-600">تعداد</label>
                  <select id={`qty-${i.orderItemId}`} name={`qty-${i.orderItemId}`} disabled={!chosen.has(i.orderItemId)} className={`${inputClass.replace('w-full ', '')} w-20`}>
                    {Array.from({ length: i.returnable }, (_, n) => n + 1).map((n) => <option key={n} value={n}>{toPersianDigits(n)}</option>)}
                  </select>
                </li>
              ))}
            </ul>
            {fields.items && <p className="mt-1 text-xs text-red-600" role="alert">{fields.items}</p>}
          </fieldset>
          <Field label="دلیل مرجوعی" htmlFor="reason" error={fields.reason}>
            <Select id="reason" value={reason} onChange={(e) => setReason(e.target.value)} error={fields.reason}>
              {RETURN_REASONS.map((r) => <option key={r} value={r}>{RETURN_REASON_LABELS[r]}</option>)}
            </Select>
          </Field>
          {reason === 'other' && (
            <Field label="دلیل دیگر" htmlFor="reasonText" error={fields.reasonText}>
              <input id="reasonText" name="reasonText" maxLength={200} aria-invalid={fields.reasonText ? true : undefined}
                aria-describedby={fields.reasonText ? 'reasonText-error' : undefined} className={inputClass} />
            </Field>
          )}
          <Field label="توضیحات (اختیاری)" htmlFor="description" error={fields.description}>
            <textarea id="description" name="description" rows={3} maxLength={1000} className={inputClass} />
          </Field>
          <PhotoPicker id="photos" name="photos" label={`عکس‌ها (اختیاری، حداکثر ${toPersianDigits(RETURN_MAX_PHOTOS)} عکس)`} error={fields.photos}
            hint="عکس کالا و بسته‌بندی به بررسی سریع‌تر کمک می‌کند؛ عکس‌ها را فقط شما و فروشگاه می‌بینید." />
          <button type="submit" disabled={busy || chosen.size === 0} className={primaryButton}>{busy ? 'در حال ارسال…' : 'ثبت درخواست مرجوعی'}</button>
        </fetcher.Form>
      )}
      <ReturnsPanel returns={{ ...returns, allowed: false }} orderId={order.id} withAction={false} />
    </section>
  );
}

export function ErrorBoundary() {
  return <p className="rounded-2xl border border-gray-100 bg-white p-6 text-gray-600">سفارش پیدا نشد. <Link to="/profile/order" className="text-brand-700">بازگشت به سفارش‌ها</Link></p>;
}
