import { z } from 'zod';
import { OTP_CODE_LENGTH } from '../constants.js';
import { toLatinDigits, toPersianDigits } from '../fa/digits.js';
import { requiredMessage } from '../validation/validator.js';
import { email, id, mobile, text } from './fields.js';

/* ---------- OTP login ---------- */
export const SendCodeSchema = z.object({ mobile: mobile() });
export type SendCode = z.infer<typeof SendCodeSchema>;
export const SendCodeResultSchema = z.object({ mobile: z.string(), expiresIn: z.number() });

export const VerifyCodeSchema = z.object({
  mobile: mobile(),
  code: z.preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? toLatinDigits(String(v)).trim() : v),
    z.string({ error: requiredMessage('کد تأیید') }).min(1, requiredMessage('کد تأیید'))
      .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), `کد تأیید باید ${toPersianDigits(OTP_CODE_LENGTH)} رقم باشد`)).meta({ title: 'کد تأیید' }),
});
export type VerifyCode = z.infer<typeof VerifyCodeSchema>;

export const CustomerSchema = z.object({
  id: z.number(), mobile: z.string(), firstname: z.string(), lastname: z.string(),
  email: z.string().nullable(), nationalCode: z.string().nullable(),
});
export type Customer = z.infer<typeof CustomerSchema>;
export const CustomerAuthResultSchema = z.object({ token: z.string(), user: CustomerSchema });

/* ---------- profile ---------- */
/** Iranian national code (کد ملی): 10 digits with a mod-11 check digit. */
export function isValidNationalCode(code: string): boolean {
  if (!/^\d{10}$/.test(code) || /^(\d)\1{9}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 9).reduce((s, d, i) => s + d * (10 - i), 0);
  const r = sum % 11;
  return digits[9] === (r < 2 ? r : 11 - r);
}

const digitsOnly = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? toLatinDigits(String(v)).replace(/[\s-]/g, '') : v);

export const nationalCode = (title = 'کد ملی') =>
  z.preprocess((v) => (v === '' || v === null ? undefined : digitsOnly(v)),
    z.string().regex(/^\d{10}$/, `${title} باید ۱۰ رقم باشد`)
      .refine(isValidNationalCode, `${title} معتبر نیست؛ رقم‌ها را دوباره بررسی کنید`).optional()).meta({ title });

export const ProfileUpdateSchema = z.object({
  firstname: text('نام', 100),
  lastname: text('نام خانوادگی', 100),
  email: email(),
  nationalCode: nationalCode(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/* ---------- addresses ---------- */
export const postalCode = (title = 'کد پستی') =>
  z.preprocess(digitsOnly, z.string({ error: requiredMessage(title) }).min(1, requiredMessage(title))
    .regex(/^\d{10}$/, `${title} باید ۱۰ رقم باشد`)).meta({ title });

/**
 * A place name in Persian letters (a listed city or a village the list does not have): spaces and ZWNJ between words,
 * and ( ) - . ، allowed; Arabic ي/ك become ی/ک and repeated spaces one. Whether the province is one of the 31 is
 * checked on the server (checkPlace), which keeps the city list out of every bundle that imports these schemas.
 */
const placeName = (title: string, len: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ') : v), text(title, len)
    .refine((s) => /^[\p{Script=Arabic}\u200c ()\-.،]+$/u.test(s) && /\p{L}/u.test(s), `${title} را با حروف فارسی بنویسید`))
    .meta({ title });

export const AddressFormSchema = z.object({
  firstname: text('نام', 100),
  lastname: text('نام خانوادگی', 100),
  province: text('استان', 50),
  city: placeName('شهر', 50),
  address: text('نشانی', 500),
  postalCode: postalCode(),
  mobile: mobile(),
});
export type AddressForm = z.infer<typeof AddressFormSchema>;
export const AddressUpdateSchema = AddressFormSchema.extend({ id: id('نشانی') });
export const AddressSchema = z.object({
  id: z.number(), firstname: z.string(), lastname: z.string(), province: z.string(), city: z.string(),
  address: z.string(), postalCode: z.string(), mobile: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const ProvinceSchema = z.object({ id: z.number(), name: z.string(), cities: z.array(z.string()) });
export type Province = z.infer<typeof ProvinceSchema>;

