import { describe, expect, it } from 'vitest';
import { limitReason, shortNote } from './limits';

describe('limitReason', () => {
  it('says why the plus stops: ten of an item per order, or the stock left', () => {
    expect(limitReason({ quantity: 10, stock: 50 })).toBe('حداکثر ۱۰ عدد از هر کالا در هر سفارش');
    expect(limitReason({ quantity: 3, stock: 3 })).toBe('موجودی این کالا ۳ عدد است');
    expect(limitReason({ quantity: 2, stock: 3 })).toBeNull();
  });
});

describe('shortNote', () => {
  it('names a line the stock no longer covers: sold out, or fewer left than in the cart', () => {
    expect(shortNote({ quantity: 1, stock: 0 })).toBe('ناموجود؛ این کالا را از سبد بردارید');
    expect(shortNote({ quantity: 3, stock: 2 })).toBe('فقط ۲ عدد موجود است؛ تعداد را کم کنید');
    expect(shortNote({ quantity: 2, stock: 2 })).toBeNull();
  });
});
