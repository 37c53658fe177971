import { formatToman, toPersianDigits } from '@sorkhab/shared';

export interface Priced {
  price: number;
  offPrice: number;
  offPersent: number;
  hasOff: boolean;
}

/** What a shopper pays and what to show struck through. */
export function priceView(p: Priced): { now: string; old: string | null; percent: string | null; amount: number } {
  const off = p.hasOff && p.offPersent > 0 && p.offPrice < p.price;
  const amount = off ? p.offPrice : p.price;
  return {
    amount,
    now: formatToman(amount),
    old: off ? formatToman(p.price).replace(/ تومان$/, '') : null,
    percent: off ? `٪${toPersianDigits(p.offPersent)}` : null,
  };
}
