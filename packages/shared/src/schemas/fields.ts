import { z } from 'zod';
import { TEHRAN_OFFSET } from '../fa/date.js';
import { toLatinDigits, toPersianDigits } from '../fa/digits.js';
import { isJalaliYear } from '../fa/jalali.js';
import { MOBILE_FORMAT } from '../fa/mobile.js';
import { normalizePersianText } from '../fa/normalize.js';
import { maxLenMessage, maxMessage, minMessage, requiredMessage } from '../validation/validator.js';

// In a browser, zod must not probe `new Function('')` for its fast path: under the shop's CSP (no 'unsafe-eval') the
// caught probe is still reported as a violation. Every schema module imports this one first, so this runs before
// the first z.object is built (that is when zod probes). The server keeps the fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * Field builders that carry the Persian title of each field, so every 400 says
 * "<title> الزامی است" / "<title> باید حداکثر {len} کاراکتر باشد" like the shared validator (numbers in Persian digits).
 */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const text = (title: string, len: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizePersianText(v) : typeof v === 'number' ? String(v) : v),
    z.string({ error: requiredMessage(title) }).min(1, requiredMessage(title)).max(len, maxLenMessage(title, len)),
  ).meta({ title });

export const optionalText = (title: string, len: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizePersianText(v) : v === null ? undefined : v),
    z.string({ error: `${title} باید متن باشد` }).max(len, maxLenMessage(title, len)).optional(),
  ).meta({ title });

const latinDigits = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v) : v);

/** Text a person types digits into (an order number, a search by number): Persian and Arabic-Indic digits become Latin. */
export const digitText = (title: string, len: number) => z.preprocess(latinDigits, text(title, len)).meta({ title });
export const optionalDigitText = (title: string, len: number) => z.preprocess(latinDigits, optionalText(title, len)).meta({ title });

const toNumber = (v: unknown) => {
  if (typeof v === 'string') {
    const s = toLatinDigits(v).replace(/[,٬،\s]/g, '');
    return s === '' ? undefined : Number(s);
  }
  return v === null ? undefined : v;
};

/** Whole number, Persian or Latin digits, optionally bounded. */
export const int = (title: string, opts: { min?: number; max?: number } = {}) => {
  let n = z.number({ error: (iss) => (iss.input === undefined ? requiredMessage(title) : `${title} باید عدد باشد`) })
    .int(`${title} باید عدد صحیح باشد`);
  if (opts.min !== undefined) n = n.min(opts.min, minMessage(title, opts.min));
  if (opts.max !== undefined) n = n.max(opts.max, maxMessage(title, opts.max));
  return z.preprocess(toNumber, n).meta({ title });
};

/** Decimal number (ratings). */
export const num = (title: string, opts: { min?: number; max?: number } = {}) => {
  let n = z.number({ error: (iss) => (iss.input === undefined ? requiredMessage(title) : `${title} باید عدد باشد`) })
    .finite(`${title} باید عدد باشد`);
  if (opts.min !== undefined) n = n.min(opts.min, minMessage(title, opts.min));
  if (opts.max !== undefined) n = n.max(opts.max, maxMessage(title, opts.max));
  return z.preprocess(toNumber, n).meta({ title });
};

/** A database id: positive integer. */
export const id = (title = 'شناسه') => int(title, { min: 1, max: 2_147_483_647 });
export const optionalId = (title = 'شناسه') => z.preprocess(emptyToUndefined, id(title).optional());

/** Booleans as JSON or as form text ("true", "false", "1", "0", "on"). */
export const bool = (title: string) =>
  z.preprocess((v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(s)) return true;
      if (['false', '0', 'off', 'no', ''].includes(s)) return false;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  }, z.boolean({ error: `${title} باید درست یا نادرست باشد` })).meta({ title });

export const optionalBool = (title: string) => z.preprocess(emptyToUndefined, bool(title).optional());
export const optionalInt = (title: string, opts: { min?: number; max?: number } = {}) =>
  z.preprocess(emptyToUndefined, int(title, opts).optional());

/** Iranian mobile: 9xxxxxxxxx, with or without 0 / 98 / +98, Persian digits accepted; stored as 98XXXXXXXXXX. */
export const mobile = (title = 'شماره موبایل') =>
  z.preprocess((v) => {
    if (typeof v !== 'string' && typeof v !== 'number') return v;
    const s = toLatinDigits(String(v)).replace(/[\s\-()]/g, '');
    const m = /^(?:\+?98|0)?(9\d{9})$/.exec(s);
    return m ? `98${m[1]}` : s;
  }, z.string({ error: requiredMessage(title) }).min(1, requiredMessage(title))
    .regex(/^989\d{9}$/, `${title} ${MOBILE_FORMAT}`)).meta({ title });

export const optionalMobile = (title = 'شماره موبایل') => z.preprocess(emptyToUndefined, mobile(title).optional());

export const email = (title = 'ایمیل') =>
  z.preprocess(emptyToUndefined, z.email(`${title} معتبر نیست`).max(200, maxLenMessage(title, 200)).optional()).meta({ title });

/** An ISO 8601 day, or a day and time with an optional offset: `2026-12-01`, `2026-12-01T23:59:59+03:30`. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * A day or an instant an API client writes (the admin's forms write a Jalali day as such an instant): ISO 8601 only,
 * a day that exists, in a year a shop can mean. `z.coerce.date` took whatever `Date` makes of a text — «1403-05-10»
 * (a Jalali day typed in Latin digits) as the year 1403, «2030-02-30» as 2 March, «5» as 2001 — and saved it with a 200.
 * A day alone is its first instant in Tehran, or its last with `{ day: 'end' }` (an expiry, a range's «to»: the day
 * named is included); a time without an offset is Tehran's, not the server's.
 */
export const optionalInstant = (title: string, { day: whole = 'start' }: { day?: 'start' | 'end' } = {}) => z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() || undefined : v === null ? undefined
    : v instanceof Date ? (Number.isNaN(v.getTime()) ? 'invalid' : v.toISOString()) : v),
  z.string({ error: `${title} باید تاریخ باشد` }).max(40, `${title} باید تاریخ معتبر باشد`).transform((v, ctx) => {
    const m = ISO_INSTANT.exec(v);
    const invalid = () => {
      ctx.addIssue({ code: 'custom', message: `${title} باید تاریخی معتبر به شکل ۲۰۲۶-۱۲-۰۱ باشد` });
      return z.NEVER;
    };
    if (!m) return invalid();
    const [, y, mo, d, h, mi, s, fraction, zone] = m as unknown as [string, string, string, string, string?, string?, string?, string?, string?];
    const year = Number(y);
    // Not Date.UTC: it reads the years 0–99 as 1900–1999.
    const day = new Date(new Date(0).setUTCFullYear(year, Number(mo) - 1, Number(d)));
    const exists = day.getUTCFullYear() === year && day.getUTCMonth() === Number(mo) - 1 && day.getUTCDate() === Number(d)
      && Number(h ?? 0) < 24 && Number(mi ?? 0) < 60 && Number(s ?? 0) < 60;
    if (!exists) return invalid();
    if (year < 1900 || year > 2999) {
      ctx.addIssue({ code: 'custom', message: isJalaliYear(year)
        ? `${title} را به میلادی بنویسید؛ سال ${toPersianDigits(year)} شمسی است` : `${title} باید تاریخ معتبر باشد` });
      return z.NEVER;
    }
    const offset = !zone ? TEHRAN_OFFSET : zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const time = h === undefined ? (whole === 'end' ? '23:59:59.999' : '00:00:00') : `${h}:${mi}:${s ?? '00'}${fraction?.slice(0, 4) ?? ''}`;
    const at = new Date(`${y}-${mo}-${d}T${time}${offset}`);
    return Number.isNaN(at.getTime()) ? invalid() : at;
  }).optional(),
).meta({ title });
