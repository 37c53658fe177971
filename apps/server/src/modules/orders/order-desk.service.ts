import { and, desc, eq, exists, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { tehranDayStart, toLatinDigits, type BulkOrderStatusResult, type OrderDeskQuery, type OrderPrint, type OrderStatus, type StoreSettings } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { ReadCache } from '../../lib/cache.js';
import { expireDueOrders, getAdminMany, setStatus } from './orders.service.js';

const nextDay = (d: Date) => new Date(d.getTime() + 86_400_000);

/** The shipping filter: the carrier of the method the order kept (post, tipax, courier, pickup, other). */
function shippingMethodCondition(q: OrderDeskQuery): SQL | undefined {
  return q.shipping ? eq(orders.shippingCarrier, q.shipping) : undefined;
}

/** An order number (exact), a mobile (09…/989…, exact) or part of the recipient's full name (trigram index). */
function searchCondition(text: string): SQL {
  const s = toLatinDigits(text).trim();
  const mobile = /^(?:\+?98|0)?(9\d{9})$/.exec(s.replace(/[\s-]/g, ''));
  const name = sql`(${orders.firstname} || ' ' || ${orders.lastname}) ilike ${`%${s.replace(/[%_\\]/g, '\\$&')}%`}`;
  return or(eq(orders.number, s), ...(mobile ? [eq(orders.mobile, `98${mobile[1]}`)] : []), name)!;
}

function deskConditions(db: Db, q: OrderDeskQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.dateFrom) conds.push(gte(orders.createdAt, tehranDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(orders.createdAt, nextDay(tehranDayStart(q.dateTo))));
  if (q.payment) {
    conds.push(exists(db.select({ one: sql`1` }).from(payments)
      .where(and(eq(payments.orderId, orders.id), eq(payments.provider, q.payment), inArray(payments.status, ['paid', 'refunded'])))));
  }
  if (q.search) conds.push(searchCondition(q.search));
  conds.push(shippingMethodCondition(q));
  const present = conds.filter((c): c is SQL => !!c);
  return present.length ? and(...present) : undefined;
}

export async function searchOrders({ db, cache }: { db: Db; cache: ReadCache }, q: OrderDeskQuery & { page: number; pageSize: number }) {
  await expireDueOrders(db, cache);
  const where = deskConditions(db, q);
  return pageOf(db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), db.$count(orders, where), q,
    (rows) => getAdminMany(db, rows));
}

/**
 * One status for several orders: each in its own transaction through the workflow's `transition` (as one change
 * from the order page), so a refused one (a delivered order cannot be cancelled) leaves the others done.
 */
export async function bulkSetStatus(db: Db, cache: ReadCache, adminId: number | undefined, ids: number[], status: OrderStatus): Promise<BulkOrderStatusResult> {
  const unique = [...new Set(ids)];
  const numbers = new Map((await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, unique)))
    .map((r) => [r.id, r.number]));
  const results: BulkOrderStatusResult['results'] = [];
  for (const id of unique) {
    const number = numbers.get(id) ?? null;
    if (number === null) {
      results.push({ id, number, ok: false, message: 'سفارش پیدا نشد' });
      continue;
    }
    try {
      await setStatus(db, cache, adminId, id, status);
      results.push({ id, number, ok: true, message: 'وضعیت تغییر کرد' });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({ id, number, ok: false, message: err.message });
    }
  }
  return { results, changed: results.filter((r) => r.ok).length };
}

/**
 * The library that writes numbers in words, loaded at the first print: its bundle carries data the server needs nowhere
 * else (≈ 4 MB of heap in every process otherwise).
 */
let numberToWords: Promise<typeof import('@persian-tools/persian-tools').numberToWords> | undefined;

/** Persian words of a toman amount; the library writes «شش صد»/«نه صد», the usual spelling is one word. */
export async function amountInWords(n: number): Promise<string> {
  const words = await (numberToWords ??= import('@persian-tools/persian-tools').then((m) => m.numberToWords));
  return String(words(n)).replace(/(شش|نه) صد/g, '$1صد');
}

/** Invoices and labels print in the order the ids came (the admin's selection). */
export async function printOrders(db: Db, settings: StoreSettings, ids: number[]): Promise<OrderPrint> {
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const found = await getAdminMany(db, rows);
  const byId = new Map(found.map((o) => [o.id, o]));
  const picked = [...new Set(ids)].map((id) => byId.get(id)).filter((o) => !!o);
  if (!picked.length) throw new AppError(404, 'NOT_FOUND', 'سفارشی با این شناسه‌ها پیدا نشد');
  return {
    shop: { storeName: settings.storeName, phone: settings.phone, email: settings.email, address: settings.address },
    orders: await Promise.all(picked.map(async (o) => ({ ...o, totalInWords: `${await amountInWords(o.total)} تومان`, qrSvg: renderSVG(o.number, { border: 1 }) }))),
  };
}
