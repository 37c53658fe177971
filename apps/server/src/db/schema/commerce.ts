import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.js';
import { users } from './users.js';

/** One-time login codes, stored hashed (salted sha256); a code dies on use, expiry or 5 wrong tries. */
export const otpCodes = pgTable('otp_codes', {
  id: serial('id').primaryKey(),
  mobile: varchar('mobile', { length: 12 }).notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  salt: varchar('salt', { length: 32 }).notNull(),
  tries: integer('tries').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('otp_codes_mobile_idx').on(t.mobile, t.createdAt)]);

export const discountCodes = pgTable('discount_codes', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  minOrder: bigint('min_order', { mode: 'number' }).notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('discount_codes_code_uq').on(t.code)]);

/** A guest cart has a token (sha256 of its cookie); a customer's cart has a user id. */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('carts_token_uq').on(t.tokenHash), uniqueIndex('carts_user_uq').on(t.userId)]);

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** The variant bought (set on every line since variants exist; null only on lines from before). */
  variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  /** The variant's label when added ('' for a product without options). */
  option: varchar('option', { length: 300 }).notNull().default(''),
  quantity: integer('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cart_items_variant_uq').on(t.cartId, t.variantId)]);

export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  firstname: varchar('firstname', { length: 100 }).notNull(),
  lastname: varchar('lastname', { length: 100 }).notNull(),
  province: varchar('province', { length: 50 }).notNull(),
  city: varchar('city', { length: 50 }).notNull(),
  address: varchar('address', { length: 500 }).notNull(),
  postalCode: varchar('postal_code', { length: 10 }).notNull(),
  mobile: varchar('mobile', { length: 12 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('addresses_user_idx').on(t.userId)]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  number: varchar('number', { length: 20 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
  status: varchar('status', { length: 20 }).notNull(),
  firstname: varchar('firstname', { length: 100 }).notNull(),
  lastname: varchar('lastname', { length: 100 }).notNull(),
  province: varchar('province', { length: 50 }).notNull(),
  city: varchar('city', { length: 50 }).notNull(),
  address: varchar('address', { length: 500 }).notNull(),
  postalCode: varchar('postal_code', { length: 10 }).notNull(),
  mobile: varchar('mobile', { length: 12 }).notNull(),
  subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  shippingFee: bigint('shipping_fee', { mode: 'number' }).notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull(),
  discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
  discountCode: varchar('discount_code', { length: 50 }),
  /** true once reserved stock went back (cancel, failed payment, expiry): guards a double return. */
  stockReleased: boolean('stock_released').notNull().default(false),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
  /** The shipping method as chosen (a snapshot: later edits of the method do not change the order; decision 021). */
  shippingMethodId: integer('shipping_method_id'),
  shippingName: varchar('shipping_name', { length: 100 }),
  shippingCarrier: varchar('shipping_carrier', { length: 20 }),
  shippingEstimate: varchar('shipping_estimate', { length: 100 }),
  trackingCode: varchar('tracking_code', { length: 40 }),
  /** gateway (the bank) or cod (cash on delivery). */
  paymentMethod: varchar('payment_method', { length: 10 }).notNull().default('gateway'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** When the order became delivered (the 7-day return window starts here). */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('orders_number_uq').on(t.number),
  index('orders_user_idx').on(t.userId, t.createdAt),
  index('orders_status_idx').on(t.status, t.createdAt),
  index('orders_created_idx').on(t.createdAt),
  // The order desk's search by mobile and by the recipient's name (ILIKE '%…%' through trigrams).
  index('orders_mobile_idx').on(t.mobile, t.createdAt),
  index('orders_name_trgm_idx').using('gin', sql`(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`),
]);

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
  /** The variant whose units the order holds (null only on lines from before variants). */
  variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
  title: varchar('title', { length: 200 }).notNull(),
  imageUri: varchar('image_uri', { length: 300 }),
  option: varchar('option', { length: 300 }).notNull().default(''),
  unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
  quantity: integer('quantity').notNull(),
  lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
}, (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)]);

/** One row per attempt at the gateway; `gatewayState`/`gatewayAmount` are the built-in fake gateway's own record. */
export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 20 }).notNull(),
  authority: varchar('authority', { length: 100 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  refId: varchar('ref_id', { length: 100 }),
  gatewayState: varchar('gateway_state', { length: 10 }),
  gatewayAmount: bigint('gateway_amount', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
}, (t) => [uniqueIndex('payments_authority_uq').on(t.authority), index('payments_order_idx').on(t.orderId)]);

/**
 * An order's timeline: one row per status it reached (written by `transition` in the transaction of the change,
 * and by checkout for the first one) and per payment recorded by hand (`kind` paid).
 */
export const orderEvents = pgTable('order_events', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 10 }).notNull().default('status'),
  status: varchar('status', { length: 20 }).notNull(),
  actor: varchar('actor', { length: 20 }).notNull(),
  adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
  note: varchar('note', { length: 500 }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('order_events_order_idx').on(t.orderId, t.at)]);
