import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { browserApi, type ApiResult } from '../../lib/api';

/** Fired when any admin call answers 401: the layout drops the session and shows the login form. */
export const UNAUTHORIZED_EVENT = 'sorkhab:admin-unauthorized';

export function toastError(message: string, title = 'خطا') {
  notifications.show({ color: 'red', title, message });
}
export function toastSuccess(message: string) {
  notifications.show({ color: 'teal', title: 'انجام شد', message });
}

interface CallOptions {
  /** Toast shown on success. */
  success?: string;
  /** Do not toast the error (the caller shows it itself). */
  silent?: boolean;
  /** A 401 here is a wrong password, not an expired session. */
  isAuth?: boolean;
}

/** Calls the API; a failure toasts the server's Persian message, a 401 ends the session. */
export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const res = await browserApi.request<T>(method, path, body);
  if (!res.success) {
    if (res.status === 401 && !opts.isAuth && typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    if (!opts.silent) toastError(res.error.message || 'مشکلی پیش آمد؛ دوباره تلاش کنید');
  } else if (opts.success) {
    toastSuccess(opts.success);
  }
  return res;
}

/** Loads a GET path into state; `reload` fetches again (after a change). `path` null waits. */
export function useApi<T>(path: string | null) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const load = useCallback(async () => {
    if (path === null) return;
    const n = ++seq.current;
    setLoading(true);
    const res = await call<T>('GET', path);
    if (n !== seq.current) return;
    if (res.success) {
      setData(res.data);
      setError(null);
    } else setError(res.error.message);
    setLoading(false);
  }, [path]);
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
export function uploadWithProgress<T>(method: 'POST' | 'PUT', path: string, body: FormData, onProgress: (percent: number) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/${path.replace(/^\/+/, '')}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100)); };
    const fail = (message: string, status = 0): ApiResult<T> => ({ success: false, data: null, error: { code: 'NETWORK', message }, status });
    xhr.onload = () => {
      let res: ApiResult<T>;
      try {
        res = { ...(JSON.parse(xhr.responseText) as Omit<ApiResult<T>, 'status'>), status: xhr.status } as ApiResult<T>;
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
    xhr.send(body);
  });
}
