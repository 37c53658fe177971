import { CURRENCY_WORD } from '../constants.js';
import { toPersianDigits } from './digits.js';

/** 1234000 → "۱٬۲۳۴٬۰۰۰" (Persian digits, Persian thousands separator). */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const grouped = Math.abs(Math.trunc(value)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
  return sign + toPersianDigits(grouped);
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
