import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDown, ChevronEnd, CloseIcon, HomeIcon, MenuIcon, PhoneIcon, TruckIcon, UserIcon } from '../../components/icons';
import { CategoryThumb } from '../../components/CategoryThumb';
import { categoryHref } from '../../lib/links';
import { telHref } from './Header';
import type { MenuCategory } from './menu';

/** Mobile (< 768 px) bottom bar: home, menu (full-screen category list) and account. */
export function MobileBar({ categories, phone }: { categories: MenuCategory[]; phone: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    document.documentElement.style.overflow = menuOpen ? 'hidden' : '';
  }, [menuOpen]);

  const tab = 'flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px]';
  return (
    <>
      <nav aria-label="منوی پایین" className="fixed inset-x-0 bottom-0 z-40 flex border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden">
        <NavLink to="/" end className={({ isActive }) => `${tab} ${isActive && !menuOpen ? 'text-brand-700' : 'text-gray-600'}`}>
          <HomeIcon className="size-6" />
          خانه
        </NavLink>
        <button type="button" onClick={() => setMenuOpen((o) => !o)} aria-expanded={menuOpen} aria-controls={menuOpen ? "mobile-menu" : undefined} className={`${tab} ${menuOpen ? 'text-brand-700' : 'text-gray-600'}`} data-testid="mobile-menu-button">
          <MenuIcon className="size-6" />
          دسته‌بندی‌ها
        </button>
        <NavLink to="/profile/dashboard" className={({ isActive }) => `${tab} ${isActive ? 'text-brand-700' : 'text-gray-600'}`}>
          <UserIcon className="size-6" />
          حساب من
        </NavLink>
      </nav>
      {menuOpen && <MobileMenu categories={categories} phone={phone} onClose={() => setMenuOpen(false)} />}
    </>
  );
}

function MobileMenu({ categories, phone, onClose }: { categories: MenuCategory[]; phone: string; onClose: () => void }) {
  const [openId, setOpenId] = useState<number | null>(categories[0]?.id ?? null);
  return (
    <div id="mobile-menu" role="dialog" aria-modal="true" aria-label="دسته‌بندی کالاها" className="fixed inset-x-0 top-0 bottom-[calc(3.6rem+env(safe-area-inset-bottom))] z-40 flex flex-col bg-white md:hidden" data-testid="mobile-menu">
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
        <p className="text-lg font-bold">دسته‌بندی کالاها</p>
        <button type="button" onClick={onClose} aria-label="بستن منو" className="rounded-lg p-2 text-gray-600 hover:bg-gray-100"><CloseIcon /></button>
      </div>
      <div className="flex-1 overflow-y-auto">
        <ul className="divide-y divide-gray-100">
          {categories.map((cat) => {
            const open = openId === cat.id;
            return (
              <li key={cat.id}>
                <button type="button" onClick={() => setOpenId(open ? null : cat.id)} aria-expanded={open} className="flex w-full items-center gap-3 px-4 py-3 text-start font-medium">
                  <CategoryThumb cat={cat} size="size-10" />
                  <span className="flex-1">{cat.title}</span>
                  <ChevronDown className={`size-5 text-gray-400 transition ${open ? 'rotate-180' : ''}`} />
                </button>
                {open && (
                  <div className="bg-gray-50 px-4 pb-4 pt-1">
                    <Link to={categoryHref(cat)} className="mb-3 flex items-center gap-1 text-sm font-medium text-brand-700">
                      همه محصولات {cat.title}<ChevronEnd className="size-4" />
                    </Link>
                    <ul className="grid grid-cols-3 gap-3">
                      {cat.children.flatMap((child) => [child, ...child.children]).map((sub) => (
                        <li key={sub.id}>
                          <Link to={categoryHref(sub)} className="flex flex-col items-center gap-1.5 rounded-xl bg-white p-2 text-center text-xs shadow-sm">
                            <CategoryThumb cat={sub} size="size-14" />
                            <span className="line-clamp-2">{sub.title}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <div className="grid grid-cols-2 gap-2 border-t border-gray-100 p-4 text-sm">
          <Link to="/track" className="flex items-center justify-center gap-1.5 rounded-xl border border-gray-200 py-2.5"><TruckIcon className="size-5" />پیگیری سفارش</Link>
          <a href={telHref(phone)} className="flex items-center justify-center gap-1.5 rounded-xl border border-gray-200 py-2.5"><PhoneIcon className="size-5" />تماس</a>
          <Link to="/contact" className="col-span-2 rounded-xl border border-gray-200 py-2.5 text-center">تماس با ما</Link>
        </div>
      </div>
    </div>
  );
}
