import { createContext, useContext } from 'react';
import type { StaffMe } from '@sorkhab/shared';

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
