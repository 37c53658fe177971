const dateFmt = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tehran',
});
const shortFmt = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tehran',
});
const timeFmt = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Tehran',
});

/** Jalali date, e.g. "۱ آذر ۱۴۰۵". */
export function formatJalali(date: Date | string | number): string {
  return dateFmt.format(new Date(date));
}

/** Jalali date as ۱۴۰۵/۰۹/۰۱. */
export function formatJalaliShort(date: Date | string | number): string {
  return shortFmt.format(new Date(date));
}

/** Jalali date and time, e.g. "۱ آذر ۱۴۰۵، ۱۴:۰۵". */
export function formatJalaliDateTime(date: Date | string | number): string {
  const d = new Date(date);
  return `${dateFmt.format(d)}، ${timeFmt.format(d)}`;
}

/** Iran's offset from UTC, kept all year since 2022 (no daylight saving). */
export const TEHRAN_OFFSET = '+03:30';

/** The first instant of a Tehran day given as its Gregorian date "2026-11-22". */
export const tehranDayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00${TEHRAN_OFFSET}`);
