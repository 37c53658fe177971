import { describe, expect, it } from 'vitest';
import { toPersianDigits } from './digits.js';
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
  it('writes any number as grouping its whole part\'s digits and making them Persian does', () => {
    const grouped = (value: number) => (value < 0 ? '-' : '')
      + toPersianDigits(Math.abs(Math.trunc(value)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));
    const values = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 0.5, -0.5, -999.9, 12_345.678,
      Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, 1.5e300, -1e22, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    let seed = 11;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push((seed / 2 ** 31 - 0.3) * 10 ** (i % 17));
    }
    for (const value of values) expect(formatNumber(value)).toBe(grouped(value));
    expect(formatNumber(-0.5)).toBe('-۰');
    expect(formatNumber(Number.NaN)).toBe('NaN');
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
