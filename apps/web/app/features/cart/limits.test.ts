import { describe, expect, it } from 'vitest';
import { limitReason } from './limits';

describe('limitReason', () => {
  it('says why the plus stops: ten of an item per order, or the stock left', () => {
    expect(limitReason({ quantity: 10, stock: 50 })).toBe('حداکثر ۱۰ عدد از هر کالا در هر سفارش');
    expect(limitReason({ quantity: 3, stock: 3 })).toBe('موجودی این کالا ۳ عدد است');
    expect(limitReason({ quantity: 2, stock: 3 })).toBeNull();
  });
});
