import { useEffect, useRef, useState } from 'react';
import { data, redirect, replace, useFetcher, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { localMobile, OTP_CODE_LENGTH, OTP_COUNTDOWN_SECONDS, toLatinDigits, toPersianDigits } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';
import { cartStore } from '../../features/cart/store';
import { shopperStore } from '../../features/account/shopper';
import { mmss } from './format';
import { safeNext } from './session';
import { Alert, primaryButton } from './ui';
import { useHydrated } from '../../components/ui/use-hydrated';
import type { Route } from './+types/key';

export const meta = () => [{ title: 'کد تأیید | سرخاب' }, { name: 'robots', content: 'noindex' }];

export function loader({ request }: Route.LoaderArgs) {
  const mobile = new URL(request.url).searchParams.get('mobile') ?? '';
  if (!/^989\d{9}$/.test(mobile)) throw redirect('/login');
  return null;
}

type KeyIntent = { intent: 'verify'; mobile: string; code: string; next: string } | { intent: 'resend'; mobile: string };

/**
 * `verify`: checks the code; on success refreshes the cart and shopper stores (they live outside loader data)
 * and replaces the page with `next`. `resend`: asks for a fresh code. Refusals come back as Persian messages.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as KeyIntent;
  if (body.intent === 'resend') {
    const res = await browserApi.call('POST /Auth/SendCode', { body: { mobile: body.mobile } });
    return res.success ? { error: null, sent: true } : data({ error: res.error.message, sent: false }, { status: res.status || 400 });
  }
  const res = await browserApi.call('POST /Auth/VerifyCode', { body: { mobile: body.mobile, code: body.code } });
  if (!res.success) return data({ error: res.error.message, sent: false }, { status: res.status || 400 });
  await Promise.all([cartStore.refresh(), shopperStore.refresh()]);
  return replace(safeNext(body.next, '/'));
}

export default function Key() {
  const [params] = useSearchParams();
  const mobile = params.get('mobile') ?? '';
  const next = safeNext(params.get('next'), '/');
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_CODE_LENGTH).fill(''));
  const [left, setLeft] = useState(OTP_COUNTDOWN_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const verifier = useFetcher<typeof clientAction>();
  const resender = useFetcher<typeof clientAction>();
  const busy = verifier.state !== 'idle';
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const hydrated = useHydrated();

  useEffect(() => {
    if (verifier.state !== 'idle' || !verifier.data?.error) return;
    setError(verifier.data.error);
    setDigits(Array(OTP_CODE_LENGTH).fill(''));
    boxes.current[0]?.focus();
  }, [verifier.state, verifier.data]);
  useEffect(() => {
    const d = resender.data;
    if (resender.state !== 'idle' || !d) return;
    if (d.error) { setError(d.error); return; }
    setInfo('کد تازه فرستاده شد');
    setDigits(Array(OTP_CODE_LENGTH).fill(''));
    setLeft(OTP_COUNTDOWN_SECONDS);
    boxes.current[0]?.focus();
  }, [resender.state, resender.data]);

  useEffect(() => { if (hydrated) boxes.current[0]?.focus(); }, [hydrated]);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  function fill(from: number, text: string) {
    const incoming = toLatinDigits(text).replace(/\D/g, '').split('');
    if (!incoming.length) return;
    const nextDigits = [...digits];
    let i = from;
    for (const d of incoming) {
      if (i >= OTP_CODE_LENGTH) break;
      nextDigits[i++] = d;
    }
    setDigits(nextDigits);
    boxes.current[Math.min(i, OTP_CODE_LENGTH - 1)]?.focus();
    if (nextDigits.every(Boolean)) verify(nextDigits.join(''));
  }

  function onKeyDown(i: number, e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      const d = [...digits];
      d[i - 1] = '';
      setDigits(d);
      boxes.current[i - 1]?.focus();
      e.preventDefault();
    } else if (e.key === 'ArrowLeft' && i < OTP_CODE_LENGTH - 1) boxes.current[i + 1]?.focus();
    else if (e.key === 'ArrowRight' && i > 0) boxes.current[i - 1]?.focus();
  }

  function verify(code: string) {
    if (busy) return;
    setError(null);
    const body: KeyIntent = { intent: 'verify', mobile, code, next };
    void verifier.submit(body, { method: 'post', encType: 'application/json' });
  }

  function resend() {
    setError(null);
    setInfo(null);
    const body: KeyIntent = { intent: 'resend', mobile };
    void resender.submit(body, { method: 'post', encType: 'application/json' });
  }

  const code = digits.join('');
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-3 py-10">
      <form
        onSubmit={(e) => { e.preventDefault(); if (code.length === OTP_CODE_LENGTH) verify(code); else setError(`کد تأیید باید ${toPersianDigits(OTP_CODE_LENGTH)} رقم باشد`); }}
        noValidate className="w-full max-w-sm rounded-3xl border border-gray-100 bg-white p-6 shadow-sm md:p-8"
      >
        <h1 className="text-center text-2xl font-black text-gray-900">کد تأیید را وارد کنید</h1>
        <p className="mt-2 text-center text-sm leading-6 text-gray-600">
          کد {toPersianDigits(OTP_CODE_LENGTH)} رقمی به شماره <span dir="ltr" className="font-bold text-gray-800">{toPersianDigits(localMobile(mobile))}</span> پیامک شد.
        </p>
        <Link to={`/login?${new URLSearchParams({ mobile, next })}`} className="mt-1 block text-center text-sm text-brand-700 hover:underline">ویرایش شماره موبایل</Link>
        <fieldset className="mt-8" aria-label="کد تأیید">
          <div dir="ltr" className="flex justify-center gap-3">
            {digits.map((d, i) => (
              <input
                key={i} ref={(el) => { boxes.current[i] = el; }}
                value={d ? toPersianDigits(d) : ''} aria-label={`رقم ${toPersianDigits(i + 1)} کد`}
                inputMode="numeric" autoComplete={i === 0 ? 'one-time-code' : 'off'} maxLength={1} autoFocus={i === 0} disabled={!hydrated}
                onChange={(e) => {
                  const v = e.target.value;
                  if (!v) { const n = [...digits]; n[i] = ''; setDigits(n); return; }
                  fill(i, v.slice(-1));
                }}
                onPaste={(e) => { e.preventDefault(); fill(0, e.clipboardData.getData('text')); }}
                onKeyDown={(e) => onKeyDown(i, e)}
                onFocus={(e) => e.target.select()}
                data-testid="otp-box"
                className={`size-14 rounded-xl border text-center text-2xl font-bold outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-400' : 'border-gray-200'}`}
              />
            ))}
          </div>
        </fieldset>
        <div className="mt-4 min-h-6 text-center text-sm">
          {left > 0 ? (
            <p className="text-gray-600"><span dir="ltr" className="font-bold tabular-nums" data-testid="countdown">{mmss(left)}</span> تا امکان ارسال دوباره کد</p>
          ) : (
            <button type="button" onClick={resend} className="font-medium text-brand-700 hover:underline">ارسال دوباره کد</button>
          )}
        </div>
        {error && <div className="mt-3"><Alert>{error}</Alert></div>}
        {info && !error && <div className="mt-3"><Alert kind="success">{info}</Alert></div>}
        <button type="submit" disabled={busy || !hydrated} className={`${primaryButton} mt-6 w-full py-3`}>{busy ? 'در حال بررسی…' : 'ورود'}</button>
        <Link to="/" className="mt-4 block text-center text-sm text-gray-600 hover:text-brand-700">بازگشت به صفحه اصلی</Link>
      </form>
    </main>
  );
}
