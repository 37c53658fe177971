import { toLatinDigits, toPersianDigits } from '@sorkhab/shared';

/** What follows the fixed 98: 10 digits starting with 9; Persian digits, spaces and a leading 0 are fine. */
export function normalizeLocalMobile(input: string): string | null {
  const digits = toLatinDigits(input).replace(/\D/g, '').replace(/^0/, '');
  return /^9\d{9}$/.test(digits) ? digits : null;
}

/** 125 → "۰۲:۰۵". */
export const mmss = (s: number) => toPersianDigits(`${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`);
