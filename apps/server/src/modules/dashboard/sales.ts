import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, SOLD_ORDER_STATUSES, TEST_PAYMENT_PROVIDERS, type DashboardStats, type OrderStatus } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';

const DAY_MS = 86_400_000;
/** Iran has kept UTC+03:30 all year since 2022. */
const TEHRAN_OFFSET = sql.raw(`interval '210 minutes'`);
const DAYS = 30;

const sold = () => sql.join(SOLD_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `);

/**
 * Whose money the figures count. A shop taking real payments leaves out the orders a test gateway «took» (the fake
 * one, Zarinpal's sandbox: no money moved), say from the days before it went live; a shop still on one counts them all
 * (its figures are its trials').
 */
export interface SalesScope { testPayments: boolean }

/** The order `orderId` (an SQL column) counts in `scope`'s sales: always, or when no test gateway took its payment. */
export function countedOrder(orderId: SQL, scope: SalesScope): SQL {
  if (scope.testPayments) return sql`true`;
  const test = sql.join(TEST_PAYMENT_PROVIDERS.map((p) => sql`${p}`), sql`, `);
  return sql`not exists (select 1 from payments tp where tp.order_id = ${orderId} and tp.status in ('paid', 'refunded') and tp.provider in (${test}))`;
}
/** When an order counts as sold: its payment, or its creation for an order paid before paid_at existed. */
const soldAt = sql.raw('coalesce(o.paid_at, o.created_at)');
/**
 * The window's start, and a bound on created_at the orders index can use (an order is paid within its
 * 30-minute reservation, so a day before the window is plenty).
 */
function window(todayStart: Date) {
  const start = new Date(todayStart.getTime() - (DAYS - 1) * DAY_MS);
  return { start, createdAfter: new Date(start.getTime() - DAY_MS) };
}
const inWindow = (w: ReturnType<typeof window>, scope: SalesScope) =>
  sql`o.status in (${sold()}) and o.created_at >= ${w.createdAfter.toISOString()}::timestamptz and ${soldAt} >= ${w.start.toISOString()}::timestamptz
    and ${countedOrder(sql.raw('o.id'), scope)}`;

/**
 * Sales and paid orders per Tehran day for the last 30 days (today included), oldest first; empty days are 0. A day's
 * sales are net of the refunds recorded that day (returns: decision 024), which are also given apart.
 */
export async function salesByDay(db: Db, todayStart: Date, scope: SalesScope): Promise<DashboardStats['salesByDay']> {
  const w = window(todayStart);
  const [rows, refundRows] = await Promise.all([
    db.execute(sql`
      select to_char((${soldAt} at time zone 'UTC') + ${TEHRAN_OFFSET}, 'YYYY-MM-DD') as day, sum(o.total)::bigint as sales, count(*)::int as orders
      from orders o where ${inWindow(w, scope)} group by 1`),
    db.execute(sql`
      select to_char((r.refunded_at at time zone 'UTC') + ${TEHRAN_OFFSET}, 'YYYY-MM-DD') as day, sum(r.refund_amount)::bigint as refunds
      from return_requests r where r.refunded_at >= ${w.start.toISOString()}::timestamptz and ${countedOrder(sql.raw('r.order_id'), scope)} group by 1`),
  ]);
  const byDay = new Map((rows.rows as { day: string; sales: string | number; orders: number }[]).map((r) => [r.day, r]));
  const refundsByDay = new Map((refundRows.rows as { day: string; refunds: string | number }[]).map((r) => [r.day, Number(r.refunds)]));
  return Array.from({ length: DAYS }, (_, i) => {
    const day = new Date(w.start.getTime() + i * DAY_MS + 3.5 * 3_600_000).toISOString().slice(0, 10);
    const r = byDay.get(day);
    const refunds = refundsByDay.get(day) ?? 0;
    return { day, sales: Number(r?.sales ?? 0) - refunds, orders: Number(r?.orders ?? 0), refunds };
  });
}

/** Refunds recorded since a moment (today's, this month's), to take off the sales of the same period. */
export async function refundedSince(db: Db, since: Date, scope: SalesScope): Promise<number> {
  const [row] = (await db.execute(sql`
    select coalesce(sum(r.refund_amount), 0)::bigint as refunds from return_requests r
    where r.refunded_at >= ${since.toISOString()}::timestamptz and ${countedOrder(sql.raw('r.order_id'), scope)}`))
    .rows as { refunds: string | number }[];
  return Number(row?.refunds ?? 0);
}

/**
 * The 30 days' ten best sellers by units (ties: more toman first), with today's product title, counted as the sales
 * figures are: units a refunded return took back are not sold, and a line's toman is its share of what the order's
 * goods were paid (its discount taken off, as a return's refund is proposed: decision 024).
 */
export async function bestSellers(db: Db, todayStart: Date, scope: SalesScope): Promise<DashboardStats['bestSellers']> {
  const w = window(todayStart);
  // What a unit of the line was paid, after the order's discount (integer toman, as the refunds are).
  const paid = sql.raw('(case when o.subtotal > 0 then (o.subtotal - o.discount)::numeric / o.subtotal else 0 end)');
  const rows = (await db.execute(sql`
    select i.product_id as "productId", p.title, sum(i.quantity - coalesce(r.units, 0))::int as quantity,
      sum(floor((i.quantity - coalesce(r.units, 0)) * i.unit_price * ${paid}))::bigint as sales
    from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
    left join lateral (
      select sum(ri.approved_quantity) as units from return_items ri join return_requests rr on rr.id = ri.return_id
      where ri.order_item_id = i.id and rr.status = 'refunded'
    ) r on true
    where ${inWindow(w, scope)} group by i.product_id, p.title having sum(i.quantity - coalesce(r.units, 0)) > 0
    order by quantity desc, sales desc, i.product_id limit 10`)).rows as
    { productId: number; title: string; quantity: number; sales: string | number }[];
  return rows.map((r) => ({ productId: Number(r.productId), title: r.title, quantity: Number(r.quantity), sales: Number(r.sales) }));
}

/** How many orders are in each status now (every status, in the workflow's order). */
export async function ordersByStatus(db: Db): Promise<DashboardStats['ordersByStatus']> {
  const rows = (await db.execute(sql`select status, count(*)::int as n from orders group by status`)).rows as { status: string; n: number }[];
  const counts = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return ORDER_STATUSES.map((status: OrderStatus) => ({ status, count: counts.get(status) ?? 0 }));
}
