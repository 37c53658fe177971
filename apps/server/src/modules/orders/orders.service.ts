import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  canTransition, ORDER_RESERVATION_MINUTES, ORDER_STATUS_LABELS, SOLD_ORDER_STATUSES,
  type Checkout, type CheckoutResult, type Order, type OrderActor, type OrderStatus, type PaymentResult, type PayOrderResult,
  type StoreSettings, toPersianDigits, trackingUrlOf,
} from '@sorkhab/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { addresses, cartItems, orderEvents, orderItems, orders, payments, products, returnRequests, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ReadCache } from '../../lib/cache.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { clearCart, findCartId, priceCart } from '../cart/cart.service.js';
import { returnUnits, takeUnits } from '../catalog/variant.service.js';
import { claimDiscountUse, retakeDiscountUse, returnDiscountUse } from '../cart/discount.service.js';
import { checkPlace, createAddress, getAddress } from '../customers/customers.service.js';
import { getSettings } from '../content/content.service.js';
import { variantsOf } from '../media/media.service.js';
import { chooseMethod } from '../shipping/shipping.service.js';
import { enqueueStatusSms } from './notify.js';
import type { PaymentGateway } from './payment.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;

/** The orders module's service context: the common one, the payment gateway and the settings. */
export interface OrdersCtx extends ServiceContext {
  gateway: PaymentGateway;
  /** The store settings (cached by the caller; read before any transaction). */
  settings?: () => Promise<StoreSettings>;
}

/** The payment that took an order's money, as the admin sees it: the gateway's reference and what it came through. */
interface TakenPayment { refId: string | null; provider: string }

function toOrder(o: OrderRow, items: ItemRow[], events: EventRow[], withUser = false, taken?: TakenPayment, returnsRefunded = 0): Order {
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
    shipping: o.shippingName ? { name: o.shippingName, carrier: (o.shippingCarrier as NonNullable<Order['shipping']>['carrier']) ?? null, estimate: o.shippingEstimate ?? '' } : null,
    trackingCode: o.trackingCode, trackingUrl: trackingUrlOf(o.shippingCarrier, o.trackingCode),
    paymentMethod: o.paymentMethod === 'cod' ? 'cod' : 'gateway',
    events: events.map((e) => ({
      kind: e.kind === 'paid' ? 'paid' : 'status', status: e.status as OrderStatus,
      label: e.kind === 'paid' ? 'پرداخت ثبت شد' : ORDER_STATUS_LABELS[e.status as OrderStatus] ?? e.status,
      at: e.at.toISOString(), note: withUser ? e.note : null,
    })),
    ...(withUser ? { userId: o.userId, paymentRefId: taken?.refId ?? null, paymentProvider: taken?.provider ?? null, returnsRefunded } : {}),
  };
}

async function withItems(db: DbOrTx, rows: OrderRow[], withUser = false): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
  const events = await db.select().from(orderEvents).where(inArray(orderEvents.orderId, rows.map((r) => r.id))).orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const eventsOf = new Map<number, EventRow[]>();
  for (const e of events) eventsOf.set(e.orderId, [...(eventsOf.get(e.orderId) ?? []), e]);
  // The admin sees the gateway's reference of the money taken (to refund a paid_unfulfillable order, say) and what it
  // came through (a test gateway's took none): the last payment that took it.
  const taken = new Map<number, TakenPayment>();
  if (withUser) {
    const rowsTaken = await db.select({ orderId: payments.orderId, refId: payments.refId, provider: payments.provider }).from(payments)
      .where(and(inArray(payments.orderId, rows.map((r) => r.id)), inArray(payments.status, ['paid', 'refunded']))).orderBy(asc(payments.id));
    for (const t of rowsTaken) taken.set(t.orderId, { refId: t.refId ?? taken.get(t.orderId)?.refId ?? null, provider: t.provider });
  }
  // And what its refunded returns gave back (the order's amounts say it beside the total), read from the shared schema
  // as the returns module reads the orders': neither module imports the other.
  const refunded = new Map<number, number>();
  if (withUser) {
    const sums = await db.select({ orderId: returnRequests.orderId, amount: sql<string>`coalesce(sum(${returnRequests.refundAmount}), 0)` }).from(returnRequests)
      .where(and(inArray(returnRequests.orderId, rows.map((r) => r.id)), eq(returnRequests.status, 'refunded'))).groupBy(returnRequests.orderId);
    for (const r of sums) refunded.set(r.orderId, Number(r.amount));
  }
  return rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [], eventsOf.get(r.id) ?? [], withUser, taken.get(r.id), refunded.get(r.id)));
}

/* ---------- the one way an order's status changes ---------- */

export type { OrderRow };
/** Statuses whose units count as sold (products.sold_count). */
const SOLD: ReadonlySet<OrderStatus> = new Set(SOLD_ORDER_STATUSES);
/** Statuses that hold their units out of stock (the others have them back: `stock_released`). */
const HOLDS_STOCK: ReadonlySet<OrderStatus> = new Set(['awaiting_payment', ...SOLD]);
/** A payment for one of these has been taken: another callback changes nothing. */
export const MONEY_TAKEN: ReadonlySet<OrderStatus> = new Set([...SOLD, 'paid_unfulfillable', 'refunded']);

interface TransitionOpts {
  actor: OrderActor;
  /** Why, in a word (kept in the audit log beside the actor for every change not made by an admin). */
  reason: string;
  adminId?: number;
  /** The admin's note, e.g. how a refund was made. */
  note?: string;
  /** The status the caller saw: if the order has moved since, nothing changes (409 for the admin). */
  expected?: OrderStatus;
  /** Applies only while the locked row still satisfies this (the sweep: the reservation ran out). */
  when?: (o: OrderRow) => boolean;
  /** The payment attempt this change settles: a verified one (→ paid) or one the shopper gave up (→ cancelled). */
  payment?: { id: number; status: 'paid' | 'failed'; refId?: string | null };
}
export interface Transitioned {
  changed: boolean;
  /** The status before, and the one it has now (a payment on a cancelled order may land on paid_unfulfillable). */
  from?: OrderStatus;
  to?: OrderStatus;
}

class OutOfStock extends Error {}

/** Sorted by product id, the order every path locks product rows in. */
const itemsOf = (tx: DbOrTx, orderId: number) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId), asc(orderItems.id));

/** Locks product rows in id order (checkout takes several orders' units at once; one lock order means no deadlock). */
async function lockProducts(tx: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length) await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique)).orderBy(asc(products.id)).for('update');
}

/** Gives an order's units (and its discount use) back. */
async function releaseStock(tx: Tx, o: OrderRow, items: ItemRow[]) {
  for (const i of items) {
    await returnUnits(tx, i);
  }
  if (o.discountCodeId) await returnDiscountUse(tx, o.discountCodeId);
}

/**
 * Takes an order's units again (conditional updates, all or nothing under a savepoint): false when
 * stock no longer allows. The discount use comes back unconditionally: the shopper paid that price.
 */
async function reserveStock(tx: DbOrTx, o: OrderRow, items: ItemRow[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      for (const i of items) {
        if (!(await takeUnits(sp, i))) throw new OutOfStock();
      }
    });
  } catch (err) {
    if (err instanceof OutOfStock) return false;
    throw err;
  }
  if (o.discountCodeId) await retakeDiscountUse(tx, o.discountCodeId);
  return true;
}

async function addSold(tx: DbOrTx, items: ItemRow[], sign: 1 | -1) {
  for (const i of items) {
    await tx.update(products).set({ soldCount: sql`greatest(${products.soldCount} + ${sign * i.quantity}, 0)` }).where(eq(products.id, i.productId));
  }
}

const transitionRefused = (from: OrderStatus, to: OrderStatus) =>
  conflict(`تغییر وضعیت سفارش از «${ORDER_STATUS_LABELS[from]}» به «${ORDER_STATUS_LABELS[to]}» مجاز نیست`);

/**
 * Every change of an order's status goes through here, inside the caller's transaction: the order row
 * is locked (SELECT … FOR UPDATE), the change is checked against ORDER_TRANSITION_TABLE for this actor,
 * and the side effects follow from the two statuses — units back or taken again (exactly once, by
 * `stock_released`), sold counts, the discount's use, the payment row, the cart, the audit log.
 * A change the table refuses throws 409 for the admin and is a no-op (`changed: false`) for the others.
 */
export async function transition(tx: Tx, orderId: number, to: OrderStatus, opts: TransitionOpts): Promise<Transitioned> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) {
    if (opts.actor === 'admin') throw notFound('سفارش');
    return { changed: false };
  }
  const from = o.status as OrderStatus;
  const admin = opts.actor === 'admin';
  if (opts.expected && opts.expected !== from) {
    if (admin) throw conflict(`وضعیت این سفارش در این فاصله به «${ORDER_STATUS_LABELS[from] ?? from}» تغییر کرده است؛ صفحه را تازه کنید`);
    return { changed: false, from, to: from };
  }
  if (from === to) return { changed: false, from, to: from };
  if (!canTransition(from, to, opts.actor) || (opts.when && !opts.when(o))) {
    if (admin) throw transitionRefused(from, to);
    return { changed: false, from, to: from };
  }

  const items = await itemsOf(tx, orderId);
  let target = to;
  let stockReleased = o.stockReleased;
  if (HOLDS_STOCK.has(target) && stockReleased) {
    if (await reserveStock(tx, o, items)) stockReleased = false;
    else if (admin) throw conflict('موجودی کالاهای این سفارش کافی نیست؛ پیش از تغییر وضعیت، موجودی را افزایش دهید');
    else if (canTransition(from, 'paid_unfulfillable', opts.actor)) target = 'paid_unfulfillable';
    else return { changed: false, from, to: from };
  } else if (!HOLDS_STOCK.has(target) && !stockReleased) {
    await releaseStock(tx, o, items);
    stockReleased = true;
  }
  if (SOLD.has(target) !== SOLD.has(from)) await addSold(tx, items, SOLD.has(target) ? 1 : -1);

  const now = new Date();
  const moneyIn = target === 'paid' || target === 'paid_unfulfillable';
  await tx.update(orders).set({ status: target, stockReleased, updatedAt: now, ...(moneyIn && !o.paidAt ? { paidAt: now } : {}), ...(target === 'delivered' ? { deliveredAt: now } : {}) })
    .where(eq(orders.id, orderId));

  if (opts.payment) {
    const p = opts.payment;
    await tx.update(payments).set(p.status === 'paid' ? { status: 'paid', refId: p.refId ?? null, verifiedAt: now } : { status: 'failed', verifiedAt: now })
      .where(p.status === 'paid' ? eq(payments.id, p.id) : and(eq(payments.id, p.id), eq(payments.status, 'pending')));
  }
  if (target === 'refunded') {
    await tx.update(payments).set({ status: 'refunded' }).where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
  }
  if (opts.actor === 'payment' && target === 'paid') await clearCart(tx, o.userId);
  await tx.insert(orderEvents).values({ orderId, status: target, actor: opts.actor, adminId: opts.adminId ?? null, note: opts.note ?? null, at: now });
  await enqueueStatusSms(tx, o, target, from);

  if (admin || opts.actor === 'manual') {
    await audit(tx, opts.adminId, 'order.status', 'order', orderId, { from, to: target, ...(opts.note ? { note: opts.note } : {}) });
  } else if (opts.actor === 'payment' && from !== 'awaiting_payment') {
    // Money confirmed after the order was cancelled: the admin can see how it was recovered.
    await audit(tx, null, 'order.late_payment', 'order', orderId, { from, to: target, refId: opts.payment?.refId ?? null });
  } else {
    // Checkout, payment, expiry and gateway failures leave the same trail as the admin, with who and why.
    await audit(tx, null, 'order.status', 'order', orderId, { from, to: target, actor: opts.actor, reason: opts.reason });
  }
  return { changed: true, from, to: target };
}

/** A status change that returns or takes units changes what the catalogue shows: the cache goes when it happened. */
export const whenChanged = (t: { changed: boolean }) => t.changed;

/** Cancels unpaid orders whose 30-minute reservation ran out (a timer calls it, and so do reads). */
export async function expireDueOrders(db: Db, cache: ReadCache, now: Date = new Date()): Promise<number> {
  const due = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.reservedUntil, now))).limit(200);
  let n = 0;
  for (const { id } of due) {
    const t = await write({ db, cache }, (tx) => transition(tx, id, 'cancelled', {
      actor: 'expiry', reason: 'reservation_expired', when: (o) => o.reservedUntil < now,
    }), { retry: true, invalidates: whenChanged });
    if (t.changed) n++;
  }
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
  const order = await write(ctx, async (tx) => {
    // A new checkout replaces the shopper's earlier unpaid ones (their stock comes back first). Locks are
    // taken orders first, then products by id, as on every other path.
    const earlier = await tx.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment'))).orderBy(asc(orders.id)).for('update');
    const cartId = await findCartId(tx, { userId });
    await lockProducts(tx, [
      ...(earlier.length ? (await tx.select({ id: orderItems.productId }).from(orderItems).where(inArray(orderItems.orderId, earlier.map((e) => e.id)))).map((r) => r.id) : []),
      ...(cartId ? (await tx.select({ id: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, cartId))).map((r) => r.id) : []),
    ]);
    for (const e of earlier) await transition(tx, e.id, 'cancelled', { actor: 'shopper', reason: 'replaced_by_checkout' });

    const recipient = input.addressId ? await getAddress(tx, userId, input.addressId) : input.address!;
    const s = settings ?? await getSettings(tx);
    const cart = await priceCart(tx, cartId, s);
    if (!cart.lines.length) throw badRequest('سبد خرید شما خالی است');
    if (cart.discountRow && cart.discountProblem) throw new AppError(400, 'DISCOUNT_INVALID', cart.discountProblem, { code: cart.discountProblem });

    const cod = input.paymentMethod === 'cod';
    if (cod && !s.codEnabled) throw badRequest('پرداخت در محل در این فروشگاه فعال نیست؛ پرداخت اینترنتی را انتخاب کنید', { paymentMethod: 'پرداخت در محل فعال نیست' });
    // The fee is the server's own, from the method, the address and the cart: whatever the page showed is not asked.
    const ship = await chooseMethod(tx, cart, recipient, s, input.shippingMethodId);
    const payable = cart.subtotal - cart.discount;

    const lines = [...cart.lines].sort((a, b) => a.productId - b.productId || a.id - b.id);
    for (const l of lines) {
      const label = `«${l.title}»${l.option ? ` (${l.option})` : ''}`;
      // What the cart page says of the line (features/cart/limits.ts): none left — sold out, or no longer sold (its
      // product or option deleted or made a draft) — is taken out of the cart, not lowered.
      if (l.stock <= 0) throw new AppError(409, 'OUT_OF_STOCK', `${label} ناموجود است؛ آن را از سبد خرید بردارید`);
      if (l.stock < l.quantity || !(await takeUnits(tx, l))) {
        throw new AppError(409, 'OUT_OF_STOCK', `موجودی ${label} کافی نیست؛ فقط ${toPersianDigits(l.stock)} عدد موجود است، تعداد آن را در سبد خرید کم کنید`);
      }
    }
    if (cart.discountRow) await claimDiscountUse(tx, cart.discountRow);
    const [row] = await tx.insert(orders).values({
      number: orderNumber(), userId, status: cod ? 'cod' : 'awaiting_payment', paymentMethod: cod ? 'cod' : 'gateway',
      shippingMethodId: ship.id, shippingName: ship.name, shippingCarrier: ship.carrier, shippingEstimate: ship.estimate,
      firstname: recipient.firstname, lastname: recipient.lastname, province: recipient.province, city: recipient.city,
      address: recipient.address, postalCode: recipient.postalCode, mobile: recipient.mobile,
      subtotal: cart.subtotal, discount: cart.discount, shippingFee: ship.fee, total: payable + ship.fee,
      discountCodeId: cart.discountRow?.id ?? null, discountCode: cart.discountRow?.code ?? null,
      reservedUntil: new Date(Date.now() + ORDER_RESERVATION_MINUTES * 60_000),
    }).returning();
    await tx.insert(orderItems).values(lines.map((l) => ({
      orderId: row!.id, productId: l.productId, variantId: l.variantId, title: l.title, imageUri: l.imageUri, option: l.option ?? '',
      unitPrice: l.unitPrice, quantity: l.quantity, lineTotal: l.lineTotal,
    })));
    if (input.address && input.saveAddress !== false) {
      const saved = await tx.select({ id: addresses.id }).from(addresses).where(and(
        eq(addresses.userId, userId), eq(addresses.address, input.address.address), eq(addresses.postalCode, input.address.postalCode),
      ));
      if (!saved.length) await createAddress(tx, userId, input.address).catch(() => undefined);
    }
    await tx.insert(orderEvents).values({ orderId: row!.id, status: row!.status, actor: 'shopper' });
    if (cod) {
      // Cash on delivery: no gateway; the units stay taken (as for a paid order) and the cart is done; the shopper is
      // told the order is placed and the owner that one waits to be sent.
      await addSold(tx, await itemsOf(tx, row!.id), 1);
      await clearCart(tx, userId);
      await enqueueStatusSms(tx, row!, 'cod');
    }
    return row!;
  }, { retry: true, invalidates: true });
  if (order.status === 'cod') return { orderId: order.id, number: order.number, total: order.total, paymentUrl: `/profile/order/${order.id}` };
  // Zarinpal shows the buyer's mobile on its page; the fake gateway needs nothing more.
  const [u] = ctx.gateway.name !== 'fake' ? await ctx.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)) : [];
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
    await write(ctx, (tx) => transition(tx, order.id, 'cancelled', { actor: 'system', reason: 'gateway_unavailable' }), { retry: true, invalidates: true });
    throw new AppError(502, 'GATEWAY_UNAVAILABLE', 'اتصال به درگاه پرداخت برقرار نشد؛ سفارش ثبت نشد، چند لحظه بعد دوباره تلاش کنید');
  }
}

/** Another try at paying a still-reserved order. */
export async function payAgain(ctx: OrdersCtx, userId: number, orderId: number, callbackUrl: string): Promise<PayOrderResult> {
  await expireDueOrders(ctx.db, ctx.cache);
  const [o] = await ctx.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) throw notFound('سفارش');
  if (o.status !== 'awaiting_payment') throw conflict('این سفارش در انتظار پرداخت نیست');
  return { paymentUrl: await startPayment(ctx, o, callbackUrl) };
}

/** What a callback for an order whose money is already in says, without asking the gateway again. */
function settledResult(o: OrderRow, p: PaymentRow): { result: PaymentResult; number: string; refId?: string } | undefined {
  const refId = p.refId ?? undefined;
  if (o.status === 'paid_unfulfillable') return { result: 'paid_unfulfillable', number: o.number, refId };
  if (p.status === 'paid' || p.status === 'refunded' || MONEY_TAKEN.has(o.status as OrderStatus)) return { result: 'already_paid', number: o.number, refId };
  return undefined;
}

/**
 * The gateway's callback. The amount always comes from the database. Only an order still awaiting
 * payment is verified (an unverified payment is returned by the gateway); once the gateway confirms the
 * money, it is recorded whatever happened meanwhile: under the order's row lock the order becomes paid,
 * or — cancelled in between by a newer checkout, the sweep or the admin — takes its units again, or
 * waits for the admin as paid_unfulfillable when they are gone. Two callbacks at once: the first to
 * lock records the payment, the other answers already_paid. A forged or replayed callback, a `Status=NOK`
 * from anyone but the order's shopper, or another shopper's callback changes nothing and says why.
 */
/** The authority of a payment recorded by hand (fulfilment.ts's `markPaid`): unique per order, never a gateway's. */
const MANUAL = 'manual:';
export const manualAuthority = (orderId: number) => `${MANUAL}${orderId}`;

export async function handleCallback(ctx: OrdersCtx, input: { authority?: string; status?: string; callerUserId?: number }):
  Promise<{ result: PaymentResult; number?: string; refId?: string }> {
  // A payment recorded by hand never came through the gateway, and its authority is the order's id, which anyone can
  // guess: the callback knows it not (it answered the order's number to whoever walked the ids).
  if (!input.authority || input.authority.startsWith(MANUAL)) return { result: 'invalid' };
  const [p] = await ctx.db.select().from(payments).where(eq(payments.authority, input.authority));
  if (!p) return { result: 'invalid' };
  const [o] = await ctx.db.select().from(orders).where(eq(orders.id, p.orderId));
  if (!o) return { result: 'invalid' };
  const number = o.number;
  if (input.callerUserId !== undefined && input.callerUserId !== o.userId) return { result: 'not_yours' };
  const settled = settledResult(o, p);
  if (settled) return settled;
  if (o.status !== 'awaiting_payment') return { result: 'expired', number };
  if (p.status !== 'pending') return { result: 'invalid', number };
  if (o.reservedUntil < new Date()) {
    await expireDueOrders(ctx.db, ctx.cache);
    return { result: 'expired', number };
  }

  if ((input.status ?? '').toUpperCase() !== 'OK') {
    // Only the order's own shopper gives up its payment; anyone else's NOK (no session) changes nothing.
    if (input.callerUserId !== o.userId) return { result: 'not_yours', number };
    const t = await write(ctx, (tx) => transition(tx, o.id, 'cancelled', {
      actor: 'shopper', reason: 'payment_failed', expected: 'awaiting_payment', payment: { id: p.id, status: 'failed' },
    }), { retry: true, invalidates: whenChanged });
    if (t.changed) return { result: 'failed', number };
    return { result: t.to && MONEY_TAKEN.has(t.to) ? 'already_paid' : 'expired', number };
  }

  const verified = await ctx.gateway.verify({ authority: p.authority, amount: o.total });
  if (!verified.ok) return { result: 'invalid', number };
  const refId = verified.refId ?? null;

  const out = await write(ctx, async (tx): Promise<{ result: PaymentResult; changed: boolean }> => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
    const [pay] = await tx.select().from(payments).where(eq(payments.id, p.id));
    if (!locked || !pay) return { result: 'invalid', changed: false };
    const already = settledResult(locked, pay);
    if (pay.status === 'paid' || pay.status === 'refunded') return { result: already!.result, changed: false };
    if (already) {
      // Paid meanwhile through another attempt: this money was taken too; keep its trace for a refund.
      await tx.update(payments).set({ status: 'paid', refId, verifiedAt: new Date() }).where(eq(payments.id, p.id));
      await audit(tx, null, 'order.duplicate_payment', 'order', o.id, { paymentId: p.id, refId });
      return { result: already.result, changed: false };
    }
    const t = await transition(tx, o.id, 'paid', { actor: 'payment', reason: 'payment_verified', payment: { id: p.id, status: 'paid', refId } });
    if (!t.changed) return { result: 'invalid', changed: false };
    return { result: t.to === 'paid' ? 'paid' : 'paid_unfulfillable', changed: true };
  }, { retry: true, invalidates: whenChanged });
  if (out.result === 'invalid') return { result: 'invalid', number };
  return { result: out.result, number, refId: refId ?? undefined };
}

/* ---------- reads ---------- */
/** Reads first cancel what ran out: the freed units must reach the catalogue's cache on every copy. */
type OrderReads = Pick<ServiceContext, 'db' | 'cache'>;

export async function listMine({ db, cache }: OrderReads, userId: number, page: number, pageSize: number) {
  await expireDueOrders(db, cache);
  const where = eq(orders.userId, userId);
  return pageOf(db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), db.$count(orders, where), { page, pageSize },
    (rows) => withItems(db, rows));
}

/** Someone else's order answers 404, the same as a missing one. */
export async function getMine({ db, cache }: OrderReads, userId: number, id: number) {
  await expireDueOrders(db, cache);
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw notFound('سفارش');
  return (await withItems(db, [row]))[0]!;
}

export async function track({ db, cache }: OrderReads, number: string, mobile: string) {
  await expireDueOrders(db, cache);
  const [row] = await db.select({ order: orders }).from(orders).innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.number, number.trim()), or(eq(orders.mobile, mobile), eq(users.mobile, mobile))));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'سفارشی با این شماره و موبایل پیدا نشد؛ شماره سفارش و موبایل را بررسی کنید');
  return (await withItems(db, [row.order]))[0]!;
}

export async function listAdmin({ db, cache }: OrderReads, q: { page: number; pageSize: number; status?: OrderStatus; from?: Date; to?: Date; search?: string }) {
  await expireDueOrders(db, cache);
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.from) conds.push(gte(orders.createdAt, q.from));
  if (q.to) conds.push(lte(orders.createdAt, q.to));
  if (q.search) conds.push(or(eq(orders.number, q.search), eq(orders.mobile, q.search), sql`${orders.lastname} ilike ${`%${q.search.replace(/[%_\\]/g, '\\$&')}%`}`)!);
  const where = conds.length ? and(...conds) : undefined;
  return pageOf(db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), db.$count(orders, where), q,
    (rows) => withItems(db, rows, true));
}

/** Orders as the admin reads them (items, user, the payment's reference). */
export const getAdminMany = (db: Db, rows: OrderRow[]) => withItems(db, rows, true);

export async function getAdmin(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('سفارش');
  return (await withItems(db, [row], true))[0]!;
}

/**
 * The admin's workflow (ORDER_TRANSITIONS); cancelling returns the units to stock, a paid_unfulfillable
 * order goes to refunded (the note says how) or back to paid when its units can be taken again. Only an order whose
 * money was taken (`paid_at`) is refunded: a cancelled order that was never paid has nothing to give back.
 * `expected` is the status the admin saw: an order that moved meanwhile (paid, say) is left alone (409).
 */
export async function setStatus(db: Db, cache: ReadCache, adminId: number | undefined, id: number, status: OrderStatus,
  opts: { expected?: OrderStatus; note?: string } = {}) {
  await write({ db, cache, userId: adminId }, (tx) => transition(tx, id, status, {
    actor: 'admin', reason: 'admin', adminId, expected: opts.expected, note: opts.note,
    when: status === 'refunded' ? (o) => o.paidAt !== null : undefined,
  }), { retry: true, invalidates: whenChanged });
  return getAdmin(db, id);
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
