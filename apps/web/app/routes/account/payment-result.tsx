import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { toPersianDigits, type PaymentResult } from '@sorkhab/shared';
import { cartStore } from '../../features/cart/store';
import { primaryButton, secondaryButton } from './ui';

export const meta = () => [{ title: 'نتیجه پرداخت | سرخاب' }, { name: 'robots', content: 'noindex' }];

/** `ok` picks the tick or the warning; `orders` sends the shopper to their orders rather than back to the cart. */
const TEXTS: Record<PaymentResult, { title: string; text: string; ok: boolean; orders?: boolean }> = {
  paid: { title: 'پرداخت با موفقیت انجام شد', text: 'سفارش شما ثبت شد و به‌زودی آماده ارسال می‌شود. وضعیت آن را از بخش سفارش‌های من دنبال کنید.', ok: true },
  already_paid: { title: 'این سفارش قبلاً پرداخت شده است', text: 'پرداخت این سفارش پیش‌تر تأیید شده بود و تغییری در آن داده نشد.', ok: true },
  paid_unfulfillable: { title: 'پرداخت انجام شد، اما کالا دیگر موجود نیست', text: 'مبلغ دریافت شد، اما پیش از تأیید پرداخت سفارش لغو شده بود و موجودی کالا دیگر کافی نیست. فروشگاه سفارش را بررسی می‌کند و اگر کالا تأمین نشود مبلغ را به شما بازمی‌گرداند؛ کد پیگیری را نگه دارید.', ok: false, orders: true },
  failed: { title: 'پرداخت انجام نشد', text: 'پرداخت لغو شد یا ناموفق بود و کالاهای رزروشده آزاد شدند. سبد خرید شما سر جایش است؛ می‌توانید دوباره تلاش کنید.', ok: false },
  expired: { title: 'مهلت پرداخت این سفارش تمام شده است', text: 'سفارش‌های پرداخت‌نشده پس از ۳۰ دقیقه لغو می‌شوند. اگر مبلغی از حساب شما کم شده باشد، بانک آن را برمی‌گرداند. دوباره از سبد خرید اقدام کنید.', ok: false },
  invalid: { title: 'پرداخت تأیید نشد', text: 'درگاه پرداخت این تراکنش را تأیید نکرد و سفارش تغییری نکرد. اگر مبلغی کم شده است، بانک آن را برمی‌گرداند.', ok: false },
  not_yours: { title: 'این سفارش متعلق به حساب دیگری است', text: 'با حسابی که سفارش را ثبت کرده وارد شوید. در سفارش تغییری داده نشد.', ok: false },
};

/** A gateway's reference: a number in Persian digits; a code with letters as it is, left to right (no R۱۲۴DA۸۲). */
function refCode(ref: string) {
  return /^\d+$/.test(ref) ? toPersianDigits(ref) : <bdi dir="ltr">{ref}</bdi>;
}

export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const result = (params.get('result') ?? 'invalid') as PaymentResult;
  const t = TEXTS[result] ?? TEXTS.invalid;
  const number = params.get('number');
  const ref = params.get('ref');
  useEffect(() => { void cartStore.refresh(); }, []);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-3 py-10">
      <section className="w-full max-w-md rounded-3xl border border-gray-100 bg-white p-8 text-center shadow-sm" data-testid="payment-result" data-result={result}>
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full text-3xl ${t.ok ? 'bg-green-50 text-green-600' : 'bg-red-50 text-red-600'}`} aria-hidden="true">{t.ok ? '✓' : '!'}</span>
        <h1 className="mt-5 text-2xl font-black">{t.title}</h1>
        {number && <p className="mt-3 text-gray-700">شماره سفارش: <b className="text-lg" data-testid="order-number">{toPersianDigits(number)}</b></p>}
        {ref && <p className="mt-1 text-sm text-gray-500">کد پیگیری پرداخت: {refCode(ref)}</p>}
        <p className="mt-4 leading-7 text-gray-600">{t.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {t.ok || t.orders ? <Link to="/profile/order" className={primaryButton}>سفارش‌های من</Link> : <Link to="/cart" className={primaryButton}>بازگشت به سبد خرید</Link>}
          <Link to="/" className={secondaryButton}>صفحه اصلی</Link>
        </div>
      </section>
    </main>
  );
}
