import { toLatinDigits } from './digits.js';

/** Jalali (Shamsi) date to Gregorian [year, month 1-12, day]; the classic arithmetic conversion. */
export function jalaliToGregorian(jy: number, jm: number, jd: number): [number, number, number] {
  jy += 1595;
  let days = -355668 + 365 * jy + Math.floor(jy / 33) * 8 + Math.floor(((jy % 33) + 3) / 4) + jd + (jm < 7 ? (jm - 1) * 31 : (jm - 7) * 30 + 186);
  let gy = 400 * Math.floor(days / 146097);
  days %= 146097;
  if (days > 36524) {
    gy += 100 * Math.floor(--days / 36524);
    days %= 36524;
    if (days >= 365) days++;
  }
  gy += 4 * Math.floor(days / 1461);
  days %= 1461;
  if (days > 365) {
    gy += Math.floor((days - 1) / 365);
    days = (days - 1) % 365;
  }
  let gd = days + 1;
  const leap = (gy % 4 === 0 && gy % 100 !== 0) || gy % 400 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let gm = 0;
  while (gm < 12 && gd > monthDays[gm]!) gd -= monthDays[gm++]!;
  return [gy, gm + 1, gd];
}

/**
 * "۱۴۰۵/۰۹/۰۱" (Persian or Latin digits, / or - separated) to the ISO date "2026-11-22",
 * or null when it is not a valid Jalali date.
 */
/** A Jalali year a shop's dates fall in (1300–1499: 1921–2121), told apart from a Gregorian one. */
export const isJalaliYear = (year: number) => year >= 1300 && year <= 1499;

export function parseJalaliDate(input: string): string | null {
  const m = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*$/.exec(toLatinDigits(input));
  if (!m) return null;
  const [jy, jm, jd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // A Jalali year a shop means (a Gregorian one typed here, «2026/12/01», was read as the Jalali year 2026 = 2647).
  if (!isJalaliYear(jy)) return null;
  if (jm < 1 || jm > 12 || jd < 1 || jd > (jm <= 6 ? 31 : 30)) return null;
  const [gy, gm, gd] = jalaliToGregorian(jy, jm, jd);
  // Esfand has 30 days only in a leap year: the day must come back as itself (1404/12/30 would be 1405/01/01).
  if (jm === 12 && jd === 30 && jalaliDayOf(gy, gm, gd) !== 30) return null;
  return `${gy}-${String(gm).padStart(2, '0')}-${String(gd).padStart(2, '0')}`;
}

const persianDay = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { day: 'numeric', timeZone: 'UTC' });
/** The day of the Jalali month a Gregorian day falls on. */
const jalaliDayOf = (gy: number, gm: number, gd: number) => Number(persianDay.format(new Date(Date.UTC(gy, gm - 1, gd))));
