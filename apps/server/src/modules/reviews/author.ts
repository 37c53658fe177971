import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';

/**
 * How the storefront names the author of a review or a question: first name and the initial of the last name
 * («مریم ر.»), from the account, or else from the shopper's latest order; fixed when written.
 */
export async function authorNameOf(db: DbOrTx, userId: number): Promise<string> {
  const [u] = await db.select({ first: users.firstname, last: users.lastname }).from(users).where(eq(users.id, userId));
  let first = u?.first.trim() ?? '';
  let last = u?.last.trim() ?? '';
  if (!first) {
    const [o] = await db.select({ first: orders.firstname, last: orders.lastname }).from(orders)
      .where(and(eq(orders.userId, userId), sql`${orders.firstname} <> ''`)).orderBy(desc(orders.id)).limit(1);
    first = o?.first.trim() ?? '';
    last = o?.last.trim() ?? '';
  }
  if (!first) return 'کاربر سرخاب';
  return last ? `${first} ${[...last][0]}.` : first;
}
