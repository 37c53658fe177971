import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { MENU_CLOSE_DELAY_MS } from '@sorkhab/shared';
import { ChevronDown, ChevronEnd, GridIcon } from '../../components/icons';
import { categoryHref } from '../../lib/links';
import type { MenuCategory } from './menu';

/**
 * Desktop mega menu (spec section 2): opens on hover (or click/Enter), closes 300 ms after the
 * pointer leaves. The start column lists top-level categories; hovering one shows its children
 * with their grandchildren.
 */
export function MegaMenu({ categories }: { categories: MenuCategory[] }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The panel is drawn on first opening: it keeps every page's HTML and server render small.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => { if (open) setDrawn(true); }, [open]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A pointer that opened the menu by coming over the button: its click (a mouse's, or the tap a touch screen sends
  // right after the hover it emulates) leaves it open rather than closing what the shopper just saw open.
  const openedByHover = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const enter = () => {
    clearTimeout(timer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const leave = () => {
    clearTimeout(timer.current);
    openedByHover.current = false;
    timer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };
  const click = () => {
    if (openedByHover.current) openedByHover.current = false;
    else setOpen((o) => !o);
  };
  // Escape closes it from anywhere inside, and the focus goes back to the button (not lost with the closed panel).
  const escape = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const current = categories[active];

  return (
    <div className="static" onMouseEnter={enter} onMouseLeave={leave} onKeyDown={escape}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={drawn ? 'mega-menu' : undefined}
        onClick={click}
        className={`flex items-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-2 font-medium ${open ? 'bg-brand-50 text-brand-700' : 'hover:text-brand-700'}`}
        data-testid="mega-menu-button"
      >
        <GridIcon className="size-5" />
        دسته‌بندی کالاها
        <ChevronDown className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      {drawn && <div
        id="mega-menu"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-t border-gray-100 bg-white shadow-xl"
        data-testid="mega-menu"
      >
        <div className="mx-auto flex max-w-7xl">
          <ul className="w-56 shrink-0 border-e border-gray-100 py-3">
            {categories.map((cat, i) => (
              <li key={cat.id}>
                <Link
                  to={categoryHref(cat)}
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => setActive(i)}
                  className={`flex items-center justify-between px-4 py-2.5 text-sm ${i === active ? 'bg-brand-50 font-bold text-brand-700' : 'text-gray-700 hover:bg-gray-50'}`}
                >
                  {cat.title}
                  <ChevronEnd className="size-4 opacity-60" />
                </Link>
              </li>
            ))}
          </ul>
          {current && (
            <div className="min-h-64 flex-1 p-6">
              <Link to={categoryHref(current)} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                همه محصولات {current.title}
                <ChevronEnd className="size-4" />
              </Link>
              <div className="columns-3 gap-8">
                {current.children.map((child) => (
                  <div key={child.id} className="mb-5 break-inside-avoid">
                    <Link to={categoryHref(child)} className="mb-2 block border-s-2 border-brand-500 ps-2 text-sm font-bold text-gray-900 hover:text-brand-700">{child.title}</Link>
                    <ul className="space-y-1.5">
                      {child.children.map((g) => (
                        <li key={g.id}><Link to={categoryHref(g)} className="text-sm text-gray-600 hover:text-brand-700">{g.title}</Link></li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          )}
        </div>
      </div>}
    </div>
  );
}
