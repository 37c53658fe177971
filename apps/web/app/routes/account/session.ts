import { redirect } from 'react-router';
import type { Customer } from '@sorkhab/shared';
import type { ApiArgs, ApiClient, ApiData, ApiKey } from '../../lib/api';

/** Only same-site paths may be a "back to" target after login. */
export function safeNext(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

const loginHref = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/** The logged-in shopper, or a redirect to /login that comes back here afterwards. */
export async function requireCustomer(api: ApiClient, request: Request): Promise<Customer> {
  const res = await api.call('GET /Auth/Me');
  if (res.success) return res.data;
  const url = new URL(request.url);
  throw redirect(loginHref(url.pathname + url.search));
}

/** Loads an endpoint for a customer page; a lost session goes to /login and back. */
export async function loadFor<K extends ApiKey>(api: ApiClient, request: Request, key: K, ...args: ApiArgs<K>): Promise<ApiData<K>> {
  const res = await api.call(key, ...args);
  if (res.success) return res.data;
  if (res.status === 401) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  throw new Response(res.error.message, { status: res.status || 502 });
}
