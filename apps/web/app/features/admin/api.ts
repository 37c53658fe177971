import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { urlOf } from '@sorkhab/shared';
import { browserApi, type ApiData, type ApiInput, type ApiKey, type ApiResult } from '../../lib/api';

/** Fired when any admin call answers 401: the layout drops the session and shows the login form. */
export const UNAUTHORIZED_EVENT = 'sorkhab:admin-unauthorized';

export function toastError(message: string, title = 'خطا') {
  notifications.show({ color: 'red', title, message });
}
export function toastSuccess(message: string) {
  notifications.show({ color: 'teal', title: 'انجام شد', message });
}

export interface CallOptions {
  /** Toast shown on success. */
  success?: string;
  /** Do not toast the error (the caller shows it itself). */
  silent?: boolean;
  /** A 401 here is a wrong password, not an expired session. */
  isAuth?: boolean;
}

/** Calls an endpoint of the shared map; a failure toasts the server's Persian message, a 401 ends the session. */
export async function call<K extends ApiKey>(key: K, input: ApiInput<K>, opts: CallOptions = {}): Promise<ApiResult<ApiData<K>>> {
  const res = await (browserApi.call as (k: K, i: ApiInput<K>) => Promise<ApiResult<ApiData<K>>>)(key, input);
  if (!res.success) {
    if (res.status === 401 && !opts.isAuth && typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    if (!opts.silent) toastError(res.error.message || 'مشکلی پیش آمد؛ دوباره تلاش کنید');
  } else if (opts.success) {
    toastSuccess(opts.success);
  }
  return res;
}

/** Loads a GET endpoint into state; `reload` fetches again (after a change). `input` null waits. */
export function useApi<K extends ApiKey>(key: K, input: ApiInput<K> | null) {
  type T = ApiData<K>;
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(input !== null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  // The URL is the identity of what is loaded: a new input object with the same values loads nothing again.
  const url = input === null ? null : urlOf(key, input);
  const latest = useRef(input);
  latest.current = input;
  const load = useCallback(async () => {
    if (url === null || latest.current === null) return;
    const n = ++seq.current;
    setLoading(true);
    const res = await call(key, latest.current);
    if (n !== seq.current) return;
    if (res.success) {
      setData(res.data);
      setError(null);
    } else setError(res.error.message);
    setLoading(false);
  }, [key, url]);
  useEffect(() => { void load(); }, [load]);
  return { data, setData, loading, error, reload: load };
}

/** Multipart body from plain fields (undefined/null skipped) and files. */
export function formData(fields: Record<string, string | number | boolean | null | undefined>, files: Record<string, File | File[] | null | undefined> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) fd.append(k, String(v));
  for (const [k, f] of Object.entries(files)) {
    if (!f) continue;
    for (const file of Array.isArray(f) ? f : [f]) fd.append(k, file);
  }
  return fd;
}

/** Upload with progress (fetch has none): XMLHttpRequest on the same origin, with the cookie. */
export function uploadWithProgress<K extends ApiKey>(key: K & `${'POST' | 'PUT'} ${string}`, input: ApiInput<K> & { body: FormData }, onProgress: (percent: number) => void): Promise<ApiResult<ApiData<K>>> {
  type R = ApiResult<ApiData<K>>;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(key.slice(0, key.indexOf(' ')), `/api/${urlOf(key, input)}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100)); };
    const fail = (message: string, status = 0): R => ({ success: false, data: null, error: { code: 'NETWORK', message }, status });
    xhr.onload = () => {
      let res: R;
      try {
        res = { ...(JSON.parse(xhr.responseText) as Omit<R, 'status'>), status: xhr.status } as R;
      } catch {
        res = fail('پاسخ نامعتبر از سرور', xhr.status);
      }
      if (!res.success) {
        if (res.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
        toastError(res.error.message);
      }
      resolve(res);
    };
    xhr.onerror = () => {
      const res = fail('ارتباط با سرور برقرار نشد؛ اتصال اینترنت را بررسی کنید');
      toastError(res.error!.message);
      resolve(res);
    };
    xhr.send(input.body);
  });
}
