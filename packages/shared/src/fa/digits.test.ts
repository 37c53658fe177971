import { describe, expect, it } from 'vitest';
import { toLatinDigits, toPersianDigits } from './digits.js';

describe('toLatinDigits', () => {
  it('converts Persian digits', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });
  it('converts Arabic-Indic digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });
  it('leaves other characters alone', () => {
    expect(toLatinDigits('کد ۴۲-b7')).toBe('کد 42-b7');
  });
});

describe('toPersianDigits', () => {
  it('converts Latin digits of a string or a number', () => {
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits(2026)).toBe('۲۰۲۶');
  });
  it('converts Arabic-Indic digits to Persian ones', () => {
    expect(toPersianDigits('٤٥٦')).toBe('۴۵۶');
  });
  it('writes every digit wherever it stands, and nothing else, surrogate pairs and all', () => {
    expect(toPersianDigits('7 رژ 12,500 تومان — ۳٤ 😀9')).toBe('۷ رژ ۱۲,۵۰۰ تومان — ۳۴ 😀۹');
    expect(toLatinDigits('۷ رژ ۱۲,۵۰۰ — ٣٤ 😀۹x')).toBe('7 رژ 12,500 — 34 😀9x');
    expect(toPersianDigits('')).toBe('');
    expect(toPersianDigits(-0.5)).toBe('-۰.۵');
    expect(toLatinDigits('بدون رقم')).toBe('بدون رقم');
    expect(toPersianDigits('/:;@AZ`')).toBe('/:;@AZ`'); // the code units around the digits' runs
  });
  it('round-trips with toLatinDigits', () => {
    expect(toLatinDigits(toPersianDigits('98-912 345'))).toBe('98-912 345');
  });
});
