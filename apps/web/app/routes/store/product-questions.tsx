import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import { formatJalali, type Question } from '@sorkhab/shared';
import { useShopper } from '../../features/account/shopper';
import { useNearViewport } from '../../components/ui/use-near-viewport';
import { browserApi } from '../../lib/api';
import { Alert, inputClass, primaryButton, secondaryButton } from '../account/ui';

/** Approved questions and the shop's answers, loaded after the (cached) page; a logged-in shopper may ask. */
export function ProductQuestionsSection({ productId }: { productId: number }) {
  const [list, setList] = useState<Question[]>([]);
  const [page, setPage] = useState({ page: 0, total: 0, size: 5 });
  const load = useCallback(async (n: number) => {
    const res = await browserApi.call('GET /Question/Product', { query: { productId, pageNumber: n } });
    if (!res.success) return;
    setList((old) => (n === 1 ? res.data.data : [...old, ...res.data.data]));
    setPage({ page: res.data.page, total: res.data.totalCount, size: res.data.pageSize });
  }, [productId]);
  const [section, near] = useNearViewport<HTMLElement>();
  useEffect(() => { if (near) void load(1); }, [near, load]);
  const { shopper, known } = useShopper();

  return (
    <section ref={section} id="questions" className="mt-12 max-w-4xl scroll-mt-32" aria-labelledby="questions-title">
      <h2 id="questions-title" className="mb-4 border-s-4 border-brand-600 ps-3 text-lg font-black">پرسش و پاسخ</h2>
      {known && (shopper ? <AskForm productId={productId} /> : (
        <Link to={`/login?${new URLSearchParams({ next: `/product/${productId}#questions` })}`} className={`${secondaryButton} text-sm`}>برای پرسیدن وارد شوید</Link>
      ))}
      {page.page > 0 && list.length === 0 && <p className="mt-4 text-sm text-gray-600">هنوز پرسشی دربارهٔ این محصول پاسخ داده نشده است.</p>}
      <ul className="mt-4 divide-y divide-gray-100">
        {list.map((q) => (
          <li key={q.id} className="py-4" data-testid="question">
            <p className="wrap-anywhere text-sm font-medium leading-7 text-gray-900"><span className="me-1 font-black text-brand-700">پرسش:</span>{q.body}</p>
            <p className="text-xs text-gray-500">{q.authorName}، {formatJalali(q.createdAt)}</p>
            {q.answer ? (
              <p className="mt-2 whitespace-pre-line wrap-anywhere rounded-xl bg-gray-50 p-3 text-sm leading-7 text-gray-700"><span className="me-1 font-bold text-brand-700">پاسخ فروشگاه:</span>{q.answer}</p>
            ) : <p className="mt-2 text-xs text-gray-500">هنوز پاسخی ثبت نشده است.</p>}
          </li>
        ))}
      </ul>
      {page.page * page.size < page.total && (
        <button type="button" className={`${secondaryButton} mt-2 w-full text-sm`} onClick={() => void load(page.page + 1)}>پرسش‌های بیشتر</button>
      )}
    </section>
  );
}

function AskForm({ productId }: { productId: number }) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await browserApi.call('POST /Question/Create', { body: { productId, body } });
    setBusy(false);
    if (res.success) { setBody(''); setResult({ ok: true, message: 'پرسش شما ثبت شد و پس از پاسخ فروشگاه نمایش داده می‌شود.' }); }
    else setResult({ ok: false, message: res.error.fields?.body ?? res.error.message });
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate>
      <label htmlFor="question-body" className="block text-sm font-medium text-gray-700">پرسش خود را دربارهٔ این محصول بنویسید</label>
      <textarea id="question-body" rows={2} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} className={inputClass} />
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
      <button type="submit" disabled={busy} className={`${primaryButton} text-sm`}>ثبت پرسش</button>
    </form>
  );
}
