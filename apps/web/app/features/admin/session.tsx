import { createContext, useContext } from 'react';
import type { User } from '@sorkhab/shared';

export interface AdminSession {
  user: User;
  logout(): Promise<void>;
}
export const SessionContext = createContext<AdminSession | null>(null);

export function useSession(): AdminSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the admin layout');
  return s;
}
