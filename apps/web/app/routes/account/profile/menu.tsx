import { useRouteLoaderData } from 'react-router';
import { Link } from '../../../components/Link';
import { localMobile, toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd, UserIcon } from '../../../components/icons';
import { PROFILE_LINKS, useLogout, type loader as layoutLoader } from './layout';

/** The mobile menu of the account area, with exit. */
export default function ProfileMenu() {
  const data = useRouteLoaderData<typeof layoutLoader>('routes/account/profile/layout');
  const logout = useLogout();
  const me = data?.me;
  return (
    <section aria-labelledby="menu-title">
      <div className="flex items-center gap-3 rounded-2xl border border-gray-100 bg-white p-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"><UserIcon className="size-6" /></span>
        <div>
          <h1 id="menu-title" className="font-bold">{me && (`${me.firstname} ${me.lastname}`.trim() || 'کاربر سرخاب')}</h1>
          {me && <p dir="ltr" className="text-end text-sm text-gray-500">{toPersianDigits(localMobile(me.mobile))}</p>}
        </div>
      </div>
      <nav className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-100 bg-white">
        {PROFILE_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="flex items-center justify-between px-4 py-4 hover:bg-gray-50">{l.label}<ChevronEnd className="size-4 text-gray-400" /></Link>
        ))}
        <button type="button" onClick={logout} className="flex w-full items-center justify-between px-4 py-4 text-start text-red-600 hover:bg-red-50">خروج از حساب</button>
      </nav>
    </section>
  );
}
