/**
 * One typed client for the API. In the browser it is `fetch` on relative `/api`; in a server
 * loader it is the same client over the in-process server (the shopper's cookie forwarded).
 */
import { routeOf, urlOf, type EndpointKey, type Endpoints, type InputOf, type ResponseOf } from '@sorkhab/shared';

interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}
export type ApiResult<T> = { success: true; data: T; error: null; status: number } | { success: false; data: null; error: ApiError; status: number };

export type Transport = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown; setCookies?: string[] }>;

/** An endpoint of the API by its name in the shared map: `GET /Product/ById`. */
export type ApiKey = keyof Endpoints & EndpointKey;
/** The input a call of `K` takes (query, params, body as the endpoint declares them). */
export type ApiInput<K extends ApiKey> = InputOf<Endpoints[K]>;
/** The `data` a successful call of `K` answers. */
export type ApiData<K extends ApiKey> = ResponseOf<Endpoints[K]>;
/** The input argument: optional when the endpoint needs nothing. */
export type ApiArgs<K extends ApiKey> = Partial<ApiInput<K>> extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

export class ApiClient {
  constructor(private readonly transport: Transport) {}

  /** Calls an endpoint of the shared map; the answer's type is the endpoint's declared response. */
  async call<K extends ApiKey>(key: K, ...[input]: ApiArgs<K>): Promise<ApiResult<ApiData<K>>> {
    const { method } = routeOf(key);
    const { body } = (input ?? {}) as { body?: unknown };
    try {
      const { status, json } = await this.transport(method, urlOf(key, input), body);
      if (json && typeof json === 'object' && 'success' in json) return { ...(json as Omit<ApiResult<ApiData<K>>, 'status'>), status } as ApiResult<ApiData<K>>;
      return { success: false, data: null, error: { code: 'BAD_RESPONSE', message: 'پاسخ نامعتبر از سرور' }, status };
    } catch {
      return { success: false, data: null, error: { code: 'NETWORK', message: 'ارتباط با سرور برقرار نشد؛ اتصال اینترنت را بررسی کنید' }, status: 0 };
    }
  }

  /** Like call, but throws a Response (for loaders) when the API answers an error. */
  async load<K extends ApiKey>(key: K, ...args: ApiArgs<K>): Promise<ApiData<K>> {
    const res = await this.call(key, ...args);
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
