import { useState } from 'react';
import { useHydrated } from '../../../components/ui/use-hydrated';
import { data, useFetcher } from 'react-router';
import { localMobile, ProfileUpdateSchema, toPersianDigits } from '@sorkhab/shared';
import { browserApi } from '../../../lib/api';
import { apiOf } from '../../../lib/context';
import { loadFor } from '../session';
import { Alert, card, Field, fieldErrors, primaryButton, TextInput } from '../ui';
import type { Route } from './+types/dashboard';
import { shopperStore } from '../../../features/account/shopper';

export const meta = () => [{ title: 'اطلاعات حساب | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return { me: await loadFor(apiOf(context), request, 'GET /Profile') };
}

/** Saves the profile; a refused save returns 400 (no revalidation), a saved one revalidates the page. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const parsed = ProfileUpdateSchema.safeParse(await request.json());
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error.issues), message: null }, { status: 400 });
  const res = await browserApi.call('PUT /Profile', { body: parsed.data });
  if (!res.success) return data({ errors: res.error.fields ?? {}, message: { kind: 'error' as const, text: res.error.message } }, { status: res.status || 400 });
  void shopperStore.refresh();
  return { errors: {}, message: { kind: 'success' as const, text: 'اطلاعات شما ذخیره شد' } };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const { me } = loaderData;
  const [form, setForm] = useState({ firstname: me.firstname, lastname: me.lastname, email: me.email ?? '', nationalCode: me.nationalCode ?? '' });
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = busy || checked ? undefined : fetcher.data;
  const errors: Record<string, string> = checked ?? result?.errors ?? {};
  const message = result?.message ?? null;
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ProfileUpdateSchema.safeParse(form);
    if (!parsed.success) { setChecked(fieldErrors(parsed.error.issues)); return; }
    setChecked(null);
    void fetcher.submit(form, { method: 'post', encType: 'application/json' });
  }

  return (
    <section className={card} aria-labelledby="info-title">
      <h1 id="info-title" className="text-xl font-black">اطلاعات حساب</h1>
      <form onSubmit={save} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field label="نام" htmlFor="firstname" error={errors.firstname}><TextInput id="firstname" value={form.firstname} onChange={set('firstname')} autoComplete="given-name" error={errors.firstname} /></Field>
        <Field label="نام خانوادگی" htmlFor="lastname" error={errors.lastname}><TextInput id="lastname" value={form.lastname} onChange={set('lastname')} autoComplete="family-name" error={errors.lastname} /></Field>
        <Field label="شماره موبایل" htmlFor="mobile" hint="شماره موبایل همان شماره ورود شماست و تغییر نمی‌کند">
          <TextInput id="mobile" value={toPersianDigits(localMobile(me.mobile))} readOnly disabled dir="ltr" />
        </Field>
        <Field label="کد ملی" htmlFor="nationalCode" error={errors.nationalCode}><TextInput id="nationalCode" value={form.nationalCode} onChange={set('nationalCode')} inputMode="numeric" dir="ltr" maxLength={12} error={errors.nationalCode} /></Field>
        <div className="sm:col-span-2">
          <Field label="ایمیل" htmlFor="email" error={errors.email}><TextInput id="email" type="email" value={form.email} onChange={set('email')} dir="ltr" autoComplete="email" error={errors.email} /></Field>
        </div>
        {message && <div className="sm:col-span-2"><Alert kind={message.kind}>{message.text}</Alert></div>}
        <div className="sm:col-span-2"><button type="submit" disabled={busy || !hydrated} className={primaryButton}>{busy ? 'در حال ذخیره…' : 'ذخیره اطلاعات'}</button></div>
      </form>
    </section>
  );
}
