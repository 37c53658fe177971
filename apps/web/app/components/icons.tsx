/**
 * Small inline icons (stroke, 24×24). Directional ones are drawn for right-to-left reading.
 * An icon's shapes are its markup, written as React writes them: the server copies the string instead of rendering
 * two to five elements per icon (a product page has about 30 icons), and the browser's hydration does not walk them.
 */
type P = { className?: string };
/** An icon drawing `shapes` (markup kept once, not remade on each render), `size-5` unless told. */
const icon = (shapes: string) => {
  const markup = { __html: shapes };
  return ({ className = 'size-5' }: P) => (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true"
      dangerouslySetInnerHTML={markup} />
  );
};
export const SearchIcon = icon('<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path>');
export const CartIcon = icon('<path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"></path><circle cx="9" cy="20" r="1.2"></circle><circle cx="17" cy="20" r="1.2"></circle>');
export const UserIcon = icon('<circle cx="12" cy="8" r="4"></circle><path d="M4 21a8 8 0 0 1 16 0"></path>');
export const MenuIcon = icon('<path d="M4 6h16M4 12h16M4 18h16"></path>');
export const HomeIcon = icon('<path d="m3 11 9-7 9 7"></path><path d="M5 10v10h14V10"></path>');
export const PhoneIcon = icon('<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"></path>');
export const TruckIcon = icon('<path d="M14 17V6H3v11h2"></path><path d="M14 9h4l3 4v4h-2"></path><circle cx="7.5" cy="17.5" r="1.8"></circle><circle cx="16.5" cy="17.5" r="1.8"></circle>');
export const CloseIcon = icon('<path d="M6 6l12 12M18 6 6 18"></path>');
/** Points to the reading start (right in RTL): "previous". */
export const ChevronStart = icon('<path d="m9 6 6 6-6 6"></path>');
/** Points to the reading end (left in RTL): "next", "more". */
export const ChevronEnd = icon('<path d="m15 6-6 6 6 6"></path>');
export const ChevronDown = icon('<path d="m6 9 6 6 6-6"></path>');
export const ShieldIcon = icon('<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z"></path><path d="m9 12 2 2 4-4"></path>');
export const ReturnIcon = icon('<path d="M9 14 4 9l5-5"></path><path d="M4 9h11a5 5 0 0 1 0 10h-3"></path>');
export const MailIcon = icon('<rect x="3" y="5" width="18" height="14" rx="2"></rect><path d="m3 7 9 6 9-6"></path>');
export const PinIcon = icon('<path d="M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11z"></path><circle cx="12" cy="10" r="2.5"></circle>');
export const ClockIcon = icon('<circle cx="12" cy="12" r="9"></circle><path d="M12 7v5l3 2"></path>');
export const GridIcon = icon('<rect x="4" y="4" width="7" height="7" rx="1"></rect><rect x="13" y="4" width="7" height="7" rx="1"></rect><rect x="4" y="13" width="7" height="7" rx="1"></rect><rect x="13" y="13" width="7" height="7" rx="1"></rect>');
export const TrashIcon = icon('<path d="M4 7h16M10 11v6M14 11v6"></path><path d="M6 7l1 13h10l1-13M9 7V4h6v3"></path>');
export const FilterIcon = icon('<path d="M4 5h16l-6 8v6l-4-2v-4z"></path>');
/** Two products side by side: «مقایسه». */
export const CompareIcon = icon('<path d="M7 4v16M17 4v16M3 8h8M13 16h8"></path>');
