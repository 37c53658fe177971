/**
 * One typed client for the API. In the browser it is `fetch` on relative `/api`; in a server
 * loader it is the same client over the in-process server (the shopper's cookie forwarded).
 */
interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}
export type ApiResult<T> = { success: true; data: T; error: null; status: number } | { success: false; data: null; error: ApiError; status: number };

export type Transport = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown; setCookies?: string[] }>;

export class ApiClient {
  constructor(private readonly transport: Transport) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    try {
      const { status, json } = await this.transport(method, path, body);
      const env = json as Omit<ApiResult<T>, 'status'> | undefined;
      if (env && typeof env === 'object' && 'success' in env) return { ...env, status } as ApiResult<T>;
      return { success: false, data: null, error: { code: 'BAD_RESPONSE', message: 'پاسخ نامعتبر از سرور' }, status };
    } catch {
      return { success: false, data: null, error: { code: 'NETWORK', message: 'ارتباط با سرور برقرار نشد؛ اتصال اینترنت را بررسی کنید' }, status: 0 };
    }
  }

  get<T>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Like get, but throws a Response (for loaders) when the API answers an error. */
  async load<T>(path: string): Promise<T> {
    const res = await this.get<T>(path);
    if (!res.success) throw new Response(res.error.message, { status: res.status || 502 });
    return res.data;
  }
}

/** The browser's client: same-origin fetch with cookies; FormData bodies go as multipart. */
export const browserApi = new ApiClient(async (method, path, body) => {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
});

/** Query string from an object, skipping empty values. */
export function qs(params: Record<string, string | number | boolean | undefined | null | (string | number)[]>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    sp.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
