import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@sorkhab/shared';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 100 }),
  passwordHash: varchar('password_hash', { length: 300 }),
  firstname: varchar('firstname', { length: 100 }).notNull().default(''),
  lastname: varchar('lastname', { length: 100 }).notNull().default(''),
  mobile: varchar('mobile', { length: 12 }),
  email: varchar('email', { length: 200 }),
  nationalCode: varchar('national_code', { length: 10 }),
  isAdmin: boolean('is_admin').notNull().default(false),
  isDisable: boolean('is_disable').notNull().default(false),
  /** What an admin may do (decision 020); read only while is_admin. The migration made every admin an owner. */
  staffRole: varchar('staff_role', { length: 20 }).$type<StaffRole>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_username_uq').on(t.username),
  uniqueIndex('users_mobile_uq').on(t.mobile),
  check('users_staff_role_ck', sql`${t.staffRole} in ('owner', 'operator', 'editor')`),
]);

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: varchar('role', { length: 10 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)]);

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  action: varchar('action', { length: 100 }).notNull(),
  entity: varchar('entity', { length: 50 }).notNull(),
  entityId: integer('entity_id'),
  data: jsonb('data'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_created_idx').on(t.createdAt),
  // The audit screen's filters: one user's or one entity's changes, newest first.
  index('audit_log_user_created_idx').on(t.userId, t.createdAt),
  index('audit_log_entity_created_idx').on(t.entity, t.createdAt),
]);
