import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import { SOLD_ORDER_STATUSES, type DashboardStats } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { getLowStockThreshold } from '../catalog/low-stock.js';
import { variantsOf } from '../media/media.service.js';
import { bestSellers, countedOrder, ordersByStatus, refundedSince, salesByDay, type SalesScope } from './sales.js';
/** Iran has kept UTC+03:30 all year since 2022. */
const TEHRAN_OFFSET_MS = 3.5 * 3_600_000;
const DAY_MS = 86_400_000;
/** The dashboard's low-stock rows; the rest are counted and a link away (the product list filtered to them). */
const LOW_STOCK_ROWS = 20;

/** The start of today and of this Jalali month in Tehran, as instants. */
export function tehranPeriods(now: Date): { dayStart: Date; monthStart: Date } {
  const local = now.getTime() + TEHRAN_OFFSET_MS;
  const dayStart = new Date(Math.floor(local / DAY_MS) * DAY_MS - TEHRAN_OFFSET_MS);
  const dayOfMonth = Number(new Intl.DateTimeFormat('en-US-u-ca-persian', { day: 'numeric', timeZone: 'Asia/Tehran' }).format(now));
  return { dayStart, monthStart: new Date(dayStart.getTime() - (dayOfMonth - 1) * DAY_MS) };
}

/** The dashboard's figures at `now`; its money counts the orders of `scope` (sales.ts: a live shop leaves out test payments). */
export async function dashboardStats(db: Db, now = new Date(), scope: SalesScope = { testPayments: true }): Promise<Omit<DashboardStats, 'payments'>> {
  const visible = eq(products.isDeleted, false);
  const threshold = await getLowStockThreshold(db);
  const low = and(eq(productVariants.isDeleted, false), lte(productVariants.stock, threshold), visible);
  const [[all], [out], [lows], lowStock] = await Promise.all([
    db.select({ n: count() }).from(products).where(visible),
    db.select({ n: count() }).from(products).where(and(visible, eq(products.stock, 0))),
    db.select({ n: count() }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(low),
    // The ones running low before the sold-out ones (those are counted apart and reordered anyway), fewest first.
    db.select({
      id: products.id, variantId: productVariants.id, title: products.title, label: productVariants.label, stock: productVariants.stock,
      imageUri: sql<string | null>`coalesce(${productVariants.imageUri}, ${products.imageUri})`,
    }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
      .where(low)
      .orderBy(sql`${productVariants.stock} = 0`, asc(productVariants.stock), asc(productVariants.id)).limit(LOW_STOCK_ROWS),
  ]);
  return {
    productCount: Number(all?.n ?? 0),
    outOfStockCount: Number(out?.n ?? 0),
    ...(await orderStats(db, now, scope)),
    lowStockThreshold: threshold,
    lowStockCount: Number(lows?.n ?? 0),
    lowStock: lowStock.map((p) => ({ ...p, thumbUri: variantsOf(p.imageUri)[0]?.uri ?? p.imageUri })),
  };
}

/** Order figures; all 0 while the commerce tables do not exist yet (an older database). */
async function orderStats(db: Db, now: Date, scope: SalesScope) {
  const [exists] = (await db.execute(sql`select to_regclass('public.orders') is not null as "exists"`)).rows as { exists: boolean }[];
  if (!exists?.exists) {
    return { orderCount: 0, openOrderCount: 0, ordersToday: 0, salesToday: 0, salesMonth: 0, salesByDay: [], bestSellers: [], ordersByStatus: [] };
  }
  const { dayStart, monthStart } = tehranPeriods(now);
  const sold = sql.join(SOLD_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `);
  const when = sql.raw('coalesce(o.paid_at, o.created_at)');
  // Sales count the orders of the scope (the period tested first: the scope's subquery runs for the period's orders
  // only); the order counts are the desk's (a test-paid order is still one to handle).
  const counted = sql`o.status in (${sold}) and ${countedOrder(sql.raw('o.id'), scope)}`;
  const [row] = (await db.execute(sql`
    select count(*)::int as "orderCount",
      count(*) filter (where o.status in ('paid', 'processing'))::int as "openOrderCount",
      count(*) filter (where o.created_at >= ${dayStart.toISOString()}::timestamptz)::int as "ordersToday",
      coalesce(sum(o.total) filter (where ${when} >= ${dayStart.toISOString()}::timestamptz and ${counted}), 0)::bigint as "salesToday",
      coalesce(sum(o.total) filter (where ${when} >= ${monthStart.toISOString()}::timestamptz and ${counted}), 0)::bigint as "salesMonth"
    from orders o`)).rows as Record<string, number | string>[];
  return {
    orderCount: Number(row?.orderCount ?? 0),
    openOrderCount: Number(row?.openOrderCount ?? 0),
    ordersToday: Number(row?.ordersToday ?? 0),
    // Net of the refunds recorded in the same period (returns, decision 024).
    salesToday: Number(row?.salesToday ?? 0) - await refundedSince(db, dayStart, scope),
    salesMonth: Number(row?.salesMonth ?? 0) - await refundedSince(db, monthStart, scope),
    salesByDay: await salesByDay(db, dayStart, scope),
    bestSellers: await bestSellers(db, dayStart, scope),
    ordersByStatus: await ordersByStatus(db),
  };
}
