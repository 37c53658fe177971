import { z } from 'zod';

/** A product at or below the low-stock threshold, as the dashboard lists it. */
export const LowStockItemSchema = z.object({
  id: z.number(), title: z.string(), stock: z.number(), imageUri: z.string().nullable(), thumbUri: z.string().nullable(),
});

/** The admin dashboard's figures: counts, sales today and this Jalali month (toman), low stock. */
export const DashboardSchema = z.object({
  productCount: z.number(),
  outOfStockCount: z.number(),
  orderCount: z.number(),
  /** Paid or processing orders: waiting for the shop to act. */
  openOrderCount: z.number(),
  ordersToday: z.number(),
  salesToday: z.number(),
  salesMonth: z.number(),
  lowStock: z.array(LowStockItemSchema),
});
export type DashboardStats = z.infer<typeof DashboardSchema>;
