import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Order } from '@sorkhab/shared';
import { apiOf } from '../../lib/context';
import { stopIfBlank } from '../../lib/required';
import { OrderView } from './order-view';
import { Alert, Field, primaryButton, TextInput } from './ui';
import type { Route } from './+types/track';

export const meta = () => [{ title: 'پیگیری سفارش | سرخاب' }, { name: 'description', content: 'پیگیری وضعیت سفارش با شماره سفارش و شماره موبایل، بدون نیاز به ورود.' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const number = url.searchParams.get('number') ?? '';
  const mobile = url.searchParams.get('mobile') ?? '';
  if (!number && !mobile) return { number, mobile, order: null as Order | null, error: null as string | null };
  const res = await apiOf(context).call('GET /Order/Track', { query: { number, mobile } });
  return { number, mobile, order: res.success ? res.data : null, error: res.success ? null : res.error.message };
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const { number, mobile, order, error } = loaderData;
  const busy = useNavigation().state === 'loading';
  const [blank, setBlank] = useState<Record<string, string>>({});
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 pb-24 md:px-6 md:py-12">
      <h1 className="text-2xl font-black">پیگیری سفارش</h1>
      <p className="mt-2 text-gray-600">شماره سفارش و شماره موبایلی را که با آن خرید کرده‌اید وارد کنید.</p>
      <Form method="get" noValidate onSubmit={(e) => {
        const form = new FormData(e.currentTarget);
        if (stopIfBlank(e.currentTarget, { number: [form.get('number'), 'شماره سفارش'], mobile: [form.get('mobile'), 'شماره موبایل'] }, setBlank)) e.preventDefault();
        else setBlank({});
      }} className="mt-6 grid gap-4 rounded-2xl border border-gray-100 bg-white p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="شماره سفارش" htmlFor="number" error={blank.number}><TextInput id="number" defaultValue={number} inputMode="numeric" dir="ltr" required error={blank.number} /></Field>
        <Field label="شماره موبایل" htmlFor="mobile" error={blank.mobile}><TextInput id="mobile" defaultValue={mobile} inputMode="tel" dir="ltr" placeholder="۰۹۱۲۱۲۳۴۵۶۷" required error={blank.mobile} /></Field>
        <button type="submit" disabled={busy} className={primaryButton}>پیگیری</button>
      </Form>
      {error && <div className="mt-6"><Alert>{error}</Alert></div>}
      {order && <div className="mt-6"><OrderView order={order} /></div>}
    </main>
  );
}
