import { useState } from 'react';
import type { ApiData, ApiInput, ApiKey, ApiResult } from '../../lib/api';
import { call, type CallOptions } from './api';

/**
 * The admin's one write helper for forms: `save(endpoint, input, options)` calls the endpoint
 * through `call()` (toasts, 401 ends the session), keeps `busy` while it runs, and on a refusal
 * keeps the server's per-field Persian messages in `errors` for the inputs. Resolves to the call's
 * result (`success`, then `data` or `error`).
 */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save<K extends ApiKey>(key: K, input: ApiInput<K>, opts: CallOptions = {}): Promise<ApiResult<ApiData<K>>> {
    setBusy(true);
    try {
      const res = await call(key, input, opts);
      setErrors(res.success ? {} : res.error.fields ?? {});
      return res;
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, setErrors, save };
}
