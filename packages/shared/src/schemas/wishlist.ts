import { z } from 'zod';
import { ProductListItemSchema } from './catalog.js';
import { id, optionalId } from './fields.js';

/* ---------- the wishlist and «موجود شد خبرم کن» (decision 026) ---------- */

export const WishlistProductSchema = z.object({ productId: id('محصول') });
export const WishlistRemoveQuerySchema = z.object({ productId: id('محصول') });

/** A shopper's wait for an out-of-stock product (variantId null: any of its variants) or one variant. */
export const StockAlertSchema = z.object({
  id: z.number(), productId: z.number(), variantId: z.number().nullable(),
  /** The variant's label («قرمز / ۵۰ میل»), '' for the product. */
  label: z.string(), createdAt: z.string(),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

/** What a cached page fills in on the client (one request): the saved products and the waits. */
export const WishlistIdsSchema = z.object({
  productIds: z.array(z.number()),
  alerts: z.array(StockAlertSchema.pick({ id: true, productId: true, variantId: true })),
});
export type WishlistIds = z.infer<typeof WishlistIdsSchema>;

export const WishlistSchema = z.object({
  /** Saved products still on the storefront, newest saved first. */
  items: z.array(ProductListItemSchema),
  /** Waits for products still on the storefront, with the product's card. */
  alerts: z.array(StockAlertSchema.extend({ product: ProductListItemSchema })),
});
export type Wishlist = z.infer<typeof WishlistSchema>;

export const StockAlertSubscribeSchema = z.object({ productId: id('محصول'), variantId: optionalId('ترکیب') });
export type StockAlertSubscribe = z.infer<typeof StockAlertSubscribeSchema>;

/** The owner's view of demand: shoppers waiting for the product, in all and per variant. */
export const StockAlertCountSchema = z.object({
  waiting: z.number(),
  variants: z.array(z.object({ variantId: z.number().nullable(), label: z.string(), waiting: z.number() })),
});
