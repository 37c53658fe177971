import { hasStaffHint } from '@sorkhab/shared';
import { dropStaffHint } from '../../features/admin/session';
import { browserApi } from '../../lib/api';
import AdminShell from './layout.client';

/**
 * The admin's shell and screens are `.client` modules (layout.client.tsx, products.client.tsx, …): the server renders
 * only this fallback, so it never loads Mantine or the screens' code (decision 031). What the server does need stays
 * here and in each screen's route module: the titles (meta), the session check and the fallback.
 */
export function meta() {
  return [{ title: 'پنل مدیریت | سرخاب' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The session survives a reload: the httpOnly cookie is checked with GET User/Me — only when the hint cookie set
 * beside it at login says there is one, so the login screen is not preceded by a 401 in the console.
 */
export async function clientLoader() {
  if (!hasStaffHint(document.cookie)) return { user: null };
  const res = await browserApi.call('GET /User/Me');
  if (!res.success) dropStaffHint();
  return { user: res.success ? res.data : null };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#868e96' }}>در حال بارگذاری پنل مدیریت…</div>;
}

export default function AdminLayout() {
  return <AdminShell />;
}
