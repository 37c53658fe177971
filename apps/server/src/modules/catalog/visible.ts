import { sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';

/**
 * What the storefront shows: products neither hidden (deleted after an order) nor drafts. Written as the
 * partial listing index's predicate (`products_listing_idx`), so the planner may answer a count from that index alone.
 */
export const onStorefront: SQL = sql`(not ${products.isDeleted} and not ${products.isDraft})`;
/** What the admin works on: every product not hidden, drafts included. */
export const inAdmin: SQL = sql`not ${products.isDeleted}`;
