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
  it('round-trips with toLatinDigits', () => {
    expect(toLatinDigits(toPersianDigits('98-912 345'))).toBe('98-912 345');
  });
});
