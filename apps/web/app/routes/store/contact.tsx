import { useRouteLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { toPersianDigits } from '@sorkhab/shared';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon, TruckIcon } from '../../components/icons';
import { seo, shopOf } from '../../features/catalog/seo';
import { telHref } from '../../features/layout/Header';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/contact';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopOf(matches);
  return seo(shop, {
    title: 'تماس با ما',
    description: `راه‌های تماس با ${shop?.settings.storeName ?? 'سرخاب'}: تلفن ${toPersianDigits(shop?.settings.phone ?? '')}، ایمیل و نشانی فروشگاه.`,
    path: '/contact',
  });
}

export default function Contact() {
  const shop = useRouteLoaderData<typeof layoutLoader>('routes/store/layout');
  if (!shop) return null;
  const s = shop.settings;
  const card = 'flex items-start gap-4 rounded-2xl border border-gray-100 bg-white p-5';
  const icon = 'flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700';
  return (
    <main className="mx-auto max-w-4xl px-3 py-8 md:px-6 md:py-12">
      <h1 className="text-2xl font-black text-gray-900">تماس با ما</h1>
      <p className="mt-2 text-gray-600">پرسشی درباره محصولات یا سفارش خود دارید؟ از یکی از راه‌های زیر با ما در تماس باشید.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <a href={telHref(s.phone)} className={`${card} hover:border-brand-200`}>
          <span className={icon}><PhoneIcon /></span>
          <span><span className="block font-bold">تلفن پشتیبانی</span><span className="mt-1 block text-lg text-brand-700" dir="ltr">{toPersianDigits(s.phone)}</span></span>
        </a>
        {s.email && (
          <a href={`mailto:${s.email}`} className={`${card} hover:border-brand-200`}>
            <span className={icon}><MailIcon /></span>
            <span><span className="block font-bold">ایمیل</span><span className="mt-1 block text-brand-700" dir="ltr">{s.email}</span></span>
          </a>
        )}
        {s.address && (
          <div className={card}>
            <span className={icon}><PinIcon /></span>
            <span><span className="block font-bold">نشانی</span><span className="mt-1 block leading-7 text-gray-700">{toPersianDigits(s.address)}</span></span>
          </div>
        )}
        {s.workingHours && (
          <div className={card}>
            <span className={icon}><ClockIcon /></span>
            <span><span className="block font-bold">ساعت پاسخگویی</span><span className="mt-1 block text-gray-700">{toPersianDigits(s.workingHours)}</span></span>
          </div>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/track" className="flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"><TruckIcon />پیگیری سفارش</Link>
        <Link to="/faq" className="rounded-xl border border-gray-200 px-5 py-2.5 font-medium hover:border-brand-500">پرسش‌های متداول</Link>
      </div>
      {s.about && (
        <section className="mt-10" aria-labelledby="about">
          <h2 id="about" className="text-lg font-bold">درباره {s.storeName}</h2>
          <p className="mt-2 leading-8 text-gray-700">{s.about}</p>
        </section>
      )}
    </main>
  );
}
