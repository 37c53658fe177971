import { z } from 'zod';
import { ORDER_STATUSES } from './orders.js';
import { int } from './fields.js';

/** A variant at or below the low-stock threshold, as the dashboard lists it (`label` '' for a product without options). */
export const LowStockItemSchema = z.object({
  id: z.number(), variantId: z.number(), title: z.string(), label: z.string(), stock: z.number(),
  imageUri: z.string().nullable(), thumbUri: z.string().nullable(),
});

/** The admin dashboard's figures: counts, sales (toman, Tehran days), best sellers, low stock, orders per status. */
export const DashboardSchema = z.object({
  productCount: z.number(),
  outOfStockCount: z.number(),
  orderCount: z.number(),
  /** Paid or processing orders: waiting for the shop to act. */
  openOrderCount: z.number(),
  ordersToday: z.number(),
  salesToday: z.number(),
  salesMonth: z.number(),
  /** The last 30 Tehran days, oldest first, every day present (0 when nothing sold). `day` is the Gregorian date of the Tehran day. */
  /** Sales net of the refunds recorded that day (given apart in `refunds`). */
  salesByDay: z.array(z.object({ day: z.string(), sales: z.number(), orders: z.number(), refunds: z.number() })),
  /** The 30 days' best sellers by units sold (paid and later orders). */
  bestSellers: z.array(z.object({ productId: z.number(), title: z.string(), quantity: z.number(), sales: z.number() })),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number() })),
  lowStockThreshold: z.number(),
  /** Every live combination at or below the threshold (sold out included); `lowStock` holds the first 20. */
  lowStockCount: z.number(),
  /** Those running low (fewest first), then the sold-out ones. */
  lowStock: z.array(LowStockItemSchema),
  /**
   * The payment gateway the server is configured with; `test` when its payments move no money (the built-in fake
   * gateway, or Zarinpal's sandbox): orders are marked paid all the same, so the dashboard warns the owner.
   */
  payments: z.object({ provider: z.enum(['fake', 'zarinpal']), test: z.boolean() }),
});
export type DashboardStats = z.infer<typeof DashboardSchema>;

export const LowStockThresholdSchema = z.object({ threshold: int('حد موجودی کم', { min: 0, max: 100_000 }) });
