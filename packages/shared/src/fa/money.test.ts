import { describe, expect, it } from 'vitest';
import { discountedPrice, formatNumber, formatToman, tomanToRial } from './money.js';

describe('formatToman', () => {
  it('writes Persian digits, the Persian thousands separator and the word تومان', () => {
    expect(formatToman(123000)).toBe('۱۲۳٬۰۰۰ تومان');
    expect(formatToman(2_000_000)).toBe('۲٬۰۰۰٬۰۰۰ تومان');
  });
  it('writes small amounts without a separator', () => {
    expect(formatToman(0)).toBe('۰ تومان');
    expect(formatToman(999)).toBe('۹۹۹ تومان');
  });
});

describe('formatNumber', () => {
  it('groups by thousands and drops the fraction', () => {
    expect(formatNumber(1234567.89)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(1000)).toBe('۱٬۰۰۰');
  });
  it('keeps the sign of a negative number', () => {
    expect(formatNumber(-45000)).toBe('-۴۵٬۰۰۰');
  });
});

describe('discountedPrice', () => {
  it('answers the price unchanged without a discount', () => {
    expect(discountedPrice(250_000, 0)).toBe(250_000);
  });
  it('takes the percent off', () => {
    expect(discountedPrice(200_000, 15)).toBe(170_000);
  });
  it('rounds down to a whole toman', () => {
    expect(discountedPrice(99_999, 33)).toBe(66_999);
    expect(discountedPrice(10, 15)).toBe(8);
  });
  it('answers 0 for a 100% discount', () => {
    expect(discountedPrice(350_000, 100)).toBe(0);
  });
});

describe('tomanToRial', () => {
  it('multiplies by ten', () => {
    expect(tomanToRial(123_000)).toBe(1_230_000);
  });
});
