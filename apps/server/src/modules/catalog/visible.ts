import { and, eq, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';

/** What the storefront shows: products neither hidden (deleted after an order) nor drafts. */
export const onStorefront: SQL = and(eq(products.isDeleted, false), eq(products.isDraft, false))!;
/** What the admin works on: every product not hidden, drafts included. */
export const inAdmin: SQL = eq(products.isDeleted, false);
