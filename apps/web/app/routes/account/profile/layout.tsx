import { Outlet, replace, useFetcher, useLocation } from 'react-router';
import { NavLink } from '../../../components/Link';
import { localMobile, toPersianDigits } from '@sorkhab/shared';
import { ChevronStart, UserIcon } from '../../../components/icons';
import { cartStore } from '../../../features/cart/store';
import { shopperStore } from '../../../features/account/shopper';
import { browserApi } from '../../../lib/api';
import { apiOf } from '../../../lib/context';
import { requireCustomer } from '../session';
import type { Route } from './+types/layout';

export const meta = () => [{ title: 'حساب کاربری | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return { me: await requireCustomer(apiOf(context), request) };
}

export const PROFILE_LINKS = [
  { to: '/profile/dashboard', label: 'اطلاعات حساب' },
  { to: '/profile/order', label: 'سفارش‌های من' },
  { to: '/profile/wishlist', label: 'علاقه‌مندی‌ها' },
  { to: '/profile/address', label: 'نشانی‌ها' },
  { to: '/profile/support', label: 'پرسش‌های متداول' },
] as const;

/** Logout: ends the session, refreshes the cart and shopper stores (not loader data), then replaces the page with `/`. */
export async function clientAction() {
  await browserApi.call('POST /Auth/Logout');
  await Promise.all([cartStore.refresh(), shopperStore.refresh()]);
  return replace('/');
}

/** Submits the logout to this layout's action (from the side menu and the mobile menu page). */
export function useLogout() {
  const fetcher = useFetcher<typeof clientAction>();
  return () => void fetcher.submit(null, { method: 'post', action: '/profile' });
}

/** Side menu on desktop; on mobile each page links back to /profile/menu. */
export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { me } = loaderData;
  const logout = useLogout();
  const onMenu = useLocation().pathname.startsWith('/profile/menu');
  const name = `${me.firstname} ${me.lastname}`.trim() || 'کاربر سرخاب';
  return (
    <main className="mx-auto max-w-7xl px-3 py-6 pb-24 md:px-6 md:py-10">
      <div className="grid gap-6 md:grid-cols-[16rem_1fr] md:items-start">
        <aside className="hidden rounded-2xl border border-gray-100 bg-white p-4 md:block" aria-label="منوی حساب کاربری">
          <div className="flex items-center gap-3 border-b border-gray-100 pb-4">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"><UserIcon className="size-6" /></span>
            <div className="min-w-0"><p className="truncate font-bold">{name}</p><p dir="ltr" className="text-end text-sm text-gray-500">{toPersianDigits(localMobile(me.mobile))}</p></div>
          </div>
          <nav className="mt-3 flex flex-col gap-1">
            {PROFILE_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={({ isActive }) => `rounded-xl px-3 py-2.5 text-sm ${isActive ? 'bg-brand-50 font-bold text-brand-700' : 'text-gray-700 hover:bg-gray-50'}`}>{l.label}</NavLink>
            ))}
            <button type="button" onClick={logout} className="rounded-xl px-3 py-2.5 text-start text-sm text-red-600 hover:bg-red-50">خروج از حساب</button>
          </nav>
        </aside>
        <div className="min-w-0">
          {!onMenu && (
            <NavLink to="/profile/menu" className="mb-4 inline-flex items-center gap-1 text-sm text-gray-600 md:hidden">
              <ChevronStart className="size-4" />منوی حساب کاربری
            </NavLink>
          )}
          <Outlet />
        </div>
      </div>
    </main>
  );
}
