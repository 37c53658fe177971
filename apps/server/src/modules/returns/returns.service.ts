import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  formatToman, RETURN_DAYS, RETURN_MAX_PHOTOS, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, toPersianDigits,
  type RefundMethod, type ReturnCreate, type Returnable, type ReturnReason, type ReturnRequest, type ReturnStatus,
} from '@sorkhab/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { orderItems, orders, products, returnItems, returnPhotos, returnRequests } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { returnUnits } from '../catalog/variant.service.js';
import type { Storage } from '../media/storage.js';
import { enqueueReturnSms } from './notify.js';
import { removePhotos, storePhotos } from '../media/private-photos.js';
import type { UploadedFile } from '../../lib/multipart.js';

type RequestRow = typeof returnRequests.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses whose lines are spoken for: asked and waiting, or approved (rejected lines may be asked again). */
const OPEN_OR_APPROVED = ['requested', 'approved', 'refunded'];

async function toRequests(db: DbOrTx, rows: RequestRow[], admin = false): Promise<ReturnRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, photos, heads] = await Promise.all([
    db.select({ ri: returnItems, oi: orderItems }).from(returnItems).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids)).orderBy(asc(returnItems.id)),
    db.select({ id: returnPhotos.id, returnId: returnPhotos.returnId }).from(returnPhotos).where(inArray(returnPhotos.returnId, ids)).orderBy(asc(returnPhotos.id)),
    db.select({ id: orders.id, number: orders.number, firstname: orders.firstname, lastname: orders.lastname, mobile: orders.mobile })
      .from(orders).where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))])),
  ]);
  const orderOf = new Map(heads.map((h) => [h.id, h]));
  return rows.map((r) => {
    const o = orderOf.get(r.orderId)!;
    const status = r.status as ReturnStatus;
    const reason = r.reason as ReturnReason;
    return {
      id: r.id, orderId: r.orderId, orderNumber: o.number, status, statusLabel: RETURN_STATUS_LABELS[status] ?? status,
      reason, reasonLabel: RETURN_REASON_LABELS[reason] ?? reason, reasonText: r.reasonText, description: r.description,
      items: items.filter((i) => i.ri.returnId === r.id).map(({ ri, oi }) => ({
        id: ri.id, orderItemId: oi.id, title: oi.title, option: oi.option || null, imageUri: oi.imageUri,
        unitPrice: oi.unitPrice, quantity: ri.quantity, approvedQuantity: ri.approvedQuantity,
      })),
      photos: photos.filter((p) => p.returnId === r.id).map((p) => ({ id: p.id })),
      adminNote: r.adminNote, approvedAmount: r.approvedAmount, refundAmount: r.refundAmount,
      refundMethod: r.refundMethod as RefundMethod | null, refundReference: r.refundReference,
      refundedAt: r.refundedAt?.toISOString() ?? null, decidedAt: r.decidedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      ...(admin ? { customerName: `${o.firstname} ${o.lastname}`.trim(), mobile: o.mobile } : {}),
    };
  });
}

/** Units of each line already asked for (waiting) or approved; rejected requests give theirs back. */
async function spokenFor(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db.select({
    orderItemId: returnItems.orderItemId,
    n: sql<number>`sum(case when ${returnRequests.status} = 'requested' then ${returnItems.quantity} else ${returnItems.approvedQuantity} end)::int`,
  }).from(returnItems).innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, OPEN_OR_APPROVED))).groupBy(returnItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.n)]));
}

/** Why a new request cannot be made on this order now (Persian), or null. */
async function refusal(db: DbOrTx, o: OrderRow, now: Date): Promise<string | null> {
  if (o.status !== 'delivered' || !o.deliveredAt) return 'فقط کالاهای سفارشی را که تحویل گرفته‌اید می‌توانید مرجوع کنید';
  if (now.getTime() > o.deliveredAt.getTime() + RETURN_DAYS * DAY_MS) {
    return `مهلت ${toPersianDigits(RETURN_DAYS)} روزه مرجوعی این سفارش به پایان رسیده است`;
  }
  const [open] = await db.select({ id: returnRequests.id }).from(returnRequests)
    .where(and(eq(returnRequests.orderId, o.id), eq(returnRequests.status, 'requested')));
  if (open) return 'برای این سفارش یک درخواست مرجوعی در حال بررسی دارید؛ پس از پاسخ به آن می‌توانید درخواست دیگری ثبت کنید';
  return null;
}

const deadlineOf = (o: OrderRow) => (o.deliveredAt ? new Date(o.deliveredAt.getTime() + RETURN_DAYS * DAY_MS).toISOString() : null);

/** The shopper's view of one of their orders' returns; another shopper's order answers 404, like a missing one. */
export async function returnable(db: Db, userId: number, orderId: number, now = new Date()): Promise<Returnable> {
  const [o] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) throw notFound('سفارش');
  const [items, taken, rows] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
    spokenFor(db, o.id),
    db.select().from(returnRequests).where(eq(returnRequests.orderId, o.id)).orderBy(desc(returnRequests.id)),
  ]);
  const lines = items.map((i) => ({
    orderItemId: i.id, title: i.title, option: i.option || null, bought: i.quantity, returnable: Math.max(i.quantity - (taken.get(i.id) ?? 0), 0),
  }));
  let reason = await refusal(db, o, now);
  if (!reason && lines.every((l) => l.returnable === 0)) reason = 'همه کالاهای این سفارش پیش‌تر مرجوع یا درخواست شده‌اند';
  return { orderId: o.id, allowed: !reason, reason, deadline: deadlineOf(o), items: lines, requests: await toRequests(db, rows) };
}

/**
 * A shopper's request. Photos are checked and stored first (outside the transaction: image work is slow), then in one
 * transaction under the order's row lock (two requests at once wait for each other): delivered, within 7 days, no
 * other open request, each quantity at most bought minus already asked or approved. A refused request removes its photos.
 */
/**
 * The caller's order, when a return of `input`'s items from it may be asked for now (refusals in Persian otherwise):
 * the order locked when `db` is a transaction.
 */
async function checkedReturn(db: DbOrTx, userId: number, input: ReturnCreate, now: Date) {
  const [o] = await db.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.userId, userId))).for('update');
  if (!o) throw notFound('سفارش');
  const refused = await refusal(db, o, now);
  if (refused) throw new AppError(409, 'RETURN_NOT_ALLOWED', refused);
  const items = new Map((await db.select().from(orderItems).where(eq(orderItems.orderId, o.id))).map((i) => [i.id, i]));
  const taken = await spokenFor(db, o.id);
  for (const line of input.items) {
    const item = items.get(line.orderItemId);
    if (!item) throw badRequest('کالای انتخاب‌شده در این سفارش نیست', { items: 'کالای انتخاب‌شده در این سفارش نیست' });
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (line.quantity > left) {
      const msg = left > 0
        ? `از «${item.title}» حداکثر ${toPersianDigits(left)} عدد را می‌توانید مرجوع کنید`
        : `«${item.title}» پیش‌تر مرجوع یا درخواست شده است`;
      throw badRequest(msg, { items: msg });
    }
  }
  return o;
}

export async function createReturn(ctx: ServiceContext & { storage: Storage }, userId: number, input: ReturnCreate, files: UploadedFile[], now = new Date()) {
  // Refused before any photo is decoded (sharp's work, seconds for a large picture), whoever asks; checked again, the
  // order locked, in the write.
  await checkedReturn(ctx.db, userId, input, now);
  const photos = await storePhotos(ctx.storage, files, { folder: 'returns', max: RETURN_MAX_PHOTOS });
  try {
    const row = await write(ctx, async (tx) => {
      const o = await checkedReturn(tx, userId, input, now);
      const [req] = await tx.insert(returnRequests).values({
        orderId: o.id, userId, reason: input.reason, reasonText: input.reason === 'other' ? input.reasonText ?? null : null,
        description: input.description?.trim() || null,
      }).returning();
      await tx.insert(returnItems).values(input.items.map((l) => ({ returnId: req!.id, orderItemId: l.orderItemId, quantity: l.quantity })));
      if (photos.length) await tx.insert(returnPhotos).values(photos.map((p) => ({ returnId: req!.id, ...p })));
      await enqueueReturnSms(tx, o, req!, 'requested');
      return req!;
    }, { audit: (r) => ({ action: 'return.create', entity: 'return', id: r.id, data: { orderId: input.orderId, items: input.items } }) });
    return (await toRequests(ctx.db, [row]))[0]!;
  } catch (err) {
    await removePhotos(ctx.storage, photos);
    throw err;
  }
}

/* ---------- the admin ---------- */

export async function listAdmin(db: Db, q: { page: number; pageSize: number; status?: ReturnStatus; orderId?: number }) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(returnRequests.status, q.status));
  if (q.orderId) conds.push(eq(returnRequests.orderId, q.orderId));
  const where = conds.length ? and(...conds) : undefined;
  return pageOf(db.select().from(returnRequests).where(where).orderBy(desc(returnRequests.createdAt), desc(returnRequests.id)).$dynamic(),
    db.$count(returnRequests, where), q, (rows) => toRequests(db, rows, true));
}

export async function getAdmin(db: DbOrTx, id: number) {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  if (!row) throw notFound('درخواست مرجوعی');
  return (await toRequests(db, [row], true))[0]!;
}

/**
 * Moves a request from `from` to a new status with one conditional update: of two admins (or a double click) only
 * one finds it still in `from`; the other gets 409 and changes nothing.
 */
async function move(tx: Tx, id: number, from: ReturnStatus, set: Partial<typeof returnRequests.$inferInsert>): Promise<RequestRow> {
  const [row] = await tx.update(returnRequests).set({ ...set, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from))).returning();
  if (row) return row;
  const [now] = await tx.select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, id));
  if (!now) throw notFound('درخواست مرجوعی');
  throw conflict(`این درخواست اکنون «${RETURN_STATUS_LABELS[now.status as ReturnStatus] ?? now.status}» است و این کار دیگر ممکن نیست؛ صفحه را تازه کنید`);
}

const orderOf = async (tx: Tx, id: number) => (await tx.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The approved units' share of what the shopper paid: line prices less the order's discount in proportion (shipping not included). */
function shareOf(o: OrderRow, approved: { item: ItemRow; quantity: number }[]): number {
  const gross = approved.reduce((s, a) => s + a.item.unitPrice * a.quantity, 0);
  if (!o.subtotal) return gross;
  return Math.round(gross * Math.max(o.subtotal - o.discount, 0) / o.subtotal);
}

/**
 * Approves all or some lines: in the same transaction the request leaves `requested` (conditionally, see `move`) and the
 * approved units go back to their variants' stock, so stock comes back exactly once however often this is sent.
 */
export async function approve(ctx: ServiceContext, input: { id: number; items: { orderItemId: number; quantity: number }[]; note?: string }) {
  const row = await write(ctx, async (tx) => {
    const req = await move(tx, input.id, 'requested', { status: 'approved', adminNote: input.note?.trim() || null, decidedBy: ctx.userId ?? null, decidedAt: new Date() });
    const asked = await tx.select({ ri: returnItems, oi: orderItems }).from(returnItems).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, req.id));
    const byItem = new Map(asked.map((a) => [a.oi.id, a]));
    const approved: { ri: typeof returnItems.$inferSelect; item: ItemRow; quantity: number }[] = [];
    for (const line of input.items) {
      const a = byItem.get(line.orderItemId);
      if (!a) throw badRequest('این کالا در درخواست مرجوعی نیست', { items: 'این کالا در درخواست مرجوعی نیست' });
      if (line.quantity > a.ri.quantity) {
        const msg = `از «${a.oi.title}» ${toPersianDigits(a.ri.quantity)} عدد درخواست شده است؛ بیش از آن را نمی‌توانید تأیید کنید`;
        throw badRequest(msg, { items: msg });
      }
      approved.push({ ri: a.ri, item: a.oi, quantity: line.quantity });
    }
    // Product rows are locked in id order, as every other stock path does (no deadlock with a checkout).
    approved.sort((a, b) => a.item.productId - b.item.productId || a.item.id - b.item.id);
    const ids = [...new Set(approved.map((a) => a.item.productId))];
    if (ids.length) await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
    for (const a of approved) {
      await tx.update(returnItems).set({ approvedQuantity: a.quantity }).where(eq(returnItems.id, a.ri.id));
      await returnUnits(tx, { productId: a.item.productId, variantId: a.item.variantId, quantity: a.quantity });
      await tx.update(products).set({ soldCount: sql`greatest(${products.soldCount} - ${a.quantity}, 0)` }).where(eq(products.id, a.item.productId));
    }
    const o = await orderOf(tx, req.orderId);
    const [done] = await tx.update(returnRequests).set({ approvedAmount: shareOf(o, approved) }).where(eq(returnRequests.id, req.id)).returning();
    await enqueueReturnSms(tx, o, done!, 'approved');
    return done!;
  }, {
    retry: true, invalidates: true,
    audit: (r) => ({ action: 'return.approve', entity: 'return', id: r.id, data: { items: input.items, note: input.note ?? null, amount: r.approvedAmount } }),
  });
  return getAdmin(ctx.db, row.id);
}

export async function reject(ctx: ServiceContext, input: { id: number; note: string }) {
  const row = await write(ctx, async (tx) => {
    const req = await move(tx, input.id, 'requested', { status: 'rejected', adminNote: input.note.trim(), decidedBy: ctx.userId ?? null, decidedAt: new Date() });
    await enqueueReturnSms(tx, await orderOf(tx, req.orderId), req, 'rejected');
    return req;
  }, { audit: { action: 'return.reject', entity: 'return', id: input.id, data: { note: input.note } } });
  return getAdmin(ctx.db, row.id);
}

/** Records the money given back: at most what the order took, less the refunds already recorded on it. */
export async function refund(ctx: ServiceContext, input: { id: number; amount: number; method: RefundMethod; reference: string; refundedAt?: Date }) {
  const row = await write(ctx, async (tx) => {
    const req = await move(tx, input.id, 'approved', {
      status: 'refunded', refundAmount: input.amount, refundMethod: input.method, refundReference: input.reference.trim(),
      refundedAt: input.refundedAt ?? new Date(),
    });
    // Refunds of one order are recorded one at a time: its row is the lock.
    const [o] = await tx.select().from(orders).where(eq(orders.id, req.orderId)).for('update');
    const [other] = await tx.select({ sum: sql<number>`coalesce(sum(${returnRequests.refundAmount}), 0)::bigint` }).from(returnRequests)
      .where(and(eq(returnRequests.orderId, req.orderId), eq(returnRequests.status, 'refunded'), ne(returnRequests.id, req.id)));
    const room = o!.total - Number(other?.sum ?? 0);
    if (input.amount > room) {
      const msg = `مبلغ بازپرداخت بیش از مبلغ پرداخت‌شده سفارش است؛ حداکثر ${formatToman(Math.max(room, 0))}`;
      throw badRequest(msg, { amount: msg });
    }
    await enqueueReturnSms(tx, o!, req, 'refunded');
    return req;
  }, { audit: { action: 'return.refund', entity: 'return', id: input.id, data: { amount: input.amount, method: input.method, reference: input.reference } } });
  return getAdmin(ctx.db, row.id);
}

/**
 * Money refunded for returns, by refund date. Sales figures (the dashboard's) count orders by status; a delivered
 * order with a refunded return still counts whole there, so a report nets this out.
 */
export async function refundTotals(db: Db, q: { from?: Date; to?: Date }) {
  const conds: SQL[] = [eq(returnRequests.status, 'refunded')];
  if (q.from) conds.push(gte(returnRequests.refundedAt, q.from));
  if (q.to) conds.push(lte(returnRequests.refundedAt, q.to));
  const [row] = await db.select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${returnRequests.refundAmount}), 0)::bigint` })
    .from(returnRequests).where(and(...conds));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}

/** A private photo's key, for the shopper who asked (their own request only) or for an admin (`userId` undefined). */
export async function photoKey(db: Db, photoId: number, userId?: number): Promise<string> {
  const [row] = await db.select({ key: returnPhotos.key, userId: returnRequests.userId }).from(returnPhotos)
    .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.returnId)).where(eq(returnPhotos.id, photoId));
  if (!row || (userId !== undefined && row.userId !== userId)) throw notFound('عکس');
  return row.key;
}
