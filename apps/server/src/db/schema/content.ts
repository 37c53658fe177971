import { boolean, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { categories } from './catalog.js';

export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 10 }).notNull().default('slide'),
  title: varchar('title', { length: 200 }).notNull().default(''),
  imageUri: varchar('image_uri', { length: 300 }),
  link: varchar('link', { length: 500 }).notNull().default(''),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('slides_kind_idx').on(t.kind, t.sortOrder)]);

/** Store settings: one row per key, JSON values. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every uploaded image, stored once by content hash. */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  hash: varchar('hash', { length: 64 }).notNull().unique(),
  uri: varchar('uri', { length: 300 }).notNull(),
  mime: varchar('mime', { length: 50 }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  variants: jsonb('variants').$type<{ width: number; uri: string }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
