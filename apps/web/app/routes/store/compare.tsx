import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import { optionGroupsOf, specificationsOf, toPersianDigits, type ProductDetail } from '@sorkhab/shared';
import { CloseIcon } from '../../components/icons';
import { Img } from '../../components/Img';
import { apiOf } from '../../lib/context';
import { priceView } from '../../features/catalog/price';
import { PriceFrom } from '../../components/PriceFrom';
import { compareHref, compareIdsOf, removeFromCompare } from '../../features/compare/compare';
import { useCompareList } from '../../features/compare/store';
import { StoreErrorBoundary } from '../../features/layout/NotFound';
import type { Route } from './+types/compare';

/**
 * Products side by side (`/compare?ids=1,2,3`): rendered on the server from the address alone, never indexed. Ids
 * that are not products (words, deleted or unpublished products, more than four) are left out, never an error.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ids = compareIdsOf(new URL(request.url).searchParams.get('ids'));
  const api = apiOf(context);
  const found = await Promise.all(ids.map((id) => api.call('GET /Product/ById', { query: { id } })));
  return { products: found.flatMap((r) => (r.success ? [r.data] : [])) };
}

export const meta = () => [{ title: 'مقایسه کالاها | سرخاب' }, { name: 'robots', content: 'noindex' }];

interface Row { title: string; values: (string | null)[] }

/** One row per specification (and option) any of the products has, in the order they first appear. */
function rowsOf(products: ProductDetail[]): Row[] {
  const rows = new Map<string, (string | null)[]>();
  const put = (title: string, i: number, value: string) => {
    if (!rows.has(title)) rows.set(title, products.map(() => null));
    rows.get(title)![i] = value;
  };
  products.forEach((p, i) => {
    if (p.brand) put('برند', i, p.brand.title);
    for (const g of optionGroupsOf(p.attributes)) put(g.title, i, g.values.map((v) => v.value).join('، '));
    for (const s of specificationsOf(p.attributes)) put(s.title, i, s.value);
  });
  return [...rows].map(([title, values]) => ({ title, values }));
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const [list, save] = useCompareList();
  const navigate = useNavigate();
  const rows = useMemo(() => rowsOf(products), [products]);
  const rated = products.some((p) => p.ratingCount > 0);
  // /compare without products: open the shopper's own comparison, kept in this browser.
  const own = !products.length && list ? compareHref(list.items.map((i) => i.id)) : null;
  useEffect(() => { if (own) navigate(own, { replace: true }); }, [own, navigate]);

  if (!products.length) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-xl font-black">مقایسه کالاها</h1>
        <p className="mt-4 text-gray-600">کالایی برای مقایسه نیست. در صفحه هر کالا «مقایسه» را بزنید تا تا {toPersianDigits(4)} کالای یک دسته را کنار هم ببینید.</p>
        <Link to="/" className="mt-6 inline-block rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700">بازگشت به فروشگاه</Link>
      </main>
    );
  }

  const cell = 'border-b border-gray-100 px-2 py-3 align-top md:px-3';
  const head = `${cell} sticky start-0 z-10 w-24 bg-gray-50 text-start text-xs font-bold text-gray-600 md:w-40 md:text-sm`;
  return (
    <main className="mx-auto max-w-7xl px-3 py-5 md:px-6 md:py-8">
      <h1 className="mb-4 text-xl font-black md:text-2xl">مقایسه {toPersianDigits(products.length)} کالا</h1>
      <div className="overflow-x-auto rounded-2xl border border-gray-100" data-testid="compare-table">
        <table className="w-full table-fixed border-collapse text-sm" style={{ minWidth: `${6 + products.length * 7.5}rem` }}>
          <caption className="sr-only">مشخصات کالاها کنار هم</caption>
          <thead>
            <tr>
              <td className={`${head} border-b`} />
              {products.map((p) => {
                const rest = products.filter((o) => o.id !== p.id).map((o) => o.id);
                return (
                  <th key={p.id} scope="col" className={`${cell} text-start font-normal`} data-testid="compare-column">
                    <div className="flex justify-end">
                      <Link to={rest.length ? compareHref(rest) : '/compare?ids='} onClick={() => { if (list?.items.some((i) => i.id === p.id)) save(removeFromCompare(list, p.id)); }}
                        aria-label={`برداشتن ${p.title} از مقایسه`} className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100">
                        <CloseIcon className="size-4" />
                      </Link>
                    </div>
                    <Link to={`/product/${p.id}`} className="block">
                      <Img src={p.imageUri} variants={p.imageVariants} alt="" width={300} height={300} sizes="(min-width: 768px) 220px, 40vw" className="mx-auto aspect-square w-full max-w-44 rounded-xl object-cover" />
                      <span className="mt-2 line-clamp-3 font-bold leading-6 text-gray-900 hover:text-brand-700">{p.title}</span>
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className={head}>قیمت</th>
              {products.map((p) => {
                const price = priceView(p);
                return (
                  <td key={p.id} className={cell} data-testid="compare-price">
                    {p.stock <= 0 ? <span className="font-bold text-gray-500">ناموجود</span> : (
                      <>
                        {price.old && <p className="text-xs"><del className="text-gray-500">{price.old}</del> <span className="rounded-md bg-brand-600 px-1 font-bold text-white">{price.percent}</span></p>}
                        <p className="font-black text-gray-900">{p.priceVaries && <PriceFrom />}{price.now}</p>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
            {rated && (
              <tr>
                <th scope="row" className={head}>امتیاز</th>
                {products.map((p) => <td key={p.id} className={cell}>{p.ratingCount > 0 ? `${toPersianDigits(p.ratingAverage.toFixed(1)).replace('.', '٫')} از ${toPersianDigits(5)} (${toPersianDigits(p.ratingCount)} دیدگاه)` : '—'}</td>)}
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.title} className="even:bg-gray-50/60">
                <th scope="row" className={head}>{r.title}</th>
                {r.values.map((v, i) => <td key={products[i]!.id} className={`${cell} text-gray-900`}>{v ?? <span className="text-gray-400" aria-label="ندارد">—</span>}</td>)}
              </tr>
            ))}
            <tr>
              <th scope="row" className={head}><span className="sr-only">خرید</span></th>
              {products.map((p) => (
                <td key={p.id} className={cell}>
                  <Link to={`/product/${p.id}`} className="block rounded-xl bg-brand-600 px-3 py-2 text-center font-bold text-white hover:bg-brand-700" aria-label={`خرید ${p.title}`}>
                    {p.stock > 0 ? 'خرید' : 'مشاهده'}
                  </Link>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}
