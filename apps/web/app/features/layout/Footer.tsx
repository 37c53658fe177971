import { Link } from '../../components/Link';
import { enamadSealUrls, formatToman, RETURN_DAYS, toPersianDigits, type StoreSettings } from '@sorkhab/shared';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../../components/icons';
import { telHref } from './Header';

/**
 * The shop's three promises. `threshold` is the settings' free-shipping threshold, as the cart applies it (an order
 * of at least that much ships free: 0 is every order).
 */
export function Promises({ threshold, compact = false }: { threshold: number; compact?: boolean }) {
  const items = [
    { icon: ShieldIcon, title: 'ضمانت اصالت کالا', text: 'همه محصولات اورجینال و دارای شناسه' },
    { icon: ReturnIcon, title: `${toPersianDigits(RETURN_DAYS)} روز ضمانت بازگشت`, text: 'طبق شرایط بازگشت کالا' },
    { icon: TruckIcon, title: 'ارسال رایگان', text: threshold > 0 ? `برای خریدهای بالای ${formatToman(threshold)}` : 'برای همه سفارش‌ها' },
  ];
  return (
    <ul className={`grid gap-3 ${compact ? 'grid-cols-1' : 'sm:grid-cols-3'}`}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"><Icon className="size-5" /></span>
          <span>
            <span className="block text-sm font-bold text-gray-800">{title}</span>
            <span className="block text-xs text-gray-600">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The eNamad seal as eNamad publishes it: a link to the shop's page on trustseal.enamad.ir around the seal image, both
 * sending the shop's origin as referrer (eNamad checks it). Built from the stored id and code only, never from HTML.
 */
function EnamadSeal({ seal }: { seal: NonNullable<ReturnType<typeof enamadSealUrls>> }) {
  return (
    <a href={seal.href} target="_blank" rel="noopener" referrerPolicy="origin" className="inline-block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600">
      <img src={seal.img} alt="نماد اعتماد الکترونیکی" referrerPolicy="origin" width={125} height={136} loading="lazy" decoding="async" className="h-auto w-[125px]" />
    </a>
  );
}

const jalaliYear = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', timeZone: 'Asia/Tehran' });
let year = { text: '', until: 0 };
/** This year of the Iranian calendar, as the footer writes it (Tehran's time); formatted again at most once a minute. */
export function footerYear(): string {
  const now = Date.now();
  if (now >= year.until) year = { text: jalaliYear.format(now), until: now + 60_000 };
  return year.text;
}

export function Footer({ settings }: { settings: StoreSettings }) {
  // Without a seal set in the settings the column is left out: an empty «place for the eNamad seal» box told shoppers
  // the shop had none, on every page.
  const seal = enamadSealUrls(settings);
  return (
    <footer className="mt-16 border-t border-gray-100 bg-gray-50 pb-20 md:pb-0">
      <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
        <Promises threshold={settings.freeShippingThreshold} />
      </div>
      <div className={`mx-auto grid max-w-7xl gap-8 border-t border-gray-200 px-4 py-10 ${seal ? 'md:grid-cols-[2fr_1fr_1fr]' : 'md:grid-cols-[2fr_1fr]'} md:px-6`}>
        <div>
          <p className="text-lg font-black text-brand-700">{settings.storeName}</p>
          {settings.about && <p className="mt-2 max-w-prose text-sm leading-7 text-gray-700">{settings.about}</p>}
          <ul className="mt-4 space-y-2 text-sm text-gray-700">
            <li className="flex items-center gap-2"><PhoneIcon className="size-4 text-brand-700" />تلفن: <a href={telHref(settings.phone)} dir="ltr" className="font-medium hover:text-brand-700">{toPersianDigits(settings.phone)}</a></li>
            {settings.email && <li className="flex items-center gap-2"><MailIcon className="size-4 text-brand-700" />ایمیل: <a href={`mailto:${settings.email}`} dir="ltr" className="hover:text-brand-700">{settings.email}</a></li>}
            {settings.address && <li className="flex items-start gap-2"><PinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />{toPersianDigits(settings.address)}</li>}
            {settings.workingHours && <li className="flex items-center gap-2"><ClockIcon className="size-4 text-brand-700" />{toPersianDigits(settings.workingHours)}</li>}
          </ul>
        </div>
        <div>
          <p className="font-bold text-gray-900">راهنمای خرید</p>
          <ul className="mt-3 space-y-2 text-sm text-gray-700">
            <li><Link to="/track" className="hover:text-brand-700">پیگیری سفارش</Link></li>
            <li><Link to="/contact" className="hover:text-brand-700">تماس با ما</Link></li>
            <li><Link to="/faq" className="hover:text-brand-700">پرسش‌های متداول</Link></li>
            <li><Link to="/last-products" className="hover:text-brand-700">جدیدترین محصولات</Link></li>
            <li><Link to="/suggest-products" className="hover:text-brand-700">پرفروش‌ترین محصولات</Link></li>
          </ul>
        </div>
        {seal && (
          <div>
            <p className="font-bold text-gray-900">نمادهای اعتماد</p>
            <div className="mt-3 flex min-h-28 items-center justify-center rounded-xl border border-gray-200 bg-white p-3" data-testid="enamad">
              <EnamadSeal seal={seal} />
            </div>
          </div>
        )}
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-xs text-gray-600">
        © {footerYear()} {settings.storeName}؛ همه حقوق محفوظ است.
      </p>
    </footer>
  );
}
