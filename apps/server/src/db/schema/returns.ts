import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orderItems, orders } from './commerce.js';
import { users } from './users.js';

/**
 * A shopper's request to return items of a delivered order (modules/returns). Status: requested → approved →
 * refunded, or requested → rejected; each step is a conditional update from the status before it, so a double
 * click or two admins move it (and put its units back) once. One open (requested) request per order at a time.
 */
export const returnRequests = pgTable('return_requests', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: varchar('status', { length: 12 }).notNull().default('requested'),
  reason: varchar('reason', { length: 30 }).notNull(),
  reasonText: varchar('reason_text', { length: 200 }),
  description: text('description'),
  adminNote: varchar('admin_note', { length: 500 }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** The approved lines' share of what the shopper paid (discount included), proposed as the refund. */
  approvedAmount: bigint('approved_amount', { mode: 'number' }),
  refundAmount: bigint('refund_amount', { mode: 'number' }),
  refundMethod: varchar('refund_method', { length: 20 }),
  refundReference: varchar('refund_reference', { length: 100 }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('return_requests_order_idx').on(t.orderId),
  index('return_requests_status_idx').on(t.status, t.createdAt),
  index('return_requests_refunded_idx').on(t.refundedAt),
  uniqueIndex('return_requests_open_uq').on(t.orderId).where(sql`status = 'requested'`),
]);

export const returnItems = pgTable('return_items', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  approvedQuantity: integer('approved_quantity').notNull().default(0),
}, (t) => [index('return_items_return_idx').on(t.returnId), index('return_items_order_item_idx').on(t.orderItemId)]);

/**
 * The shopper's photos, stored under `private/returns/` in the uploads storage: never served by /uploads/
 * (modules/media/uploads.ts refuses `private/`), only through the routes that check who asks.
 */
export const returnPhotos = pgTable('return_photos', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 200 }).notNull(),
  mime: varchar('mime', { length: 30 }).notNull(),
  bytes: integer('bytes').notNull(),
}, (t) => [index('return_photos_return_idx').on(t.returnId)]);
