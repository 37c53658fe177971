import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/Link';
import { ChevronEnd, CloseIcon, HomeIcon, MenuIcon, PhoneIcon, TruckIcon, UserIcon } from '../../components/icons';
import { CategoryThumb } from '../../components/CategoryThumb';
import { categoryHref } from '../../lib/links';
import { trapTab } from '../../components/ui/trap-tab';
import { telHref } from './Header';
import type { MenuCategory } from './menu';

/** Mobile (< 768 px) bottom bar: home, menu (full-screen category list) and account. */
export function MobileBar({ categories, phone }: { categories: MenuCategory[]; phone: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLAnchorElement>(null);
  const toggle = () => setMenuOpen((o) => !o);
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
        {/* A link to the home page's categories until the page is interactive (no JavaScript yet, or none at all), then
            the button of the full-screen menu: a tap before hydration still takes the shopper to the categories. */}
        <a ref={menuButton} href="/#categories" role="button" aria-haspopup="dialog" aria-expanded={menuOpen} aria-controls={menuOpen ? 'mobile-menu' : undefined}
          onClick={(e) => { e.preventDefault(); toggle(); }} onKeyDown={(e) => { if (e.key === ' ') { e.preventDefault(); toggle(); } }}
          className={`${tab} ${menuOpen ? 'text-brand-700' : 'text-gray-600'}`} data-testid="mobile-menu-button">
          <MenuIcon className="size-6" />
          دسته‌بندی‌ها
        </a>
        <NavLink to="/profile/dashboard" className={({ isActive }) => `${tab} ${isActive ? 'text-brand-700' : 'text-gray-600'}`}>
          <UserIcon className="size-6" />
          حساب من
        </NavLink>
      </nav>
      {menuOpen && <MobileMenu categories={categories} phone={phone} onClose={() => { setMenuOpen(false); menuButton.current?.focus(); }} />}
    </>
  );
}

/**
 * The full-screen category menu of a phone, Digikala's way: the first level as vertical tabs on the start side, the
 * chosen one's second level as headings (each with its «همه» link) and the third level as pictured items under them.
 */
function MobileMenu({ categories, phone, onClose }: { categories: MenuCategory[]; phone: string; onClose: () => void }) {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const dialog = useRef<HTMLDivElement>(null);
  const current = categories[active];
  // A modal dialog: the focus goes into it (its chosen tab) when it opens, Tab stays inside it, Escape closes it (and
  // the focus goes back to the bar's button).
  useEffect(() => { tabs.current[0]?.focus(); }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'Tab' && dialog.current) trapTab(e, dialog.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? categories.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const n = (to + categories.length) % categories.length;
    setActive(n);
    tabs.current[n]?.focus();
  };
  return (
    <div ref={dialog} id="mobile-menu" role="dialog" aria-modal="true" aria-label="دسته‌بندی کالاها" className="fixed inset-x-0 top-0 bottom-[calc(3.6rem+env(safe-area-inset-bottom))] z-40 flex flex-col bg-white md:hidden" data-testid="mobile-menu">
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-1.5">
        <p className="text-lg font-bold">دسته‌بندی کالاها</p>
        <button type="button" onClick={onClose} aria-label="بستن منو" className="flex size-11 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100"><CloseIcon /></button>
      </div>
      <div className="flex min-h-0 flex-1">
        <div role="tablist" aria-orientation="vertical" aria-label="گروه‌های کالا" className="w-24 shrink-0 overflow-y-auto border-e border-gray-100 bg-gray-50">
          {categories.map((cat, i) => (
            <button key={cat.id} ref={(el) => { tabs.current[i] = el; }} type="button" role="tab" id={`menu-tab-${cat.id}`} aria-selected={i === active}
              aria-controls="mobile-menu-panel" tabIndex={i === active ? 0 : -1} onClick={() => setActive(i)} onKeyDown={(e) => onTabKey(e, i)}
              className={`flex min-h-11 w-full flex-col items-center gap-1 border-s-4 px-1 py-3 text-center text-xs ${i === active ? 'border-brand-600 bg-white font-bold text-brand-700' : 'border-transparent text-gray-700'}`}>
              <CategoryThumb cat={cat} size="size-10" />
              {cat.title}
            </button>
          ))}
        </div>
        {current && (
          <div role="tabpanel" id="mobile-menu-panel" aria-labelledby={`menu-tab-${current.id}`} className="min-w-0 flex-1 overflow-y-auto px-3 pb-4" data-testid="mobile-menu-panel">
            <Link to={categoryHref(current)} className="flex min-h-11 items-center justify-between gap-2 border-b border-gray-100 text-sm font-bold text-brand-700">
              همه محصولات {current.title}<ChevronEnd className="size-4 shrink-0" />
            </Link>
            {current.children.map((child) => (
              <section key={child.id} aria-labelledby={`menu-sub-${child.id}`} className="mt-3">
                <div className="flex items-center justify-between gap-2">
                  <h2 id={`menu-sub-${child.id}`} className="border-s-2 border-brand-500 ps-2 text-sm font-black text-gray-900">{child.title}</h2>
                  <Link to={categoryHref(child)} aria-label={`همه ${child.title}`} className="flex min-h-11 shrink-0 items-center gap-0.5 ps-2 text-xs font-medium text-brand-700">
                    همه<ChevronEnd className="size-4" />
                  </Link>
                </div>
                {child.children.length > 0 && (
                  <ul className="grid grid-cols-3 gap-x-1 gap-y-2">
                    {child.children.map((leaf) => (
                      <li key={leaf.id}>
                        <Link to={categoryHref(leaf)} className="flex min-h-11 flex-col items-center gap-1 rounded-xl p-1 text-center text-xs text-gray-700 hover:bg-gray-50">
                          <CategoryThumb cat={leaf} size="size-12" />
                          <span className="line-clamp-2">{leaf.title}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
            <div className="mt-6 grid grid-cols-2 gap-2 border-t border-gray-100 pt-4 text-sm">
              <Link to="/track" className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-gray-200"><TruckIcon className="size-5" />پیگیری سفارش</Link>
              <a href={telHref(phone)} className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-gray-200"><PhoneIcon className="size-5" />تماس</a>
              <Link to="/contact" className="col-span-2 flex min-h-11 items-center justify-center rounded-xl border border-gray-200">تماس با ما</Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
