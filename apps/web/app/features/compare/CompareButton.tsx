import { useState } from 'react';
import { Link } from '../../components/Link';
import { toPersianDigits } from '@sorkhab/shared';
import { CloseIcon, CompareIcon } from '../../components/icons';
import { addToCompare, COMPARE_MAX, compareHref, removeFromCompare, startCompare, type Comparable } from './compare';
import { useCompareList } from './store';

/**
 * «مقایسه» on the product page, and the tray of the comparison under it once it has products: their thumbnails,
 * a link to /compare and a way to empty it. A product of another category is refused with why, and can start a
 * new comparison after the shopper confirms.
 */
export function CompareButton({ product }: { product: Comparable }) {
  const [list, save] = useCompareList();
  const [refusal, setRefusal] = useState<{ reason: 'full' | 'other-category'; message: string } | null>(null);
  const inList = !!list?.items.some((i) => i.id === product.id);
  const toggle = () => {
    setRefusal(null);
    if (inList) return save(removeFromCompare(list, product.id));
    const r = addToCompare(list, product);
    if (r.ok) save(r.list);
    else setRefusal({ reason: r.reason, message: r.message });
  };
  return (
    <div className="mt-3" data-testid="compare">
      <button type="button" onClick={toggle} aria-pressed={inList}
        className={`flex items-center gap-1.5 rounded-xl border px-3 py-2 text-sm font-medium ${inList ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-gray-200 text-gray-700 hover:border-gray-400'}`}>
        <CompareIcon />
        {inList ? 'در فهرست مقایسه' : 'مقایسه'}
      </button>
      <div aria-live="polite">
        {refusal && (
          <div className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="compare-refusal">
            <p>{refusal.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {refusal.reason === 'other-category' && (
                <button type="button" onClick={() => { save(startCompare(product)); setRefusal(null); }} className="rounded-lg bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800">
                  فهرست قبلی پاک شود و مقایسه تازه شروع شود
                </button>
              )}
              <button type="button" onClick={() => setRefusal(null)} className="rounded-lg border border-amber-300 px-3 py-1.5 hover:bg-amber-100">بستن</button>
            </div>
          </div>
        )}
      </div>
      {list && (
        <div className="mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-gray-100 bg-gray-50 p-2 text-sm" data-testid="compare-tray">
          <ul className="flex gap-1.5" aria-label="کالاهای فهرست مقایسه">
            {list.items.map((i) => (
              <li key={i.id}>
                <Link to={`/product/${i.id}`} title={i.title} className="block size-10 overflow-hidden rounded-lg border border-gray-200 bg-white">
                  {i.image ? <img src={i.image} alt={i.title} width={40} height={40} className="size-full object-cover" /> : <span className="sr-only">{i.title}</span>}
                </Link>
              </li>
            ))}
          </ul>
          <span className="text-gray-600">{toPersianDigits(list.items.length)} از {toPersianDigits(COMPARE_MAX)}</span>
          <Link to={compareHref(list.items.map((i) => i.id))} className="ms-auto rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700" data-testid="compare-link">
            مقایسه {toPersianDigits(list.items.length)} کالا
          </Link>
          <button type="button" onClick={() => { save(null); setRefusal(null); }} aria-label="پاک کردن فهرست مقایسه" className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-200">
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
