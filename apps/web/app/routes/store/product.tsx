import { useMemo, useState } from 'react';
import { data, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { FREE_SHIPPING_THRESHOLD, specificationsOf, toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd } from '../../components/icons';
import { CompareButton } from '../../features/compare/CompareButton';
import { apiOf } from '../../lib/context';
import { AddToCart } from '../../features/cart/AddToCart';
import { categoryHref } from '../../lib/links';
import { priceView } from '../../features/catalog/price';
import { PriceFrom } from '../../components/PriceFrom';
import { BuyBar } from '../../features/product/BuyBar';
import { RelatedProducts } from './product-related';
import { Gallery } from '../../features/product/Gallery';
import { availability, choose, imageOfChoice, initialChoice, listInPersian, missingGroups, offeredGroups, priceOfChoice, variantOf, type Choice } from '../../features/catalog/variant-choice';
import { Heart } from '../../features/catalog/Heart';
import { loginHref, savedStore, useSaved } from '../../features/catalog/saved';
import { productJsonLd, seo, shopOf, textOf } from '../../features/catalog/seo';
import { Promises } from '../../features/layout/Footer';
import { ratingText, Stars } from '../../features/catalog/Stars';
import { ProductQuestionsSection } from './product-questions';
import { ProductReviewsSection } from './product-reviews';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import type { Route } from './+types/product';
import type { loader as layoutLoader } from './layout';
import { ReusedPart } from '../../lib/parts';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ reason: 'product' }, { status: 404 });
  const api = apiOf(context);
  const res = await api.call('GET /Product/ById', { query: { id } });
  if (!res.success) throw data({ reason: 'product' }, { status: res.status === 404 || res.status === 400 ? 404 : 502 });
  return { product: res.data };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [{ title: 'محصول پیدا نشد | سرخاب' }, { name: 'robots', content: 'noindex' }];
  const shop = shopOf(matches);
  const p = d.product;
  const price = priceView(p);
  const image = p.imageVariants.find((v) => v.width === 1200)?.uri ?? p.imageUri;
  const origin = shop?.origin ?? '';
  const url = `${origin}/product/${p.id}`;
  const description = textOf(p.description) || `${p.title} اصل، ${price.now}`;
  return [
    ...seo(shop, { title: p.title, description: `خرید ${p.title}${p.brand ? ` ${p.brand.title}` : ''} اصل با قیمت ${price.now}. ${description}`.slice(0, 300), path: `/product/${p.id}`, image, type: 'product' }),
    { property: 'product:price:amount', content: String(price.amount) },
    { property: 'product:price:currency', content: 'IRT' },
    // aggregateRating only from approved reviews (the product's denormalised average and count: decision 025).
    { 'script:ld+json': productJsonLd(p, { origin, url, description }, { average: p.ratingAverage, count: p.ratingCount }) },
  ];
}

/**
 * «موجود شد خبرم کن» under a sold-out product (variant null: any of its variants) or variant: one SMS when it is back.
 * Whether the shopper already waits is theirs, filled in after load like the hearts (the page is cached for everyone).
 */
function NotifyMe({ productId, variant }: { productId: number; variant: { id: number; label: string } | null }) {
  const { alerts } = useSaved();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alert = alerts.find((a) => a.productId === productId && a.variantId === (variant?.id ?? null));
  const what = variant?.label ? `«${variant.label}»` : 'این کالا';
  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    const outcome = await work();
    setBusy(false);
    if (outcome === 'login') void navigate(loginHref());
    else if (outcome && outcome !== 'ok') setError(outcome);
  }
  return (
    <div className="mt-3">
      {alert ? (
        <p className="rounded-xl bg-brand-50 p-3 text-sm leading-6 text-brand-800" data-testid="notify-on">
          وقتی {what} موجود شد، با پیامک خبرتان می‌کنیم.{' '}
          <button type="button" disabled={busy} onClick={() => run(() => savedStore.unwait(alert.id))} className="font-bold underline">لغو</button>
        </p>
      ) : (
        <button type="button" disabled={busy} onClick={() => run(() => savedStore.wait(productId, variant?.id ?? null))} data-testid="notify-me"
          className="w-full rounded-xl border-2 border-brand-600 py-2.5 font-bold text-brand-700 transition hover:bg-brand-50 disabled:opacity-60">
          موجود شد خبرم کن
        </button>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p } = loaderData;
  // The shop's free-shipping threshold, for the promises beside the price (the shop layout's settings).
  const freeShipping = useRouteLoaderData<typeof layoutLoader>('routes/store/layout')?.settings.freeShippingThreshold ?? FREE_SHIPPING_THRESHOLD;
  const specs = useMemo(() => specificationsOf(p.attributes), [p]);
  const groups = useMemo(() => offeredGroups(p.options, p.variants), [p]);
  // One value per option group (features/catalog/variant-choice.ts); another product starts from its own first choice,
  // or from the variant its address names (`?variant=`, the links of the price-comparison feeds).
  const [params] = useSearchParams();
  const named = p.variants.find((v) => String(v.id) === params.get('variant'));
  const [picked, setPicked] = useState(() => ({ id: p.id, choice: initialChoice(groups, named) }));
  const choice: Choice = picked.id === p.id ? picked.choice : initialChoice(groups, named);
  const pick = (group: number, value: string) => setPicked({ id: p.id, choice: choose(choice, group, value) });
  const available = availability(groups, p.variants, choice);
  const missing = missingGroups(groups, choice);
  const variant = variantOf(p.variants, choice);
  const shownPrice = priceOfChoice(p.variants, choice);
  const price = shownPrice ? priceView({ ...p, price: shownPrice.price, offPrice: shownPrice.offPrice }) : p.variants.length ? null : priceView(p);
  const out = p.stock <= 0;
  // A full choice that cannot be bought: a combination that does not exist, or a sold-out one.
  const soldOut = !out && !missing.length && (variant ? variant.stock <= 0 : groups.length > 0);
  const category = p.categoryPath.at(-1);
  const comparable = { id: p.id, title: p.title, image: p.imageVariants.find((v) => v.width === 100)?.uri ?? p.imageUri, categoryId: p.categoryId, categoryTitle: category?.title ?? '' };
  const addToCart = (testId?: string) => (
    <AddToCart productId={p.id} variantId={variant?.id ?? null} missingOption={missing.length ? listInPersian(missing) : null} testId={testId} />
  );

  return (
    <main className="mx-auto max-w-7xl px-3 py-5 md:px-6 md:py-8">
      <nav aria-label="مسیر" className="mb-4 text-xs text-gray-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/" className="hover:text-brand-700">خانه</Link></li>
          {p.categoryPath.map((c) => (
            <li key={c.id} className="flex items-center gap-1">
              <ChevronEnd className="size-3.5" />
              <Link to={categoryHref(c)} className="hover:text-brand-700">{c.title}</Link>
            </li>
          ))}
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_20rem]">
        <Gallery key={p.id} product={p} focus={imageOfChoice(p.variants, choice)} />
        <div>
          {p.brand && <Link to={`/search?brands=${p.brand.id}`} className="text-sm font-medium text-brand-700 hover:underline">{p.brand.title}</Link>}
          <div className="mt-1 flex items-start justify-between gap-3">
            <h1 className="min-w-0 wrap-anywhere text-xl font-black leading-9 text-gray-900 md:text-2xl">{p.title}</h1>
            <Heart productId={p.id} title={p.title} className="mt-0.5 shrink-0 border border-gray-200" />
          </div>
          {/* Isolated, not a left-to-right paragraph: an English name reads in its own order under the title, aligned with it. */}
          {p.alias && <p className="mt-1 wrap-anywhere text-sm text-gray-500"><bdi>{p.alias}</bdi></p>}
          <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm text-gray-600 hover:text-brand-700" data-testid="product-rating">
            {p.ratingCount > 0 ? (
              <><Stars value={p.ratingAverage} /><span>{ratingText(p.ratingAverage)}</span><span>({toPersianDigits(p.ratingCount)} دیدگاه)</span></>
            ) : 'هنوز دیدگاهی ثبت نشده؛ دیدگاه خریداران'}
          </a>
          <CompareButton product={comparable} />

          {groups.map((g, gi) => (
            <fieldset key={`${gi}-${g.title}`} className="mt-6">
              <legend className="mb-2 text-sm font-bold">
                {g.title}: <span className="font-normal text-gray-600">{choice[gi] ?? 'انتخاب کنید'}</span>
              </legend>
              <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={g.title}>
                {g.values.map((o, vi) => {
                  // Crossed out: with the other groups as chosen, no variant with this value is in stock. Still focusable and choosable.
                  const none = !available[gi]?.[vi];
                  const on = choice[gi] === o.value;
                  const name = none ? `${o.value} (ناموجود)` : undefined;
                  return g.kind === 'color' ? (
                    <button key={o.value} type="button" role="radio" aria-checked={on} aria-disabled={none || undefined} aria-label={name ?? o.value} title={o.value}
                      onClick={() => pick(gi, o.value)} data-testid="swatch"
                      className={`relative size-10 rounded-full border-2 p-0.5 ${on ? 'border-brand-600' : 'border-gray-200 hover:border-gray-400'}`}>
                      <span className={`block size-full rounded-full border border-black/10 ${none ? 'opacity-40' : ''}`} style={{ backgroundColor: o.color }} />
                      {none && <span className="absolute inset-0 m-auto h-0.5 w-full rotate-45 bg-gray-600" aria-hidden="true" />}
                    </button>
                  ) : (
                    <button key={o.value} type="button" role="radio" aria-checked={on} aria-disabled={none || undefined} aria-label={name}
                      onClick={() => pick(gi, o.value)} data-testid="option-value"
                      className={`rounded-xl border px-3 py-1.5 text-sm ${on ? 'border-brand-600 bg-brand-50 font-bold' : 'border-gray-200 hover:border-gray-400'} ${
                        none ? 'text-gray-500 line-through decoration-gray-500' : on ? 'text-brand-700' : ''}`}>
                      {o.value}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}

          {specs.length > 0 && (
            <section className="mt-8" aria-labelledby="specs">
              <h2 id="specs" className="mb-3 text-base font-bold">مشخصات</h2>
              <dl className="divide-y divide-gray-100 rounded-2xl border border-gray-100 text-sm">
                {specs.map((s) => (
                  <div key={s.title} className="grid grid-cols-[8rem_1fr] gap-3 px-4 py-2.5">
                    <dt className="text-gray-600">{s.title}</dt>
                    <dd className="text-gray-900">{s.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>

        <aside className="h-fit rounded-2xl border border-gray-100 bg-white p-5 shadow-sm md:col-span-2 lg:col-span-1 lg:sticky lg:top-32" aria-label="خرید">
          {out ? (
            <>
              <p className="rounded-xl bg-gray-100 py-3 text-center font-bold text-gray-600" data-testid="out-of-stock">ناموجود</p>
              <NotifyMe productId={p.id} variant={null} />
            </>
          ) : (
            <>
              {price && (
                <div className="mb-4 flex items-end justify-between gap-3">
                  <span className="text-sm text-gray-600">قیمت</span>
                  <div className="text-end">
                    {price.old && (
                      <p className="flex items-center justify-end gap-2 text-sm">
                        <del className="text-gray-500">{price.old}</del>
                        <span className="rounded-lg bg-brand-600 px-1.5 py-0.5 text-xs font-bold text-white">{price.percent}</span>
                      </p>
                    )}
                    <p className="text-xl font-black text-gray-900" data-testid="price">
                      {shownPrice?.from && <PriceFrom size="text-sm" />}{price.now}
                    </p>
                  </div>
                </div>
              )}
              <div aria-live="polite">
                {soldOut && (
                  <>
                    <p className="rounded-xl bg-gray-100 py-3 text-center font-bold text-gray-600" data-testid="out-of-stock">ناموجود</p>
                    <p className="mt-2 text-sm text-gray-600">
                      {variant ? `«${variant.label}» فعلاً موجود نیست؛ ترکیب دیگری را انتخاب کنید.` : 'این ترکیب عرضه نمی‌شود؛ ترکیب دیگری را انتخاب کنید.'}
                    </p>
                    {variant && <NotifyMe productId={p.id} variant={variant} />}
                  </>
                )}
              </div>
              {!soldOut && (
                <>
                  {variant && variant.stock <= 3 && <p className="mb-3 text-sm text-amber-700">تنها {toPersianDigits(variant.stock)} عدد در انبار باقی مانده</p>}
                  {addToCart()}
                </>
              )}
            </>
          )}
          <div className="mt-4 border-t border-gray-100 pt-4"><ReusedPart name="promises"><Promises compact threshold={freeShipping} /></ReusedPart></div>
        </aside>
      </div>

      {p.description && (
        <section className="mt-10 max-w-4xl" aria-labelledby="intro">
          <h2 id="intro" className="mb-3 border-s-4 border-brand-600 ps-3 text-lg font-black">معرفی محصول</h2>
          {/* Sanitised by the server when the admin saved it. */}
          <div className="prose-sorkhab text-sm leading-8 text-gray-700" dangerouslySetInnerHTML={{ __html: p.description }} />
        </section>
      )}

      <ProductReviewsSection key={`r${p.id}`} productId={p.id} average={p.ratingAverage} count={p.ratingCount} />
      <ProductQuestionsSection key={`q${p.id}`} productId={p.id} />
      <BuyBar price={price} from={shownPrice?.from} soldOut={out || soldOut}>{addToCart('buy-bar-add')}</BuyBar>

      <RelatedProducts key={`p${p.id}`} productId={p.id} categoryId={p.categoryId} />
    </main>
  );
}

export function ErrorBoundary() {
  return <StoreErrorBoundary what="محصول" />;
}
