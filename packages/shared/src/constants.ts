/** Business constants of spec section 9 (and PRODUCT.md). */
export const MENU_CLOSE_DELAY_MS = 300;
export const TOAST_DURATION_MS = 5000;
export const VALIDATOR_DEFAULT_LEN = 50;
export const MAX_CART_QUANTITY = 10;
export const FREE_SHIPPING_THRESHOLD = 2_000_000;
export const RETURN_DAYS = 7;
export const OTP_COUNTDOWN_SECONDS = 120;
export const OTP_CODE_LENGTH = 4;
export const OTP_MAX_TRIES = 5;
export const PHONE_PREFIX = '98';
export const STORE_PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_STORE_PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The product lists (LastProducts, SuggestProducts, PopularProducts, All): the spec's own calls ask for 1000 at once. */
export const MAX_PRODUCT_PAGE_SIZE = 1000;
export const SLIDER_FETCH_SIZE = 100;
export const CAROUSEL_BREAKPOINTS = [
  { minWidth: 1024, perView: 5 },
  { minWidth: 768, perView: 3 },
  { minWidth: 0, perView: 2 },
] as const;
export const WIZARD_STEPS = 4;
export const ATTRIBUTE_SELECT = { array: 1, object: 2, color: 3 } as const;
export const ATTRIBUTE_TYPES = ['string', 'array', 'object', 'color'] as const;
export const IMAGE_PREVIEW_SIZE = 100;
export const IMAGE_WIDTHS = [100, 300, 600, 1200] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const PRICE_SLIDER = { min: 0, max: 100, step: 5, lower: 25, upper: 75 } as const;
export const PRODUCT_SORTS = ['newest', 'cheapest', 'dearest', 'bestselling', 'discount'] as const;
export const CURRENCY_WORD = 'تومان';

/**
 * Set beside the httpOnly session cookie, readable by scripts: it only tells the page that a
 * shopper is logged in (so it asks Auth/Me), and proves nothing to the server.
 */
export const SHOPPER_HINT_COOKIE = 'sorkhab_shopper';
/** The same for the admin: the panel asks User/Me only when it is there, so a visit before logging in logs no 401. */
export const STAFF_HINT_COOKIE = 'sorkhab_staff';
const hasHint = (cookieHeader: string | null | undefined, name: string) =>
  !!cookieHeader && cookieHeader.split(';').some((c) => c.trim().startsWith(`${name}=`));
/** Whether a Cookie header carries the logged-in hint (not the session: that one is HttpOnly and checked by the API). */
export const hasShopperHint = (cookieHeader: string | null | undefined) => hasHint(cookieHeader, SHOPPER_HINT_COOKIE);
/** Whether a Cookie header (or `document.cookie`) carries the staff's logged-in hint. */
export const hasStaffHint = (cookieHeader: string | null | undefined) => hasHint(cookieHeader, STAFF_HINT_COOKIE);
