import { useState } from 'react';
import { data, redirect, useFetcher, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { MOBILE_FORMAT, PHONE_PREFIX } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';
import { apiOf } from '../../lib/context';
import { normalizeLocalMobile } from './format';
import { safeNext } from './session';
import { Alert, primaryButton } from './ui';
import { useHydrated } from '../../components/ui/use-hydrated';
import type { Route } from './+types/login';

export const meta = () => [{ title: 'ورود | ثبت‌نام | سرخاب' }, { name: 'robots', content: 'noindex' }];

/** A logged-in shopper has nothing to do here. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await apiOf(context).call('GET /Auth/Me');
  if (me.success) throw redirect(safeNext(new URL(request.url).searchParams.get('next'), '/profile/dashboard'));
  return null;
}

/** Sends the code, then goes to /key; a refusal comes back as the form's Persian message. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { mobile, next } = (await request.json()) as { mobile: string; next: string };
  const res = await browserApi.call('POST /Auth/SendCode', { body: { mobile } });
  if (!res.success) return data({ error: res.error.message }, { status: res.status || 400 });
  return redirect(`/key?${new URLSearchParams({ mobile, next: safeNext(next, '/') })}`);
}

export default function Login() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'), '/');
  const initial = params.get('mobile')?.replace(/^98/, '') ?? '';
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState<string | null>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const error = checked ?? (busy ? null : (fetcher.data?.error ?? null));
  const hydrated = useHydrated();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const local = normalizeLocalMobile(value);
    if (!local) {
      setChecked(value.trim() ? `شماره موبایل ${MOBILE_FORMAT}` : 'شماره موبایل الزامی است');
      return;
    }
    setChecked(null);
    void fetcher.submit({ mobile: `${PHONE_PREFIX}${local}`, next }, { method: 'post', encType: 'application/json' });
  }

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-3 py-10">
      <form onSubmit={submit} noValidate className="w-full max-w-sm rounded-3xl border border-gray-100 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-center text-2xl font-black text-gray-900">ورود | ثبت‌نام</h1>
        <p className="mt-2 text-center text-sm leading-6 text-gray-600">شماره موبایل خود را وارد کنید؛ کد تأیید برایتان پیامک می‌شود.</p>
        <label htmlFor="mobile" className="mt-8 mb-1.5 block text-sm font-medium text-gray-700">شماره موبایل</label>
        <div dir="ltr" className={`flex overflow-hidden rounded-xl border bg-white focus-within:ring-2 focus-within:ring-brand-100 ${error ? 'border-red-400' : 'border-gray-200 focus-within:border-brand-500'}`}>
          <span className="flex items-center border-e border-gray-200 bg-gray-50 px-3 font-medium text-gray-600" aria-hidden="true">+۹۸</span>
          <input
            id="mobile" name="mobile" type="tel" inputMode="numeric" autoComplete="tel-national" autoFocus
            value={value} onChange={(e) => setValue(e.target.value)} placeholder="۹۱۲ ۳۴۵ ۶۷۸۹" maxLength={14}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'mobile-error' : undefined}
            className="min-w-0 flex-1 px-3 py-3 text-lg tracking-wider outline-none placeholder:text-gray-300"
          />
        </div>
        {error && <div id="mobile-error" className="mt-3"><Alert>{error}</Alert></div>}
        <button type="submit" disabled={busy || !hydrated} className={`${primaryButton} mt-6 w-full py-3`}>{busy ? 'در حال ارسال کد…' : 'دریافت کد تأیید'}</button>
        <p className="mt-6 text-center text-xs leading-6 text-gray-500">
          ورود شما به معنای پذیرش شرایط فروشگاه است. <Link to="/" className="text-brand-700 underline">بازگشت به صفحه اصلی</Link>
        </p>
      </form>
    </main>
  );
}
