import { useNavigate } from 'react-router';
import { loginHref, savedStore, useSaved } from './saved';

/** The heart's shape as markup (components/icons.tsx says why). */
const HEART_SHAPE = { __html: '<path d="M12 20s-7.5-4.6-9.3-9.2C1.5 7.6 3.6 4.5 6.9 4.5c2 0 3.4 1.1 5.1 3 1.7-1.9 3.1-3 5.1-3 3.3 0 5.4 3.1 4.2 6.3C19.5 15.4 12 20 12 20z"></path>' };

/** The heart of a card or a product page: its state is the shopper's, filled in after load (features/catalog/saved.ts). */
export function Heart({ productId, title, className = '' }: { productId: number; title: string; className?: string }) {
  const { ids } = useSaved();
  const navigate = useNavigate();
  const on = ids.has(productId);
  return (
    <button type="button" aria-pressed={on} aria-label={`«${title}» در علاقه‌مندی‌ها`} title={on ? 'حذف از علاقه‌مندی‌ها' : 'افزودن به علاقه‌مندی‌ها'} data-testid="heart"
      onClick={async () => { if ((await savedStore.toggle(productId)) === 'login') void navigate(loginHref()); }}
      className={`flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm transition hover:scale-110 ${on ? 'text-brand-600' : 'text-gray-500 hover:text-brand-600'} ${className}`}>
      <svg viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round" className="size-5" aria-hidden="true"
        dangerouslySetInnerHTML={HEART_SHAPE} />
    </button>
  );
}
