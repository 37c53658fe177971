import { MAX_CART_QUANTITY, toPersianDigits, type CartItem } from '@sorkhab/shared';

/** Why the cart's plus stops where it does: the shop's limit per item, or the stock left (null while it can go on). */
export function limitReason(item: Pick<CartItem, 'quantity' | 'stock'>): string | null {
  if (item.quantity >= MAX_CART_QUANTITY) return `حداکثر ${toPersianDigits(MAX_CART_QUANTITY)} عدد از هر کالا در هر سفارش`;
  if (item.quantity >= item.stock) return `موجودی این کالا ${toPersianDigits(item.stock)} عدد است`;
  return null;
}

/** What a line the stock no longer covers says under its title (null while the stock covers it). */
export function shortNote(item: Pick<CartItem, 'quantity' | 'stock'>): string | null {
  if (item.stock >= item.quantity) return null;
  return item.stock <= 0 ? 'ناموجود؛ این کالا را از سبد بردارید' : `فقط ${toPersianDigits(item.stock)} عدد موجود است؛ تعداد را کم کنید`;
}
