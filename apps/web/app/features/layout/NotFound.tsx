import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../components/Link';

/** The Persian 404 inside the shop layout (the header and footer stay, so the shopper has a way on). */
export function NotFound({ what = 'صفحه' }: { what?: string }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center" data-testid="not-found">
      <title>{`${what} پیدا نشد | سرخاب`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-black text-brand-600">۴۰۴</p>
      <h1 className="text-2xl font-bold">{what} پیدا نشد</h1>
      <p className="text-gray-600">{what}ی که دنبال آن بودید وجود ندارد یا جابه‌جا شده است.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" className="rounded-xl bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">بازگشت به صفحه اصلی</Link>
        <Link to="/last-products" className="rounded-xl border border-gray-200 px-5 py-2.5 font-medium hover:border-brand-500">جدیدترین محصولات</Link>
      </div>
    </main>
  );
}

/** A page's error boundary: 404 as NotFound, anything else as a short Persian apology. */
export function StoreErrorBoundary({ what }: { what?: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound what={what} />;
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>خطا | سرخاب</title>
      <h1 className="text-2xl font-bold">مشکلی پیش آمد</h1>
      <p className="text-gray-600">لطفاً چند لحظه بعد صفحه را دوباره بارگذاری کنید.</p>
      <Link to="/" className="rounded-xl bg-brand-600 px-5 py-2.5 font-medium text-white">بازگشت به صفحه اصلی</Link>
    </main>
  );
}
