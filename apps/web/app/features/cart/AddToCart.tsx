import { useEffect, useState } from 'react';
import { Link } from '../../components/Link';
import { CartIcon } from '../../components/icons';
import { useCart } from './store';

/**
 * Adds the product's chosen variant to the server cart and says so. The button works from the moment
 * the page is interactive: it is never disabled while the cart loads (the store queues the add behind
 * that load), only while its own add is on its way, so a double tap adds one. Until every option is
 * chosen it says what to choose, and a tap asks for it.
 */
export function AddToCart({ productId, variantId, disabled, missingOption, testId = 'add-to-cart' }: {
  productId: number;
  /** The variant to add (a product without options: its single variant). */
  variantId: number | null;
  disabled?: boolean;
  /** What the shopper still has to choose, e.g. «رنگ» or «رنگ و حجم». */
  missingOption?: string | null;
  testId?: string;
}) {
  const { add, error } = useCart();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [asked, setAsked] = useState(false);
  // A client-side move to another product, or another variant, starts afresh.
  useEffect(() => { setAdded(false); setAsked(false); }, [productId, variantId]);
  const hint = asked && missingOption ? `لطفاً ${missingOption} را انتخاب کنید` : null;
  const onClick = async () => {
    if (missingOption) {
      setAsked(true);
      return;
    }
    setAsked(false);
    setAdded(false);
    setAdding(true);
    const ok = await add(productId, 1, variantId);
    setAdding(false);
    setAdded(ok);
  };
  return (
    <div>
      <button
        type="button"
        onClick={onClick}
        disabled={disabled || adding}
        aria-busy={adding}
        data-testid={testId}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-3.5 text-base font-bold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300"
      >
        <CartIcon className="size-5" />
        {adding ? 'در حال افزودن…' : missingOption ? `${missingOption} را انتخاب کنید` : 'افزودن به سبد خرید'}
      </button>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {hint ? <p className="text-amber-700">{hint}</p>
          : error && !adding && !added ? <p className="text-red-600">{error}</p>
          : added ? <p className="text-emerald-700">به سبد خرید افزوده شد. <Link to="/cart" className="font-medium underline">مشاهده سبد</Link></p>
          : null}
      </div>
    </div>
  );
}
