/** Small inline icons (stroke, 24×24). Directional ones are drawn for right-to-left reading. */
type P = { className?: string };
const base = (d: React.ReactNode, className = 'size-5') => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">{d}</svg>
);
export const SearchIcon = ({ className }: P) => base(<><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></>, className);
export const CartIcon = ({ className }: P) => base(<><path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" /><circle cx="9" cy="20" r="1.2" /><circle cx="17" cy="20" r="1.2" /></>, className);
export const UserIcon = ({ className }: P) => base(<><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></>, className);
export const MenuIcon = ({ className }: P) => base(<path d="M4 6h16M4 12h16M4 18h16" />, className);
export const HomeIcon = ({ className }: P) => base(<><path d="m3 11 9-7 9 7" /><path d="M5 10v10h14V10" /></>, className);
export const PhoneIcon = ({ className }: P) => base(<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />, className);
export const TruckIcon = ({ className }: P) => base(<><path d="M14 17V6H3v11h2" /><path d="M14 9h4l3 4v4h-2" /><circle cx="7.5" cy="17.5" r="1.8" /><circle cx="16.5" cy="17.5" r="1.8" /></>, className);
export const CloseIcon = ({ className }: P) => base(<path d="M6 6l12 12M18 6 6 18" />, className);
/** Points to the reading start (right in RTL): "previous". */
export const ChevronStart = ({ className }: P) => base(<path d="m9 6 6 6-6 6" />, className);
/** Points to the reading end (left in RTL): "next", "more". */
export const ChevronEnd = ({ className }: P) => base(<path d="m15 6-6 6 6 6" />, className);
export const ChevronDown = ({ className }: P) => base(<path d="m6 9 6 6 6-6" />, className);
export const ShieldIcon = ({ className }: P) => base(<><path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" /><path d="m9 12 2 2 4-4" /></>, className);
export const ReturnIcon = ({ className }: P) => base(<><path d="M9 14 4 9l5-5" /><path d="M4 9h11a5 5 0 0 1 0 10h-3" /></>, className);
export const MailIcon = ({ className }: P) => base(<><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></>, className);
export const PinIcon = ({ className }: P) => base(<><path d="M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11z" /><circle cx="12" cy="10" r="2.5" /></>, className);
export const ClockIcon = ({ className }: P) => base(<><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></>, className);
export const GridIcon = ({ className }: P) => base(<><rect x="4" y="4" width="7" height="7" rx="1" /><rect x="13" y="4" width="7" height="7" rx="1" /><rect x="4" y="13" width="7" height="7" rx="1" /><rect x="13" y="13" width="7" height="7" rx="1" /></>, className);
export const TrashIcon = ({ className }: P) => base(<><path d="M4 7h16M10 11v6M14 11v6" /><path d="M6 7l1 13h10l1-13M9 7V4h6v3" /></>, className);
export const FilterIcon = ({ className }: P) => base(<path d="M4 5h16l-6 8v6l-4-2v-4z" />, className);
