import { z } from 'zod';
import { MAX_CART_QUANTITY } from '../constants.js';
import { id, int, optionalId, optionalText, text } from './fields.js';
import { ImageVariantSchema } from './catalog.js';

/* ---------- cart (guests by the `sorkhab_cart` cookie, customers by session) ---------- */
export const CART_COOKIE = 'sorkhab_cart';

export const CartItemSchema = z.object({
  id: z.number(),
  productId: z.number(),
  title: z.string(),
  imageUri: z.string().nullable(),
  imageVariants: z.array(ImageVariantSchema),
  /** The variant bought, and its label («صورتی / ۵۰ میلی‌لیتر»), or null for a product without options. */
  variantId: z.number(),
  option: z.string().nullable(),
  unitPrice: z.number(),
  /** The unit's price before the product's discount (equal to unitPrice without one): the cart shows the saving. */
  listPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
  stock: z.number(),
  /** min(MAX_CART_QUANTITY, stock of the product or of the chosen colour). */
  maxQuantity: z.number(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  itemCount: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shippingFee: z.number(),
  total: z.number(),
  discountCode: z.string().nullable(),
  /** What the shopper saves: the products' discounts on every line plus the discount code. */
  saving: z.number(),
  /** Toman left until free shipping; 0 once reached. */
  freeShippingRemaining: z.number(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartAddSchema = z.object({
  productId: id('محصول'),
  quantity: z.preprocess((v) => (v === undefined || v === '' || v === null ? 1 : v),
    int('تعداد', { min: 1, max: MAX_CART_QUANTITY })),
  /** The variant to buy; a product with options must name one (or its label as `option`, as the spec's clients do). */
  variantId: optionalId('ترکیب'),
  option: optionalText('گزینه', 300),
});
export type CartAdd = z.infer<typeof CartAddSchema>;

export const CartSetQuantitySchema = z.object({
  itemId: id('ردیف سبد'),
  quantity: int('تعداد', { min: 0, max: MAX_CART_QUANTITY }),
});
export type CartSetQuantity = z.infer<typeof CartSetQuantitySchema>;

export const CartRemoveQuerySchema = z.object({ itemId: id('ردیف سبد') });

export const ApplyDiscountSchema = z.object({ code: text('کد تخفیف', 50) });
export type ApplyDiscount = z.infer<typeof ApplyDiscountSchema>;
