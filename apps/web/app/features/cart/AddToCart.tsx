import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../components/icons';
import { useCart } from './store';

/**
 * Adds the product (with its chosen colour/option) to the server cart and says so. The button works
 * from the moment the page is interactive: it is never disabled while the cart loads (the store queues
 * the add behind that load), only while its own add is on its way, so a double tap adds one.
 */
export function AddToCart({ productId, option, disabled, missingOption }: {
  productId: number;
  option: string | null;
  disabled?: boolean;
  /** The name of a choice the shopper still has to make, e.g. "رنگ". */
  missingOption?: string | null;
}) {
  const { add, error } = useCart();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  // A client-side move to another product reuses this component: it starts afresh.
  useEffect(() => { setAdded(false); setHint(null); }, [productId]);
  const onClick = async () => {
    if (missingOption) {
      setHint(`لطفاً ${missingOption} را انتخاب کنید`);
      return;
    }
    setHint(null);
    setAdded(false);
    setAdding(true);
    const ok = await add(productId, 1, option);
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
        data-testid="add-to-cart"
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-3.5 text-base font-bold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300"
      >
        <CartIcon className="size-5" />
        {adding ? 'در حال افزودن…' : 'افزودن به سبد خرید'}
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
