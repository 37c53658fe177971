import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { type OrderStatus } from '@sorkhab/shared';

export const inputClass = 'w-full rounded-xl border border-gray-200 bg-white px-3.5 py-2.5 text-gray-900 outline-none transition placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-400 disabled:bg-gray-50';
export const primaryButton = 'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton = 'inline-flex items-center justify-center gap-2 rounded-xl border border-gray-200 bg-white px-5 py-2.5 font-medium text-gray-800 transition hover:border-brand-500 hover:text-brand-700 disabled:opacity-60';
export const card = 'rounded-2xl border border-gray-100 bg-white p-4 md:p-6';

/** A labelled input; a hint (shown while there is no error) is `${htmlFor}-hint`, for the input's aria-describedby. */
export function Field({ label, error, children, htmlFor, hint }: { label: string; error?: string; children: ReactNode; htmlFor: string; hint?: string }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-gray-700">{label}</label>
      {children}
      {error ? <p id={`${htmlFor}-error`} className="mt-1 text-xs text-red-600">{error}</p> : hint ? <p id={`${htmlFor}-hint`} className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </div>
  );
}

export function TextInput({ id, error, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string }) {
  return <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={`${inputClass} ${className ?? ''}`} {...props} />;
}

export function Select({ id, error, children, className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; error?: string }) {
  return (
    <select id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={`${inputClass} ${className ?? ''}`} {...props}>
      {children}
    </select>
  );
}

export function Alert({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tone = kind === 'error' ? 'border-red-200 bg-red-50 text-red-700' : kind === 'success' ? 'border-green-200 bg-green-50 text-green-800' : 'border-blue-100 bg-blue-50 text-blue-800';
  return <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-sm ${tone}`}>{children}</div>;
}

const statusTone: Record<OrderStatus, string> = {
  awaiting_payment: 'bg-amber-50 text-amber-800',
  cod: 'bg-orange-50 text-orange-800',
  paid: 'bg-green-50 text-green-800',
  processing: 'bg-blue-50 text-blue-800',
  shipped: 'bg-indigo-50 text-indigo-800',
  delivered: 'bg-emerald-50 text-emerald-800',
  cancelled: 'bg-gray-100 text-gray-600',
  paid_unfulfillable: 'bg-red-50 text-red-700',
  refunded: 'bg-gray-100 text-gray-600',
};
export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <span data-testid="order-status" className={`inline-flex rounded-full px-2.5 py-1 text-xs font-bold ${statusTone[status]}`}>{label}</span>;
}


/** zod issues → first message per top-level field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const k = String(i.path.at(-1) ?? '_');
    out[k] ??= i.message;
  }
  return out;
}


/**
 * A labelled multiple-photo input (field `name`) with a Persian button: the browser's own file button speaks the
 * browser's language.
 */
export function PhotoPicker({ id, name, label, hint, error }: { id: string; name: string; label: string; hint?: string; error?: string }) {
  const [photos, setPhotos] = useState<string[]>([]);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <div className="flex flex-wrap items-center gap-3">
        <input id={id} name={name} type="file" accept="image/jpeg,image/png,image/webp" multiple className="peer sr-only"
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined} onChange={(e) => setPhotos([...(e.currentTarget.files ?? [])].map((f) => f.name))} />
        <label htmlFor={id} className={`${secondaryButton} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500`}>انتخاب عکس</label>
        <span className="min-w-0 break-words text-sm text-gray-600" data-testid="photo-names">
          {photos.length ? photos.join('، ') : 'عکسی انتخاب نشده است'}
        </span>
      </div>
    </Field>
  );
}
