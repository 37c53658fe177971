import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import { formatJalali, ReviewCreateSchema, toPersianDigits, type MyReviewState, type ProductReviews, type Review, type ReviewSort } from '@sorkhab/shared';
import { useShopper } from '../../features/account/shopper';
import { ratingText, Stars } from '../../features/catalog/Stars';
import { useNearViewport } from '../../components/ui/use-near-viewport';
import { browserApi } from '../../lib/api';
import { Alert, Field, inputClass, PhotoPicker, primaryButton, secondaryButton } from '../account/ui';

/**
 * The product page's reviews (decision 025). The page is cached for every visitor, so only the rating in the
 * product's own data (updated with the product when a review is approved) is in its HTML; the reviews, the
 * shopper's own state and votes load here, in the browser, after the page.
 */
export function ProductReviewsSection({ productId, average, count }: { productId: number; average: number; count: number }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState<ProductReviews | null>(null);
  const [list, setList] = useState<Review[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async (s: ReviewSort, pageNumber: number) => {
    const res = await browserApi.call('GET /Review/Product', { query: { productId, sort: s, pageNumber } });
    if (!res.success) { setFailed(res.error.message); return; }
    setFailed(null);
    setPage(res.data);
    setList((old) => (pageNumber === 1 ? res.data.data : [...old, ...res.data.data]));
  }, [productId]);
  const [section, near] = useNearViewport<HTMLElement>();
  useEffect(() => { if (near) void load(sort, 1); }, [near, load, sort]);
  const summary = page?.summary ?? { average, count, distribution: [0, 0, 0, 0, 0] };
  const mine = useMine(productId, near);
  const more = page && page.page * page.pageSize < page.totalCount;

  return (
    <section ref={section} id="reviews" className="mt-12 scroll-mt-32" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="mb-4 border-s-4 border-brand-600 ps-3 text-lg font-black">دیدگاه خریداران</h2>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="h-fit rounded-2xl border border-gray-100 p-4" data-testid="rating-summary">
          {summary.count > 0 ? (
            <>
              <p className="flex items-baseline gap-2"><span className="text-3xl font-black">{ratingText(summary.average)}</span><span className="text-sm text-gray-600">از ۵</span></p>
              <Stars value={summary.average} className="size-5" />
              <p className="mt-1 text-sm text-gray-600">از {toPersianDigits(summary.count)} دیدگاه خریداران</p>
              {page && (
                <ul className="mt-4 space-y-1.5" aria-label="پراکندگی امتیازها">
                  {[5, 4, 3, 2, 1].map((star) => {
                    const n = summary.distribution[star - 1] ?? 0;
                    return (
                      <li key={star} className="flex items-center gap-2 text-xs text-gray-700">
                        <span className="w-12 shrink-0">{toPersianDigits(star)} ستاره</span>
                        <span className="h-2 flex-1 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
                          <span className="block h-full rounded-full bg-amber-500" style={{ width: `${summary.count ? (n / summary.count) * 100 : 0}%` }} />
                        </span>
                        <span className="w-8 shrink-0 text-end">{toPersianDigits(n)}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          ) : (
            <p className="text-sm text-gray-600">هنوز دیدگاهی برای این محصول ثبت نشده است.</p>
          )}
          <WriteReview productId={productId} mine={mine} />
        </div>

        <div>
          {list.length > 0 && (
            <div className="mb-3 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="مرتب‌سازی دیدگاه‌ها">
              <span className="text-gray-600">مرتب‌سازی:</span>
              {([['newest', 'جدیدترین'], ['helpful', 'مفیدترین']] as const).map(([s, label]) => (
                <button key={s} type="button" aria-pressed={sort === s} onClick={() => setSort(s)}
                  className={`rounded-full border px-3 py-1 ${sort === s ? 'border-brand-600 bg-brand-50 font-bold text-brand-700' : 'border-gray-200 text-gray-700'}`}>{label}</button>
              ))}
            </div>
          )}
          {failed && <Alert>{failed}</Alert>}
          <ul className="divide-y divide-gray-100">
            {list.map((r) => <ReviewItem key={r.id} review={r} mine={mine} />)}
          </ul>
          {more && (
            <button type="button" className={`${secondaryButton} mt-4 w-full`} onClick={() => void load(sort, page.page + 1)}>نمایش دیدگاه‌های بیشتر</button>
          )}
        </div>
      </div>
    </section>
  );
}

type Mine = { state: MyReviewState | null; loggedIn: boolean; known: boolean; refresh: () => void };

/** The logged-in shopper's own review state for this product (null for a guest). */
function useMine(productId: number, near: boolean): Mine {
  const { shopper, known } = useShopper();
  const [state, setState] = useState<MyReviewState | null>(null);
  const refresh = useCallback(() => {
    void browserApi.call('GET /Review/Mine', { query: { productId } }).then((res) => setState(res.success ? res.data : null));
  }, [productId]);
  useEffect(() => { if (shopper && near) refresh(); }, [shopper, near, refresh]);
  return { state, loggedIn: !!shopper, known, refresh };
}

function ReviewItem({ review: r, mine }: { review: Review; mine: Mine }) {
  const [helpful, setHelpful] = useState(r.helpfulCount);
  const [note, setNote] = useState<string | null>(null);
  const voted = mine.state?.voted.includes(r.id) || note === 'done';
  const own = mine.state?.review?.id === r.id;
  const vote = async () => {
    const res = await browserApi.call('POST /Review/Vote', { body: { id: r.id } });
    if (res.success) { setHelpful(res.data.helpfulCount); setNote('done'); } else setNote(res.error.message);
  };
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={r.rating} />
        <span className="text-sm font-bold text-gray-900">{r.authorName}</span>
        <span className="text-xs text-gray-500">{formatJalali(r.createdAt)}</span>
        {r.verifiedBuyer && <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">خریدار این محصول</span>}
      </div>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm leading-7 text-gray-800">{r.body}</p>
      {(r.pros.length > 0 || r.cons.length > 0) && (
        <div className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {r.pros.length > 0 && <ul aria-label="نقاط قوت">{r.pros.map((p, i) => <li key={i} className="flex gap-1.5 text-emerald-800"><span aria-hidden="true">+</span><span className="wrap-anywhere">{p}</span></li>)}</ul>}
          {r.cons.length > 0 && <ul aria-label="نقاط ضعف">{r.cons.map((c, i) => <li key={i} className="flex gap-1.5 text-red-700"><span aria-hidden="true">−</span><span className="wrap-anywhere">{c}</span></li>)}</ul>}
        </div>
      )}
      {r.photos.length > 0 && (
        <ul className="mt-3 flex gap-2" aria-label="عکس‌های خریدار">
          {r.photos.map((ph, i) => (
            <li key={ph.id}>
              <a href={`/api/Review/Photo?id=${ph.id}`} target="_blank" rel="noopener" className="block overflow-hidden rounded-xl border border-gray-100">
                <img src={`/api/Review/Photo?id=${ph.id}`} alt={`عکس ${toPersianDigits(i + 1)} خریدار`} width={80} height={80} loading="lazy" className="size-20 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply && (
        <div className="mt-3 rounded-xl bg-gray-50 p-3 text-sm">
          <p className="mb-1 font-bold text-brand-700">پاسخ فروشگاه</p>
          <p className="whitespace-pre-line wrap-anywhere leading-7 text-gray-700">{r.reply}</p>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-600">
        {helpful > 0 && <span>{toPersianDigits(helpful)} نفر این دیدگاه را مفید دانسته‌اند</span>}
        {mine.loggedIn && !own && (
          <button type="button" onClick={() => void vote()} disabled={voted} aria-pressed={voted}
            className="rounded-full border border-gray-200 px-2.5 py-1 text-gray-700 hover:border-brand-500 disabled:opacity-60">
            {voted ? 'مفید بود ✓' : 'مفید بود'}
          </button>
        )}
        {note && note !== 'done' && <span role="status" className="text-red-700">{note}</span>}
      </div>
    </li>
  );
}

/** «ثبت دیدگاه»: a guest is asked to log in; a buyer gets the form; anyone else is told why not. */
function WriteReview({ productId, mine }: { productId: number; mine: Mine }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!mine.known) return null;
  if (!mine.loggedIn) {
    return (
      <Link to={`/login?${new URLSearchParams({ next: `/product/${productId}#reviews` })}`} className={`${secondaryButton} mt-4 w-full text-sm`}>
        برای نوشتن دیدگاه وارد شوید
      </Link>
    );
  }
  const s = mine.state;
  if (!s) return null;
  if (sent || s.review) {
    const status = s.review?.statusLabel ?? 'در انتظار بررسی';
    return (
      <div className="mt-4 text-sm" data-testid="my-review">
        <Alert kind={s.review?.status === 'rejected' ? 'error' : 'info'}>
          دیدگاه شما برای این محصول ثبت شده است: {status}{s.review?.status === 'pending' || sent ? '؛ پس از تأیید نمایش داده می‌شود.' : ''}
          {s.review?.adminNote ? ` (${s.review.adminNote})` : ''}
        </Alert>
      </div>
    );
  }
  if (!s.canReview) return <p className="mt-4 text-xs leading-6 text-gray-600">{s.reason}</p>;
  if (!open) return <button type="button" className={`${primaryButton} mt-4 w-full text-sm`} onClick={() => setOpen(true)}>ثبت دیدگاه</button>;
  return <ReviewForm productId={productId} onDone={() => { setSent(true); mine.refresh(); }} />;
}

function ReviewForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    form.set('productId', String(productId));
    // The text's rules are the server's (the shared schema): a short text is told at once, before any upload.
    const body = ReviewCreateSchema.shape.body.safeParse(form.get('body') ?? '');
    const early = { ...(!rating && { rating: 'امتیاز را انتخاب کنید' }), ...(!body.success && { body: body.error.issues[0]!.message }) };
    if (Object.keys(early).length) { setFields(early); return; }
    form.set('rating', String(rating));
    for (const [k, v] of [...form.entries()]) if (k === 'photos' && v instanceof File && !v.size) form.delete('photos');
    setBusy(true);
    const res = await browserApi.call('POST /Review/Create', { body: form });
    setBusy(false);
    if (res.success) { onDone(); return; }
    setError(res.error.message);
    setFields(res.error.fields ?? {});
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3" noValidate data-testid="review-form">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-gray-700">امتیاز شما</legend>
        <div className="flex gap-1" role="radiogroup" aria-label="امتیاز شما">
          {[1, 2, 3, 4, 5].map((n) => (
            <button key={n} type="button" role="radio" aria-checked={rating === n} aria-label={`${toPersianDigits(n)} ستاره`} onClick={() => setRating(n)}
              className={`text-2xl leading-none ${n <= rating ? 'text-amber-500' : 'text-gray-300'}`}>★</button>
          ))}
        </div>
        {fields.rating && <p className="mt-1 text-xs text-red-600">{fields.rating}</p>}
      </fieldset>
      <Field label="متن دیدگاه" htmlFor="review-body" error={fields.body}>
        <textarea id="review-body" name="body" rows={4} required maxLength={2000} className={inputClass} aria-invalid={fields.body ? true : undefined} />
      </Field>
      <Field label="نقاط قوت (هر مورد در یک خط)" htmlFor="review-pros" error={fields.pros}>
        <textarea id="review-pros" name="pros" rows={2} className={inputClass} />
      </Field>
      <Field label="نقاط ضعف (هر مورد در یک خط)" htmlFor="review-cons" error={fields.cons}>
        <textarea id="review-cons" name="cons" rows={2} className={inputClass} />
      </Field>
      <PhotoPicker id="review-photos" name="photos" label="عکس (اختیاری، حداکثر ۳ عکس)" error={fields.photos} hint="عکس‌ها پس از تأیید دیدگاه برای همه نمایش داده می‌شوند." />
      {error && <Alert>{error}</Alert>}
      <button type="submit" disabled={busy} className={`${primaryButton} w-full text-sm`}>{busy ? 'در حال ثبت…' : 'ثبت دیدگاه'}</button>
    </form>
  );
}
