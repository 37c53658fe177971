import { useState } from 'react';
import { AddressFormSchema, IRAN_PROVINCES, listedCity, type AddressForm as AddressInput } from '@sorkhab/shared';
import { Field, fieldErrors, Select, TextInput } from './ui';

export type AddressDraft = Record<keyof AddressInput, string>;
export const emptyDraft = (mobile = ''): AddressDraft => ({ firstname: '', lastname: '', province: '', city: '', address: '', postalCode: '', mobile });

/** Validates with the API's own schema (Persian digits accepted); null plus messages when invalid. */
export function checkDraft(draft: AddressDraft): { value: AddressInput | null; errors: Record<string, string> } {
  const parsed = AddressFormSchema.safeParse(draft);
  if (parsed.success) return { value: parsed.data, errors: {} };
  return { value: null, errors: fieldErrors(parsed.error.issues) };
}

/**
 * The recipient fields: names, province select (all 31 provinces), city, address, postal code, mobile. The city is a text
 * input with the province's cities as suggestions (the browser filters them as one types); a place the list does not
 * have (a village) is typed and kept as written, and a listed name typed with other spaces or letter forms becomes the
 * list's spelling when the field is left.
 */
export function AddressFields({ draft, onChange, errors, idPrefix = 'addr' }: {
  draft: AddressDraft; onChange: (d: AddressDraft) => void; errors: Record<string, string>; idPrefix?: string;
}) {
  const set = (k: keyof AddressDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    onChange({ ...draft, [k]: e.target.value, ...(k === 'province' ? { city: '' } : {}) });
  const cities = IRAN_PROVINCES.find((p) => p.name === draft.province)?.cities ?? [];
  const id = (k: string) => `${idPrefix}-${k}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="نام گیرنده" htmlFor={id('firstname')} error={errors.firstname}>
        <TextInput id={id('firstname')} value={draft.firstname} onChange={set('firstname')} autoComplete="given-name" error={errors.firstname} />
      </Field>
      <Field label="نام خانوادگی گیرنده" htmlFor={id('lastname')} error={errors.lastname}>
        <TextInput id={id('lastname')} value={draft.lastname} onChange={set('lastname')} autoComplete="family-name" error={errors.lastname} />
      </Field>
      <Field label="استان" htmlFor={id('province')} error={errors.province}>
        <Select id={id('province')} value={draft.province} onChange={set('province')} error={errors.province}>
          <option value="">انتخاب استان</option>
          {IRAN_PROVINCES.map((p) => <option key={p.id} value={p.name}>{p.name}</option>)}
        </Select>
      </Field>
      <Field label="شهر" htmlFor={id('city')} error={errors.city} hint="اگر شهر یا روستای شما در فهرست نیست، نام آن را بنویسید">
        <TextInput id={id('city')} value={draft.city} onChange={set('city')} disabled={!draft.province} error={errors.city}
          list={id('city-list')} autoComplete="off" maxLength={50} aria-describedby={errors.city ? `${id('city')}-error` : `${id('city')}-hint`}
          placeholder={draft.province ? 'جستجو یا نوشتن نام شهر' : 'ابتدا استان را انتخاب کنید'}
          onBlur={() => { const c = listedCity(draft.province, draft.city); if (c && c !== draft.city) onChange({ ...draft, city: c }); }} />
        <datalist id={id('city-list')}>
          {cities.map((c) => <option key={c} value={c} />)}
        </datalist>
      </Field>
      <div className="sm:col-span-2">
        <Field label="نشانی پستی" htmlFor={id('address')} error={errors.address}>
          <textarea id={id('address')} name={id('address')} value={draft.address} onChange={set('address')} rows={3} autoComplete="street-address"
            aria-invalid={errors.address ? true : undefined} placeholder="خیابان، کوچه، پلاک، واحد"
            className="w-full rounded-xl border border-gray-200 px-3.5 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-400" />
        </Field>
      </div>
      <Field label="کد پستی" htmlFor={id('postalCode')} error={errors.postalCode} hint="۱۰ رقم، بدون خط تیره">
        <TextInput id={id('postalCode')} value={draft.postalCode} onChange={set('postalCode')} inputMode="numeric" dir="ltr" maxLength={12} autoComplete="postal-code" error={errors.postalCode} className="text-start" />
      </Field>
      <Field label="شماره موبایل گیرنده" htmlFor={id('mobile')} error={errors.mobile}>
        <TextInput id={id('mobile')} value={draft.mobile} onChange={set('mobile')} inputMode="tel" dir="ltr" maxLength={14} autoComplete="tel" placeholder="۰۹۱۲۱۲۳۴۵۶۷" error={errors.mobile} />
      </Field>
    </div>
  );
}

/** The form's draft and its field errors; a field the shopper changes loses its error (checked again on submit). */
export function useDraft(initial: AddressDraft) {
  const [draft, setDraftState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setDraft = (next: AddressDraft) => {
    const changed = (Object.keys(next) as (keyof AddressDraft)[]).filter((k) => next[k] !== draft[k] && errors[k]);
    if (changed.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k as keyof AddressDraft))));
    setDraftState(next);
  };
  return { draft, setDraft, errors, setErrors };
}
