import { useState, type ReactNode } from 'react';
import type { ApiData, ApiInput, ApiKey } from '../../lib/api';
import { call, toastSuccess } from './api';
import { ConfirmModal } from './ui';

/**
 * The delete confirmation of a list: `ask(item)` opens it; «حذف» calls the DELETE endpoint with `input(item)` through
 * `call()` (which toasts a failure), then toasts `success` and runs `onDeleted` (usually the list's
 * reload). Render `modal` once in the page. The closing modal keeps the item's text while it fades.
 */
export function useConfirmDelete<T, K extends ApiKey & `DELETE ${string}`>({ endpoint, input, message, success, onDeleted }: {
  endpoint: K;
  input: (item: T) => ApiInput<K>;
  message: (item: T) => ReactNode;
  /** The success toast: fixed, or read from the server's answer (e.g. «hidden instead of deleted»). */
  success: string | ((data: ApiData<K>) => string);
  onDeleted: () => void;
}) {
  const [state, setState] = useState<{ item: T; open: boolean } | null>(null);
  const close = () => setState((s) => s && { ...s, open: false });
  const modal = (
    <ConfirmModal opened={!!state?.open} onClose={close} message={state ? message(state.item) : ''}
      onConfirm={async () => {
        if (!state) return;
        const res = await call(endpoint, input(state.item), typeof success === 'string' ? { success } : {});
        close();
        if (!res.success) return;
        if (typeof success === 'function') toastSuccess(success(res.data));
        onDeleted();
      }} />
  );
  return { ask: (item: T) => setState({ item, open: true }), modal };
}
