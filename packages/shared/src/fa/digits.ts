const FA = '۰۱۲۳۴۵۶۷۸۹';
const AR = '٠١٢٣٤٥٦٧٨٩';

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits to ASCII. */
export function toLatinDigits(input: string): string {
  return input.replace(/[۰-۹٠-٩]/g, (d) => {
    const fa = FA.indexOf(d);
    return String(fa >= 0 ? fa : AR.indexOf(d));
  });
}

/** ASCII and Arabic-Indic digits to Persian digits. */
export function toPersianDigits(input: string | number): string {
  return String(input).replace(/[0-9٠-٩]/g, (d) => {
    const ar = AR.indexOf(d);
    return FA[ar >= 0 ? ar : Number(d)]!;
  });
}
