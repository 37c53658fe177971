import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.js';
import { users } from './users.js';

/**
 * A shopper's saved products (modules/wishlist, decision 026): one row per shopper and product, so two adds at once
 * are one row (the second meets the unique index and does nothing). A deleted product takes its rows with it; a
 * hidden one (deleted while ordered, or a draft) stays saved but is not listed.
 */
export const wishlistItems = pgTable('wishlist_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('wishlist_items_user_product_uq').on(t.userId, t.productId),
  index('wishlist_items_product_idx').on(t.productId),
]);

/**
 * «موجود شد خبرم کن»: a shopper waits for an out-of-stock product (no variant: any of its variants) or one variant.
 * When its stock rises above zero the subscription turns `notified` in the same transaction that enqueues its one SMS
 * (modules/catalog/restock.ts); a new wait after that is a new row. One waiting row per shopper, product and variant.
 */
export const stockSubscriptions = pgTable('stock_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  /** waiting, notified */
  status: varchar('status', { length: 10 }).notNull().default('waiting'),
  /** The product's address as the shopper saw it (the shop's origin of their request), for the SMS's {link}. */
  link: varchar('link', { length: 300 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('stock_subscriptions_waiting_uq').on(t.userId, t.productId, sql`coalesce(${t.variantId}, 0)`).where(sql`status = 'waiting'`),
  index('stock_subscriptions_product_idx').on(t.productId).where(sql`status = 'waiting'`),
  index('stock_subscriptions_user_idx').on(t.userId, t.createdAt),
]);
