import type { ReactNode } from 'react';
import { PriceFrom } from '../../components/PriceFrom';

/**
 * The phone's buy bar (< 768 px): fixed above the bottom navigation (features/layout/MobileBar), with the chosen
 * variant's price and the page's add-to-cart (`children`), or «ناموجود». The footer makes room for it (app.css,
 * `[data-buy-bar]`), and it keeps clear of the screen's rounded corners and home indicator (safe-area insets).
 */
export function BuyBar({ price, from, soldOut, children }: {
  /** As features/catalog/price.ts shows it. */
  price: { now: string; old: string | null; percent: string | null } | null;
  /** The price is the cheapest of several (no full choice yet). */
  from?: boolean;
  soldOut: boolean;
  children: ReactNode;
}) {
  return (
    <div data-buy-bar="" data-testid="buy-bar" role="region" aria-label="خرید سریع"
      className="fixed inset-x-0 bottom-[calc(3.66rem+env(safe-area-inset-bottom))] z-30 border-t border-gray-200 bg-white shadow-[0_-4px_12px_rgb(0_0_0/0.06)] md:hidden">
      <div className="relative flex items-center gap-3 py-2 ps-[max(0.75rem,env(safe-area-inset-right))] pe-[max(0.75rem,env(safe-area-inset-left))]">
        <div className="min-w-0 flex-1">
          {soldOut ? (
            <p className="rounded-xl bg-gray-100 py-3 text-center text-sm font-bold text-gray-600" data-testid="buy-bar-out">ناموجود</p>
          ) : children}
        </div>
        {!soldOut && price && (
          <div className="shrink-0 text-end" data-testid="buy-bar-price">
            {price.old && (
              <p className="flex items-center justify-end gap-1.5 text-xs">
                <span className="rounded-md bg-brand-600 px-1 py-px font-bold text-white">{price.percent}</span>
                <del className="text-gray-500">{price.old}</del>
              </p>
            )}
            <p className="text-base font-black text-gray-900">{from && <PriceFrom />}{price.now}</p>
          </div>
        )}
      </div>
    </div>
  );
}
