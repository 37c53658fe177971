/** Persian digits, zero to nine (each one UTF-16 code unit). */
export const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const AR = '٠١٢٣٤٥٦٧٨٩';

const ZERO = 0x30;
const FA_ZERO = PERSIAN_DIGITS.charCodeAt(0);
const AR_ZERO = AR.charCodeAt(0);

/**
 * `text` with each digit of the two runs of ten code units from `a` and `b` written from `to` instead, in one
 * pass: a regular expression's callback for each digit was most of the cost of writing a page's prices and counts.
 */
function withDigits(text: string, a: number, b: number, to: number): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = c >= a && c <= a + 9 ? c - a : c >= b && c <= b + 9 ? c - b : -1;
    if (d < 0) continue;
    out += text.slice(from, i) + String.fromCharCode(to + d);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits to ASCII. */
export function toLatinDigits(input: string): string {
  return withDigits(input, FA_ZERO, AR_ZERO, ZERO);
}

/** ASCII and Arabic-Indic digits to Persian digits. */
export function toPersianDigits(input: string | number): string {
  return withDigits(String(input), ZERO, AR_ZERO, FA_ZERO);
}
