import { createContext, useContext } from 'react';
import { STAFF_HINT_COOKIE, type StaffMe } from '@sorkhab/shared';

export interface AdminSession {
  user: StaffMe;
  logout(): Promise<void>;
}
export const SessionContext = createContext<AdminSession | null>(null);

export function useSession(): AdminSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the admin layout');
  return s;
}

/** Forgets the staff's logged-in hint (an expired or revoked session): the next visit shows the login at once. */
export const dropStaffHint = () => { document.cookie = `${STAFF_HINT_COOKIE}=; Max-Age=0; path=/`; };
