import { CURRENCY_WORD } from '../constants.js';
import { PERSIAN_DIGITS, toPersianDigits } from './digits.js';

/**
 * 1234000 → "۱٬۲۳۴٬۰۰۰" (Persian digits, Persian thousands separator). A whole number is written digit by digit in
 * one pass (a listing page writes a few hundred prices and counts; the grouping expression and a second pass for the
 * digits were five times as slow); anything else (NaN, ±Infinity, past 2^53) as the digits JavaScript writes for it.
 */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(value));
  if (!(whole <= Number.MAX_SAFE_INTEGER)) return sign + toPersianDigits(whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));
  const digits = whole.toString();
  let out = sign;
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += '٬';
    out += PERSIAN_DIGITS[digits.charCodeAt(i) - 48];
  }
  return out;
}

/** 123000 → "۱۲۳٬۰۰۰ تومان". */
export function formatToman(value: number): string {
  return `${formatNumber(value)} ${CURRENCY_WORD}`;
}

/** Price after a percent discount, a whole number of toman (rounded down to the toman). */
export function discountedPrice(price: number, offPersent: number): number {
  if (!offPersent) return price;
  return Math.floor((price * (100 - offPersent)) / 100);
}

/** Toman to rial, for payment gateways and schema.org prices. */
export function tomanToRial(toman: number): number {
  return toman * 10;
}
