import { Link } from '../../components/Link';
import { toPersianDigits } from '@sorkhab/shared';
import { UserIcon } from '../../components/icons';
import { shopperLabel, useShopper } from './shopper';

/**
 * The header's login/register link for guests; the shopper's name and a link to their account once logged in.
 * Before the shopper is known (the server's HTML, the first moments after hydration) `signedIn`, the hint cookie's
 * presence, picks «حساب من» over «ورود | ثبت‌نام».
 */
export function AccountEntry({ signedIn = false }: { signedIn?: boolean }) {
  const { shopper, known } = useShopper();
  return (
    <>
      {!shopper && !known && signedIn ? (
        <Link to="/profile/dashboard" className="hidden items-center gap-1.5 rounded-xl border border-gray-200 px-3 py-2 text-sm hover:border-brand-500 hover:text-brand-700 md:flex" data-testid="account-hint">
          حساب من
        </Link>
      ) : shopper ? (
        <Link to="/profile/dashboard" className="hidden max-w-40 items-center gap-1.5 rounded-xl border border-gray-200 px-3 py-2 text-sm hover:border-brand-500 hover:text-brand-700 md:flex" data-testid="account-name">
          <span className="truncate" dir="auto">{toPersianDigits(shopperLabel(shopper))}</span>
        </Link>
      ) : (
        <Link to="/login" className="hidden items-center gap-1.5 rounded-xl border border-gray-200 px-3 py-2 text-sm hover:border-brand-500 hover:text-brand-700 md:flex">
          ورود | ثبت‌نام
        </Link>
      )}
      <Link to="/profile/dashboard" aria-label="حساب کاربری" className="hidden size-11 items-center justify-center rounded-xl text-gray-700 hover:bg-brand-50 hover:text-brand-700 md:flex">
        <UserIcon className="size-6" />
      </Link>
    </>
  );
}
