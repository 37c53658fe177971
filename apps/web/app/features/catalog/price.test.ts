import { describe, expect, it } from 'vitest';
import { priceView } from './price';

describe('priceView', () => {
  it('shows the price in Persian digits with the toman word', () => {
    expect(priceView({ price: 123000, offPrice: 123000, offPersent: 0, hasOff: false })).toEqual({ amount: 123000, now: '۱۲۳٬۰۰۰ تومان', old: null, percent: null });
  });
  it('shows the discounted price, the old price and the percent', () => {
    expect(priceView({ price: 369000, offPrice: 313650, offPersent: 15, hasOff: true })).toEqual({ amount: 313650, now: '۳۱۳٬۶۵۰ تومان', old: '۳۶۹٬۰۰۰', percent: '٪۱۵' });
  });
  it('ignores a discount flag without a lower price', () => {
    expect(priceView({ price: 1000, offPrice: 1000, offPersent: 0, hasOff: true }).old).toBeNull();
  });
});
