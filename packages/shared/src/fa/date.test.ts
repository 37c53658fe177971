import { describe, expect, it } from 'vitest';
import { formatJalali, formatJalaliDateTime, formatJalaliShort } from './date.js';

describe('formatJalali', () => {
  it('writes the Jalali day, month name and year in Persian digits', () => {
    expect(formatJalali('2026-11-22T08:00:00Z')).toBe('۱ آذر ۱۴۰۵');
  });
  it('counts the day in Tehran time, not UTC', () => {
    // 21:00 UTC on 21 Nov is 00:30 on 22 Nov in Tehran.
    expect(formatJalali(new Date('2026-11-21T21:00:00Z'))).toBe('۱ آذر ۱۴۰۵');
    expect(formatJalali(new Date('2026-11-21T20:00:00Z'))).toBe('۳۰ آبان ۱۴۰۵');
  });
  it('starts the year at Nowruz', () => {
    expect(formatJalali(Date.UTC(2026, 2, 21, 12))).toBe('۱ فروردین ۱۴۰۵');
    expect(formatJalali(Date.UTC(2026, 2, 20, 12))).toBe('۲۹ اسفند ۱۴۰۴');
  });
});

describe('formatJalaliShort', () => {
  it('writes year/month/day with two-digit month and day', () => {
    expect(formatJalaliShort('2026-03-21T12:00:00Z')).toBe('۱۴۰۵/۰۱/۰۱');
    expect(formatJalaliShort('2026-11-22T08:00:00Z')).toBe('۱۴۰۵/۰۹/۰۱');
  });
});

describe('formatJalaliDateTime', () => {
  it('adds the 24-hour Tehran time after a Persian comma', () => {
    expect(formatJalaliDateTime('2026-11-22T10:35:00Z')).toBe('۱ آذر ۱۴۰۵، ۱۴:۰۵');
  });
});
