import { describe, expect, it } from 'vitest';
import { formatJalaliShort } from './date.js';
import { toLatinDigits } from './digits.js';
import { jalaliToGregorian, parseJalaliDate } from './jalali.js';

describe('jalaliToGregorian', () => {
  it('converts known dates', () => {
    expect(jalaliToGregorian(1403, 1, 1)).toEqual([2024, 3, 20]);
    expect(jalaliToGregorian(1405, 9, 1)).toEqual([2026, 11, 22]);
    expect(jalaliToGregorian(1399, 12, 30)).toEqual([2021, 3, 20]);
  });

  it('round-trips with the shared Jalali formatter over two years', () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 3) {
      const noonTehran = new Date(t + 9 * 3_600_000);
      const [jy, jm, jd] = toLatinDigits(formatJalaliShort(noonTehran)).split('/').map(Number) as [number, number, number];
      const [gy, gm, gd] = jalaliToGregorian(jy, jm, jd);
      expect(new Date(Date.UTC(gy, gm - 1, gd)).toISOString().slice(0, 10)).toBe(new Date(t).toISOString().slice(0, 10));
    }
  });
});

describe('parseJalaliDate', () => {
  it('reads Persian or Latin digits', () => {
    expect(parseJalaliDate('۱۴۰۵/۰۹/۰۱')).toBe('2026-11-22');
    expect(parseJalaliDate('1405-9-1')).toBe('2026-11-22');
  });
  it('rejects what is not a date', () => {
    expect(parseJalaliDate('')).toBeNull();
    expect(parseJalaliDate('1405/13/01')).toBeNull();
    expect(parseJalaliDate('1405/08/31')).toBeNull();
    expect(parseJalaliDate('فردا')).toBeNull();
  });
  it('rejects a Gregorian day typed in a Jalali field, and Esfand 30 outside a leap year', () => {
    expect(parseJalaliDate('2026/12/01')).toBeNull(); // was read as the Jalali year 2026, the Gregorian 2647
    expect(parseJalaliDate('1299/01/01')).toBeNull();
    expect(parseJalaliDate('1404/12/30')).toBeNull(); // 1404 is not leap: that day would be 1405/01/01
    expect(parseJalaliDate('1403/12/30')).toBe('2025-03-20'); // 1403 is
    expect(parseJalaliDate('1404/12/29')).toBe('2026-03-20');
  });
});
