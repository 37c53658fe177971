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
 * beside it at login says there is one, so the login screen is not preceded by a 401 in the console. The hint goes
 * only when the server says the session is over (401, 403): a check cut short — the page left while it ran (a link,
 * a reload), the network gone for a moment — leaves it, so the next page checks again instead of showing the login.
 */
export async function clientLoader() {
  if (!hasStaffHint(document.cookie)) return { user: null };
  const res = await browserApi.call('GET /User/Me');
  if (!res.success && (res.status === 401 || res.status === 403)) dropStaffHint();
  return { user: res.success ? res.data : null };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#868e96' }}>در حال بارگذاری پنل مدیریت…</div>;
}

export default function AdminLayout() {
  return <AdminShell />;
}
