/**
 * A stored mobile (989121234567, what the schemas' `mobile()` makes) as a shopper types it: 09121234567. Here, not beside
 * `mobile()` in schemas/fields.ts: the storefront's header shows it (features/account/shopper.ts), and a module with
 * zod schemas built at its top level brings zod (≈ 37 KB gzip) into the JavaScript every page loads at start.
 */
export const localMobile = (m: string) => (m.startsWith('98') ? `0${m.slice(2)}` : m);

/** What a mobile number must look like, as the schema's message and the login form say it after its title. */
export const MOBILE_FORMAT = 'باید ۱۱ رقم و با ۰۹ شروع شود، مانند ۰۹۱۲۱۲۳۴۵۶۷';
