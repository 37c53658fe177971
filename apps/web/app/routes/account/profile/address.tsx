import { useCallback, useEffect, useState } from 'react';
import { useHydrated } from '../../../components/ui/use-hydrated';
import { data, useFetcher } from 'react-router';
import { localMobile, toPersianDigits, type Address } from '@sorkhab/shared';
import { browserApi } from '../../../lib/api';
import { apiOf } from '../../../lib/context';
import { AddressFields, checkDraft, emptyDraft, useDraft, type AddressDraft } from '../address-form';
import { loadFor } from '../session';
import { Alert, card, primaryButton, secondaryButton } from '../ui';
import type { Route } from './+types/address';

export const meta = () => [{ title: 'نشانی‌ها | سرخاب' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return { addresses: await loadFor(apiOf(context), request, 'GET /Address') };
}

type AddressIntent = { intent: 'delete'; id: number } | { intent: 'save'; id?: number; draft: AddressDraft };

/** Address writes, keyed by intent: `save` (create, or update when an id is given) and `delete`. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as AddressIntent;
  if (body.intent === 'delete') {
    const res = await browserApi.call('DELETE /Address', { query: { id: body.id } });
    // A refusal answers 4xx like the other writes (docs/CONVENTIONS.md), so the list is not reloaded for nothing.
    if (!res.success) return data({ ok: false, error: res.error.message, errors: {} as Record<string, string> }, { status: res.status || 400 });
    return { ok: true, error: null, errors: {} as Record<string, string> };
  }
  const { value, errors } = checkDraft(body.draft);
  if (!value) return data({ ok: false, error: null, errors }, { status: 400 });
  const res = body.id ? await browserApi.call('PUT /Address', { body: { ...value, id: body.id } }) : await browserApi.call('POST /Address', { body: value });
  if (!res.success) return data({ ok: false, error: res.error.message, errors: res.error.fields ?? {} }, { status: res.status || 400 });
  return { ok: true, error: null, errors: {} as Record<string, string> };
}

const toDraft = (a: Address): AddressDraft => ({ ...a, mobile: toPersianDigits(localMobile(a.mobile)), postalCode: toPersianDigits(a.postalCode) });

function Editor({ initial, id, onDone }: { initial: AddressDraft; id?: number; onDone: () => void }) {
  const hydrated = useHydrated();
  const { draft, setDraft, errors, setErrors } = useDraft(initial);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const error = result?.error ?? null;
  useEffect(() => {
    if (!result) return;
    if (result.ok) onDone();
    else setErrors(result.errors);
  }, [result, onDone, setErrors]);
  function save(e: React.FormEvent) {
    e.preventDefault();
    const { value, errors: errs } = checkDraft(draft);
    setErrors(errs);
    if (!value) return;
    const body: AddressIntent = { intent: 'save', id, draft };
    void fetcher.submit(body, { method: 'post', encType: 'application/json' });
  }
  return (
    <form onSubmit={save} noValidate className={`${card} space-y-4`}>
      <h2 className="font-bold">{id ? 'ویرایش نشانی' : 'نشانی جدید'}</h2>
      <AddressFields draft={draft} onChange={setDraft} errors={errors} idPrefix={id ? `edit-${id}` : 'new'} />
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-3">
        <button type="submit" disabled={busy || !hydrated} className={primaryButton}>ذخیره نشانی</button>
        <button type="button" onClick={onDone} className={secondaryButton}>انصراف</button>
      </div>
    </form>
  );
}

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remover = useFetcher<typeof clientAction>();
  const error = remover.data?.error ?? null;
  const done = useCallback(() => setEditing(null), []);
  function remove(a: Address) {
    if (!window.confirm(`نشانی «${a.address}» حذف شود؟`)) return;
    const body: AddressIntent = { intent: 'delete', id: a.id };
    void remover.submit(body, { method: 'post', encType: 'application/json' });
  }
  return (
    <section aria-labelledby="addr-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 id="addr-title" className="text-xl font-black">نشانی‌ها</h1>
        {editing !== 'new' && <button type="button" onClick={() => setEditing('new')} className={primaryButton}>افزودن نشانی</button>}
      </div>
      {error && <Alert>{error}</Alert>}
      {editing === 'new' && <Editor initial={emptyDraft()} onDone={done} />}
      {addresses.length === 0 && editing !== 'new' && <p className={`${card} text-center text-gray-600`}>موردی وجود ندارد</p>}
      <ul className="space-y-4">
        {addresses.map((a) => editing === a.id ? (
          <li key={a.id}><Editor initial={toDraft(a)} id={a.id} onDone={done} /></li>
        ) : (
          <li key={a.id} className={`${card} flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between`} data-testid="address-card">
            <p className="text-sm leading-7 text-gray-700">
              <b className="text-gray-900">{toPersianDigits(a.address)}</b><br />
              {a.province}، {a.city}، کد پستی {toPersianDigits(a.postalCode)}<br />
              گیرنده: {a.firstname} {a.lastname}، <span dir="ltr">{toPersianDigits(localMobile(a.mobile))}</span>
            </p>
            <div className="flex shrink-0 gap-2">
              <button type="button" onClick={() => setEditing(a.id)} className={`${secondaryButton} px-4 py-2 text-sm`}>ویرایش</button>
              <button type="button" onClick={() => remove(a)} className="rounded-xl px-4 py-2 text-sm text-red-600 hover:bg-red-50">حذف</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
