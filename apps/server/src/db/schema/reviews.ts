import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar, jsonb } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { users } from './users.js';

/**
 * A buyer's review of a product they received (modules/reviews, decision 025): pending → approved or rejected by
 * the owner; only approved ones are shown and counted in the product's `rating_average` / `rating_count`.
 * One per shopper per product (the unique index makes a second, or two at once, a 409).
 */
export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The delivered order that made the shopper a buyer (the "verified buyer" badge). */
  orderId: integer('order_id'),
  rating: smallint('rating').notNull(),
  body: text('body').notNull(),
  pros: jsonb('pros').$type<string[]>().notNull().default([]),
  cons: jsonb('cons').$type<string[]>().notNull().default([]),
  /** What the storefront shows as the author: first name and the initial of the last name, fixed when written. */
  authorName: varchar('author_name', { length: 120 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  adminNote: varchar('admin_note', { length: 500 }),
  reply: text('reply'),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  helpfulCount: integer('helpful_count').notNull().default(0),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
  index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
  index('reviews_status_idx').on(t.status, t.createdAt),
  check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
  check('reviews_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
]);

/**
 * A review's photos: re-encoded WebP under `private/reviews/` (never served by /uploads/), answered by
 * `GET /api/Review/Photo` once their review is approved (or to the admin).
 */
export const reviewPhotos = pgTable('review_photos', {
  id: serial('id').primaryKey(),
  reviewId: integer('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 200 }).notNull(),
  bytes: integer('bytes').notNull(),
}, (t) => [index('review_photos_review_idx').on(t.reviewId)]);

/** "Helpful" votes: one per shopper per review (the primary key), counted in `reviews.helpful_count`. */
export const reviewVotes = pgTable('review_votes', {
  reviewId: integer('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('review_votes_uq').on(t.reviewId, t.userId)]);

/** A shopper's question on a product; shown with the owner's answer once approved. */
export const productQuestions = pgTable('product_questions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorName: varchar('author_name', { length: 120 }).notNull(),
  body: text('body').notNull(),
  answer: text('answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  adminNote: varchar('admin_note', { length: 500 }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('product_questions_product_status_idx').on(t.productId, t.status, t.createdAt),
  index('product_questions_status_idx').on(t.status, t.createdAt),
  check('product_questions_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
]);
