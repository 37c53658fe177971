import { bigint, boolean, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ShippingFeeOverride, ShippingRegion } from '@sorkhab/shared';

/**
 * The shipping methods the owner defines (decision 021). `carrier` says what the method is (post, tipax, courier,
 * pickup, other): the tracking link and the rules of courier (own city only) and pickup (free) follow from it.
 */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  carrier: varchar('carrier', { length: 20 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  baseFee: bigint('base_fee', { mode: 'number' }).notNull().default(0),
  /** A province's or a city's own fee instead of the base fee (the city's wins). */
  feeOverrides: jsonb('fee_overrides').$type<ShippingFeeOverride[]>().notNull().default([]),
  /** Weight steps: above `weightIncludedGrams`, each started `weightStepGrams` adds `weightStepFee` (0 grams: no steps). */
  weightIncludedGrams: integer('weight_included_grams').notNull().default(0),
  weightStepGrams: integer('weight_step_grams').notNull().default(0),
  weightStepFee: bigint('weight_step_fee', { mode: 'number' }).notNull().default(0),
  /** Free when the order (after discount) reaches this; null: the shop's `freeShippingThreshold`. */
  freeAbove: bigint('free_above', { mode: 'number' }),
  estimate: varchar('estimate', { length: 100 }).notNull().default(''),
  /** Where it delivers: empty = everywhere; a region without a city is the whole province. */
  regions: jsonb('regions').$type<ShippingRegion[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
