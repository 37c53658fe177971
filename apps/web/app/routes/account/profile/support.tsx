import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { toLatinDigits, toPersianDigits } from '@sorkhab/shared';
import { ChevronDown } from '../../../components/icons';
import type { loader as layoutLoader } from '../../store/layout';
import { card } from '../ui';

export const meta = () => [{ title: 'پرسش‌های متداول | سرخاب' }];

/** FAQ from the store settings: an accordion with one item open at a time. */
export default function Support() {
  const shop = useRouteLoaderData<typeof layoutLoader>('routes/store/layout');
  const faq = shop?.settings.faq ?? [];
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section className={card} aria-labelledby="faq-title">
      <h1 id="faq-title" className="text-xl font-black">پرسش‌های متداول</h1>
      {faq.length === 0 ? <p className="mt-4 text-gray-600">موردی وجود ندارد</p> : (
        <div className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-100">
          {faq.map((item, i) => {
            const isOpen = open === i;
            return (
              <div key={i}>
                <h2>
                  <button type="button" id={`faq-q-${i}`} aria-expanded={isOpen} aria-controls={`faq-a-${i}`} onClick={() => setOpen(isOpen ? null : i)}
                    className="flex w-full items-center justify-between gap-3 px-4 py-4 text-start font-medium hover:bg-gray-50">
                    {item.question}
                    <ChevronDown className={`size-5 shrink-0 text-gray-400 transition ${isOpen ? 'rotate-180' : ''}`} />
                  </button>
                </h2>
                <div id={`faq-a-${i}`} role="region" aria-labelledby={`faq-q-${i}`} hidden={!isOpen} className="px-4 pb-4 leading-7 text-gray-600">{item.answer}</div>
              </div>
            );
          })}
        </div>
      )}
      {shop && <p className="mt-6 text-sm text-gray-600">پاسخ پرسش خود را پیدا نکردید؟ با پشتیبانی تماس بگیرید: <a href={`tel:${toLatinDigits(shop.settings.phone).replace(/[^\d+]/g, '')}`} dir="ltr" className="inline-block whitespace-nowrap font-bold text-brand-700">{toPersianDigits(shop.settings.phone)}</a></p>}
    </section>
  );
}
