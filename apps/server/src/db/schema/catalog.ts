import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import type { ProductAttributeEntry } from '@sorkhab/shared';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  alias: varchar('alias', { length: 100 }).notNull().default(''),
  select: boolean('select').notNull().default(false),
  uri: varchar('uri', { length: 300 }).notNull().default(''),
  imageUri: varchar('image_uri', { length: 300 }),
  parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('categories_parent_idx').on(t.parentId)]);

export const categoryAttributes = pgTable('category_attributes', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 100 }).notNull(),
  key: varchar('key', { length: 100 }).notNull(),
  type: varchar('type', { length: 10 }).notNull(),
}, (t) => [
  index('category_attributes_category_idx').on(t.categoryId),
  uniqueIndex('category_attributes_key_uq').on(t.categoryId, t.key),
]);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  alias: varchar('alias', { length: 100 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('brands_title_uq').on(t.title)]);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  alias: varchar('alias', { length: 200 }).notNull(),
  imageUri: varchar('image_uri', { length: 300 }),
  rate: real('rate').notNull().default(0),
  /**
   * The approved reviews' average (1–5) and count (modules/reviews): the storefront's stars and JSON-LD rating,
   * set in the transaction that approves, rejects or deletes a review (decision 025). `rate` is the spec's admin field.
   */
  ratingAverage: real('rating_average').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  tags: varchar('tags', { length: 500 }).notNull().default(''),
  price: bigint('price', { mode: 'number' }).notNull(),
  offPersent: integer('off_persent').notNull().default(0),
  offPrice: bigint('off_price', { mode: 'number' }).notNull(),
  hasOff: boolean('has_off').notNull().default(false),
  /**
   * Some live combination sells above `price` (the cheapest's, variant.service.ts `settledPrices`): the card says «از»
   * before the price. Kept by the `product_variants_price_varies` trigger (migration 0019), whatever writes a variant.
   */
  priceVaries: boolean('price_varies').notNull().default(false),
  description: text('description').notNull().default(''),
  attributes: jsonb('attributes').$type<ProductAttributeEntry[]>().notNull().default([]),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
  brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
  stock: integer('stock').notNull().default(0),
  /** Grams, for the shipping fee's weight steps (a variant's own weight overrides it). */
  weightGrams: integer('weight_grams').notNull().default(0),
  soldCount: integer('sold_count').notNull().default(0),
  searchText: text('search_text').notNull().default(''),
  isDeleted: boolean('is_deleted').notNull().default(false),
  /** Saved by the owner but not on the storefront yet. */
  isDraft: boolean('is_draft').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // One index per listing order, with and without the category in front: a listing reads its page from
  // them in order, in either direction (ties by id), and never sorts a category (decision 018).
  index('products_category_idx').on(t.categoryId, t.createdAt, t.id),
  index('products_category_price_idx').on(t.categoryId, t.offPrice, t.id),
  index('products_category_sold_idx').on(t.categoryId, t.soldCount, t.id),
  index('products_category_discount_idx').on(t.categoryId, t.offPersent, t.id),
  index('products_category_rating_idx').on(t.categoryId, t.ratingAverage, t.ratingCount, t.soldCount, t.id),
  index('products_brand_idx').on(t.brandId),
  index('products_created_idx').on(t.createdAt, t.id),
  index('products_price_idx').on(t.offPrice, t.id),
  index('products_sold_idx').on(t.soldCount, t.id),
  index('products_discount_idx').on(t.offPersent, t.id),
  index('products_rating_idx').on(t.ratingAverage, t.ratingCount, t.soldCount, t.id),
  // A storefront count (category, brand, price, stock, discount) read from the index alone.
  index('products_listing_idx').on(t.categoryId, t.brandId, t.offPrice, t.stock, t.hasOff).where(sql`not ${t.isDeleted} and not ${t.isDraft}`),
  index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  // The admin's product desk (decision 023): «out of stock» filter, and a CSV import finding products by their alias.
  index('products_stock_idx').on(t.stock, t.id),
  index('products_alias_idx').on(t.alias),
]);

/**
 * One combination of a product's options that exists (packages/shared/src/catalog/variants.ts), with
 * its own stock: `products.stock` is the sum of its live variants', kept in the same transaction as
 * every change. A product without options has one variant with no values. A variant an order refers
 * to is never deleted, only marked deleted.
 */
export const productVariants = pgTable('product_variants', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** One value per option group, in the groups' order. */
  options: jsonb('options').$type<string[]>().notNull().default([]),
  label: varchar('label', { length: 300 }).notNull().default(''),
  sku: varchar('sku', { length: 64 }),
  barcode: varchar('barcode', { length: 20 }),
  /** null: the product's price. */
  price: bigint('price', { mode: 'number' }),
  /** null: the product's weight. */
  weightGrams: integer('weight_grams'),
  stock: integer('stock').notNull().default(0),
  imageUri: varchar('image_uri', { length: 300 }),
  sortOrder: integer('sort_order').notNull().default(0),
  isDeleted: boolean('is_deleted').notNull().default(false),
  /** The owner was told this variant ran low; cleared when its stock rises above the threshold (one SMS per crossing). */
  lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
}, (t) => [
  index('product_variants_product_idx').on(t.productId, t.sortOrder),
  // The dashboard's low-stock list, and the product table's «low stock» filter (decision 023).
  index('product_variants_stock_idx').on(t.stock).where(sql`not ${t.isDeleted}`),
  uniqueIndex('product_variants_label_uq').on(t.productId, t.label).where(sql`not ${t.isDeleted}`),
  uniqueIndex('product_variants_sku_uq').on(t.sku).where(sql`${t.sku} is not null and not ${t.isDeleted}`),
  check('product_variants_stock_nonneg', sql`${t.stock} >= 0`),
]);

export const galleryImages = pgTable('gallery_images', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  imageUri: varchar('image_uri', { length: 300 }).notNull(),
  filename: varchar('filename', { length: 255 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('gallery_images_product_idx').on(t.productId)]);
