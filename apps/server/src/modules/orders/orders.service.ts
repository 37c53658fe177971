import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_RESERVATION_MINUTES, ORDER_STATUS_LABELS, ORDER_TRANSITIONS,
  type Checkout, type CheckoutResult, type Order, type OrderStatus, type PaymentResult, type StoreSettings,
} from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { addresses, orderItems, orders, payments, products, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ReadCache } from '../../lib/cache.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { clearCart, colourStockOf, findCartId, priceCart } from '../cart/cart.service.js';
import { checkPlace, createAddress, getAddress } from '../customers/customers.service.js';
import { getSettings } from '../content/content.service.js';
import { variantsOf } from '../media/media.service.js';
import type { PaymentGateway } from './payment.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export interface OrdersCtx {
  db: Db;
  cache: ReadCache;
  gateway: PaymentGateway;
  /** The store settings (cached by the caller; read before any transaction). */
  settings?: () => Promise<StoreSettings>;
}

export function toOrder(o: OrderRow, items: ItemRow[], withUser = false): Order {
  const status = o.status as OrderStatus;
  return {
    id: o.id, number: o.number, status, statusLabel: ORDER_STATUS_LABELS[status] ?? o.status,
    firstname: o.firstname, lastname: o.lastname, province: o.province, city: o.city, address: o.address,
    postalCode: o.postalCode, mobile: o.mobile, subtotal: o.subtotal, discount: o.discount, shippingFee: o.shippingFee,
    total: o.total, discountCode: o.discountCode, createdAt: o.createdAt.toISOString(), paidAt: o.paidAt?.toISOString() ?? null,
    reservedUntil: o.reservedUntil.toISOString(),
    items: items.map((i) => ({
      id: i.id, productId: i.productId, title: i.title, imageUri: i.imageUri, imageVariants: variantsOf(i.imageUri),
      option: i.option || null, unitPrice: i.unitPrice, quantity: i.quantity, lineTotal: i.lineTotal,
    })),
    ...(withUser ? { userId: o.userId } : {}),
  };
}

async function withItems(db: DbOrTx, rows: OrderRow[], withUser = false): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
  return rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [], withUser));
}

/** Adds `delta` to the stock of one colour, when the product's colour entries carry stock; false when it would go below 0. */
async function adjustColourStock(tx: DbOrTx, productId: number, option: string, delta: number): Promise<boolean> {
  if (!option) return true;
  const [p] = await tx.select({ attributes: products.attributes }).from(products).where(eq(products.id, productId)).for('update');
  if (!p || colourStockOf(p.attributes, option) === undefined) return true;
  let fits = true;
  const attributes = p.attributes.map((a) => a.colorObj ? {
    ...a,
    colorObj: a.colorObj.map((c) => {
      if (c.name !== option || typeof c.stock !== 'number') return c;
      if (c.stock + delta < 0) fits = false;
      return { ...c, stock: Math.max(0, c.stock + delta) };
    }),
  } : a);
  if (!fits) return false;
  await tx.update(products).set({ attributes }).where(eq(products.id, productId));
  return true;
}

/**
 * Puts an order's reserved units back and cancels it, exactly once (the stockReleased flag).
 * `from` lists the statuses it may be cancelled from.
 */
export async function releaseOrder(tx: DbOrTx, orderId: number, from: OrderStatus[]): Promise<boolean> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o || o.stockReleased || !from.includes(o.status as OrderStatus)) return false;
  await tx.update(orders).set({ status: 'cancelled', stockReleased: true, updatedAt: new Date() }).where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId));
  const wasPaid = o.status !== 'awaiting_payment';
  for (const i of items) {
    await tx.update(products).set({
      stock: sql`${products.stock} + ${i.quantity}`,
      ...(wasPaid ? { soldCount: sql`greatest(${products.soldCount} - ${i.quantity}, 0)` } : {}),
    }).where(eq(products.id, i.productId));
    await adjustColourStock(tx, i.productId, i.option, i.quantity);
  }
  if (o.discountCodeId) {
    await tx.execute(sql`update discount_codes set used_count = greatest(used_count - 1, 0) where id = ${o.discountCodeId}`);
  }
  return true;
}

/** Cancels unpaid orders whose 30-minute reservation ran out (a timer calls it, and so do reads). */
export async function expireDueOrders(db: Db, cache?: ReadCache): Promise<number> {
  const due = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.reservedUntil, new Date()))).limit(200);
  let n = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => releaseOrder(tx, id, ['awaiting_payment']))) n++;
  }
  if (n && cache) await cache.invalidate();
  return n;
}

const orderNumber = () => String(crypto.randomInt(10_000_000, 99_999_999));

/**
 * Creates the order in one transaction: stock is reserved by conditional updates
 * (`stock >= n`), so concurrent checkouts cannot oversell; then the payment starts.
 */
export async function checkout(ctx: OrdersCtx, userId: number, input: Checkout, callbackUrl: string): Promise<CheckoutResult> {
  if (input.address) checkPlace(input.address);
  const settings = ctx.settings ? await ctx.settings() : undefined;
  const order = await ctx.db.transaction(async (tx) => {
    // A new checkout replaces the shopper's earlier unpaid ones (their stock comes back first).
    const earlier = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));
    for (const e of earlier) await releaseOrder(tx, e.id, ['awaiting_payment']);

    const recipient = input.addressId ? await getAddress(tx, userId, input.addressId) : input.address!;
    const cart = await priceCart(tx, await findCartId(tx, { userId }), settings ?? await getSettings(tx));
    if (!cart.lines.length) throw badRequest('سبد خرید شما خالی است');
    if (cart.discountRow && cart.discountProblem) throw new AppError(400, 'DISCOUNT_INVALID', cart.discountProblem, { code: cart.discountProblem });

    const lines = [...cart.lines].sort((a, b) => a.productId - b.productId || a.id - b.id);
    for (const l of lines) {
      const label = `«${l.title}»${l.option ? ` (${l.option})` : ''}`;
      const [r] = await tx.update(products).set({ stock: sql`${products.stock} - ${l.quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, l.productId), eq(products.isDeleted, false), gte(products.stock, l.quantity)))
        .returning({ id: products.id });
      if (!r || !(await adjustColourStock(tx, l.productId, l.option ?? '', -l.quantity))) {
        throw new AppError(409, 'OUT_OF_STOCK', `موجودی ${label} کافی نیست؛ تعداد آن را در سبد خرید کم کنید`);
      }
    }
    if (cart.discountRow) {
      const used = await tx.execute(sql`update discount_codes set used_count = used_count + 1
        where id = ${cart.discountRow.id} and (usage_limit is null or used_count < usage_limit) returning id`);
      if (!(used as unknown as { rows: unknown[] }).rows.length) {
        throw new AppError(400, 'DISCOUNT_INVALID', `ظرفیت استفاده از کد تخفیف «${cart.discountRow.code}» تمام شده است`);
      }
    }
    const [row] = await tx.insert(orders).values({
      number: orderNumber(), userId, status: 'awaiting_payment',
      firstname: recipient.firstname, lastname: recipient.lastname, province: recipient.province, city: recipient.city,
      address: recipient.address, postalCode: recipient.postalCode, mobile: recipient.mobile,
      subtotal: cart.subtotal, discount: cart.discount, shippingFee: cart.shippingFee, total: cart.total,
      discountCodeId: cart.discountRow?.id ?? null, discountCode: cart.discountRow?.code ?? null,
      reservedUntil: new Date(Date.now() + ORDER_RESERVATION_MINUTES * 60_000),
    }).returning();
    await tx.insert(orderItems).values(lines.map((l) => ({
      orderId: row!.id, productId: l.productId, title: l.title, imageUri: l.imageUri, option: l.option ?? '',
      unitPrice: l.unitPrice, quantity: l.quantity, lineTotal: l.lineTotal,
    })));
    if (input.address && input.saveAddress !== false) {
      const saved = await tx.select({ id: addresses.id }).from(addresses).where(and(
        eq(addresses.userId, userId), eq(addresses.address, input.address.address), eq(addresses.postalCode, input.address.postalCode),
      ));
      if (!saved.length) await createAddress(tx, userId, input.address).catch(() => undefined);
    }
    return row!;
  });
  await ctx.cache.invalidate();
  // Zarinpal shows the buyer's mobile on its page; the fake gateway needs nothing more.
  const [u] = ctx.gateway.name === 'zarinpal' ? await ctx.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)) : [];
  const paymentUrl = await startPayment(ctx, order, callbackUrl, u?.mobile ?? undefined);
  return { orderId: order.id, number: order.number, total: order.total, paymentUrl };
}

/** Asks the gateway for a payment of the order's total; a gateway failure cancels the order and frees its stock. */
async function startPayment(ctx: OrdersCtx, order: OrderRow, callbackUrl: string, mobile?: string): Promise<string> {
  try {
    const started = await ctx.gateway.request({ amount: order.total, orderNumber: order.number, callbackUrl, mobile });
    await ctx.db.insert(payments).values({ orderId: order.id, provider: ctx.gateway.name, authority: started.authority, amount: order.total });
    return started.redirectUrl;
  } catch {
    await ctx.db.transaction((tx) => releaseOrder(tx, order.id, ['awaiting_payment']));
    await ctx.cache.invalidate();
    throw new AppError(502, 'GATEWAY_UNAVAILABLE', 'اتصال به درگاه پرداخت برقرار نشد؛ سفارش ثبت نشد، چند لحظه بعد دوباره تلاش کنید');
  }
}

/** Another try at paying a still-reserved order. */
export async function payAgain(ctx: OrdersCtx, userId: number, orderId: number, callbackUrl: string) {
  await expireDueOrders(ctx.db, ctx.cache);
  const [o] = await ctx.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) throw notFound('سفارش');
  if (o.status !== 'awaiting_payment') throw conflict('این سفارش در انتظار پرداخت نیست');
  return { paymentUrl: await startPayment(ctx, o, callbackUrl) };
}

/**
 * The gateway's callback. The amount always comes from the database; the order becomes paid
 * exactly once; a forged or replayed callback changes nothing and says why.
 */
export async function handleCallback(ctx: OrdersCtx, input: { authority?: string; status?: string; callerUserId?: number }):
  Promise<{ result: PaymentResult; number?: string; refId?: string }> {
  if (!input.authority) return { result: 'invalid' };
  const [p] = await ctx.db.select().from(payments).where(eq(payments.authority, input.authority));
  if (!p) return { result: 'invalid' };
  const [o] = await ctx.db.select().from(orders).where(eq(orders.id, p.orderId));
  if (!o) return { result: 'invalid' };
  const number = o.number;
  if (input.callerUserId !== undefined && input.callerUserId !== o.userId) return { result: 'not_yours' };
  if (p.status === 'paid' || ['paid', 'processing', 'shipped', 'delivered'].includes(o.status)) return { result: 'already_paid', number, refId: p.refId ?? undefined };
  if (o.status !== 'awaiting_payment') return { result: 'expired', number };
  if (o.reservedUntil < new Date()) {
    await expireDueOrders(ctx.db, ctx.cache);
    return { result: 'expired', number };
  }
  if (p.status !== 'pending') return { result: 'invalid', number };

  if ((input.status ?? '').toUpperCase() !== 'OK') {
    await ctx.db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed', verifiedAt: new Date() }).where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
      await releaseOrder(tx, o.id, ['awaiting_payment']);
    });
    await ctx.cache.invalidate();
    return { result: 'failed', number };
  }

  const verified = await ctx.gateway.verify({ authority: p.authority, amount: o.total });
  if (!verified.ok) return { result: 'invalid', number };

  const paid = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(orders).set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'awaiting_payment'))).returning({ id: orders.id });
    if (!row) return false;
    await tx.update(payments).set({ status: 'paid', refId: verified.refId ?? null, verifiedAt: new Date() }).where(eq(payments.id, p.id));
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.productId));
    for (const i of items) {
      await tx.update(products).set({ soldCount: sql`${products.soldCount} + ${i.quantity}` }).where(eq(products.id, i.productId));
    }
    await clearCart(tx, o.userId);
    return true;
  });
  if (!paid) return { result: 'already_paid', number };
  await ctx.cache.invalidate();
  return { result: 'paid', number, refId: verified.refId };
}

/* ---------- reads ---------- */
export async function listMine(db: Db, userId: number, page: number, pageSize: number) {
  await expireDueOrders(db);
  const where = eq(orders.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: await withItems(db, rows), page, pageSize, totalCount: Number(total?.n ?? 0) };
}

/** Someone else's order answers 404, the same as a missing one. */
export async function getMine(db: Db, userId: number, id: number) {
  await expireDueOrders(db);
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw notFound('سفارش');
  return (await withItems(db, [row]))[0]!;
}

export async function track(db: Db, number: string, mobile: string) {
  await expireDueOrders(db);
  const [row] = await db.select({ order: orders }).from(orders).innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.number, number.trim()), or(eq(orders.mobile, mobile), eq(users.mobile, mobile))));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'سفارشی با این شماره و موبایل پیدا نشد؛ شماره سفارش و موبایل را بررسی کنید');
  return (await withItems(db, [row.order]))[0]!;
}

export async function listAdmin(db: Db, q: { page: number; pageSize: number; status?: OrderStatus; from?: Date; to?: Date; search?: string }) {
  await expireDueOrders(db);
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.from) conds.push(gte(orders.createdAt, q.from));
  if (q.to) conds.push(lte(orders.createdAt, q.to));
  if (q.search) conds.push(or(eq(orders.number, q.search), eq(orders.mobile, q.search), sql`${orders.lastname} ilike ${`%${q.search.replace(/[%_\\]/g, '\\$&')}%`}`)!);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: await withItems(db, rows, true), page: q.page, pageSize: q.pageSize, totalCount: Number(total?.n ?? 0) };
}

export async function getAdmin(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('سفارش');
  return (await withItems(db, [row], true))[0]!;
}

/** The admin's workflow; cancelling returns the units to stock. Audit-logged. */
export async function setStatus(db: Db, cache: ReadCache, adminId: number | undefined, id: number, status: OrderStatus) {
  const changed = await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!o) throw notFound('سفارش');
    const from = o.status as OrderStatus;
    if (from === status) return false;
    if (!ORDER_TRANSITIONS[from]?.includes(status)) {
      throw conflict(`تغییر وضعیت سفارش از «${ORDER_STATUS_LABELS[from]}» به «${ORDER_STATUS_LABELS[status]}» مجاز نیست`);
    }
    if (status === 'cancelled') {
      if (!(await releaseOrder(tx, id, [from]))) await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
    } else {
      await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
    }
    await audit(tx, adminId, 'order.status', 'order', id, { from, to: status });
    return status === 'cancelled';
  });
  if (changed) await cache.invalidate();
  return getAdmin(db, id);
}

/** For the catalogue: a product that was ever ordered is hidden on delete, not removed. */
export async function wasOrdered(tx: DbOrTx, productId: number) {
  const [row] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, productId)).limit(1);
  return Boolean(row);
}

/* ---------- the built-in fake gateway's own bank ---------- */
export async function fakeGatewayPayment(db: Db, authority: string) {
  const [row] = await db.select({ payment: payments, number: orders.number, status: orders.status })
    .from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.authority, authority));
  return row;
}

export async function fakeGatewayDecide(db: Db, authority: string, decision: 'paid' | 'cancelled') {
  await db.update(payments).set({ gatewayState: decision, gatewayAmount: sql`${payments.amount}` })
    .where(and(eq(payments.authority, authority), eq(payments.provider, 'fake'), sql`${payments.gatewayState} is null`));
}
