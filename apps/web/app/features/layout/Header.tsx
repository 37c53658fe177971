import type { ReactNode } from 'react';
import { Link, NavLink, navLinkActive } from '../../components/Link';
import { toLatinDigits, toPersianDigits, type StoreSettings } from '@sorkhab/shared';
import { PhoneIcon, TruckIcon } from '../../components/icons';
import { MegaMenu } from './MegaMenu';
import { SearchBox } from './SearchBox';
import type { MenuCategory } from './menu';

export const telHref = (phone: string) => `tel:${toLatinDigits(phone).replace(/[^\d+]/g, '')}`;

function Logo({ name }: { name: string }) {
  return (
    // A long shop name (the settings allow 100 letters) is cut with an ellipsis rather than pushing the search box and
    // the cart off a phone's screen; the link's name says it whole.
    <Link to="/" className="flex min-w-0 max-w-[40%] shrink-0 items-center gap-2 md:max-w-64 lg:max-w-xs" aria-label={`${name}، صفحه اصلی`}>
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true" dangerouslySetInnerHTML={LOGO_SHAPES} />
      <span className="truncate text-xl font-black text-brand-700">{name}</span>
    </Link>
  );
}

/** The logo's shapes as markup (components/icons.tsx says why). */
const LOGO_SHAPES = { __html: '<rect width="32" height="32" rx="9" fill="#c2255c"></rect><path d="M10 21c0-5 3-10 6-12 3 2 6 7 6 12a6 6 0 0 1-12 0z" fill="#fff" opacity=".92"></path>' };

const navLink = ({ isActive }: { isActive: boolean }) => `whitespace-nowrap rounded-lg px-3 py-2 ${isActive ? 'text-brand-700 font-medium' : 'hover:text-brand-700'}`;

/** The header's own links (`wide`: shown from the lg breakpoint). */
const NAV = [
  { to: '/', end: true, label: 'خانه', wide: false },
  { to: '/last-products', end: false, label: 'جدیدترین‌ها', wide: true },
  { to: '/suggest-products', end: false, label: 'پرفروش‌ها', wide: true },
  { to: '/contact', end: false, label: 'تماس با ما', wide: false },
] as const;

/**
 * Whether the header is drawn as at any page where none of its links is current and the search box is empty: then
 * its markup depends only on the settings, the menu and whether the visitor is signed in, and the server can write a
 * copy rendered once (routes/store/layout.tsx, lib/parts.tsx).
 */
export function headerIsPlainAt(url: URL): boolean {
  return !url.searchParams.has('search') && !NAV.some((l) => navLinkActive(url.pathname, l.to, l.end));
}

/** The shop's header. `actions` (the account entry and the cart button) come from the route that composes the features. */
export function Header({ categories, settings, actions }: { categories: MenuCategory[]; settings: StoreSettings; actions: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-2.5 md:gap-6 md:px-6 md:py-3">
        <Logo name={settings.storeName} />
        <SearchBox className="min-w-0 flex-1 md:max-w-xl" />
        <div className="ms-auto flex items-center gap-1">{actions}</div>
      </div>
      <nav aria-label="منوی اصلی" className="relative hidden border-t border-gray-50 md:block">
        <div className="mx-auto flex max-w-7xl items-center gap-1 px-6 text-sm text-gray-700">
          <MegaMenu categories={categories} />
          <span className="mx-2 h-5 w-px bg-gray-200" aria-hidden="true" />
          {NAV.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={l.wide ? (a) => `${navLink(a)} hidden lg:block` : navLink}>{l.label}</NavLink>
          ))}
          <div className="ms-auto flex items-center gap-2">
            <Link to="/track" className="flex items-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-2 hover:text-brand-700">
              <TruckIcon className="size-5" />
              پیگیری سفارش
            </Link>
            <a href={telHref(settings.phone)} aria-label={`تماس: ${toPersianDigits(settings.phone)}`} className="flex items-center gap-1.5 whitespace-nowrap rounded-lg bg-brand-50 px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-100">
              <PhoneIcon className="size-4" />
              <span dir="ltr" className="hidden lg:inline">{toPersianDigits(settings.phone)}</span>
            </a>
          </div>
        </div>
      </nav>
    </header>
  );
}
