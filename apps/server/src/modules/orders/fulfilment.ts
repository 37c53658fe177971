import { and, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@sorkhab/shared';
import type { Tx } from '../../db/client.js';
import { orderEvents, orders, payments } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { getAdmin, manualAuthority, MONEY_TAKEN, transition, whenChanged } from './orders.service.js';

/** Carriers whose parcels have a tracking code the shopper can look up. */
const TRACKED = new Set(['post', 'tipax']);

async function lockOrder(tx: Tx, id: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!o) throw notFound('سفارش');
  return o;
}

/**
 * The owner ships a processing order: the tracking code (required for post and tipax) is stored before the status
 * changes in the same transaction, so the shipped SMS (enqueued by `transition`) carries it. On an order already
 * shipped, only the code is corrected (no second SMS).
 */
export async function shipOrder(ctx: ServiceContext, adminId: number | undefined, id: number, trackingCode?: string) {
  await write(ctx, async (tx) => {
    const o = await lockOrder(tx, id);
    if (!trackingCode && o.shippingCarrier && TRACKED.has(o.shippingCarrier)) {
      const message = `کد رهگیری مرسوله ${o.shippingName ?? ''} را وارد کنید`.replace(/\s+/g, ' ');
      throw badRequest(message, { trackingCode: message });
    }
    if (trackingCode && o.shippingCarrier && TRACKED.has(o.shippingCarrier) && !/^\d+$/.test(trackingCode)) {
      const message = 'کد رهگیری پست و تیپاکس فقط از رقم تشکیل می‌شود';
      throw badRequest(message, { trackingCode: message });
    }
    if (trackingCode) await tx.update(orders).set({ trackingCode, updatedAt: new Date() }).where(eq(orders.id, id));
    if (o.status === 'shipped') {
      await audit(tx, adminId, 'order.tracking', 'order', id, { trackingCode: trackingCode ?? null });
      return { changed: false };
    }
    return transition(tx, id, 'shipped', {
      actor: 'admin', reason: 'admin', adminId, expected: o.status as OrderStatus, note: trackingCode ? `کد رهگیری: ${trackingCode}` : undefined,
    });
  }, { retry: true, invalidates: whenChanged });
  return getAdmin(ctx.db, id);
}

/**
 * A payment made outside the gateway, recorded once (decision 021): an order awaiting payment (a card-to-card
 * transfer) becomes paid through `transition`, taking nothing twice; a cash-on-delivery order keeps its status and
 * gets its `paid_at`. Under the order's row lock, a second click or a gateway callback that got there first finds
 * the money in and answers 409; the payment row's unique authority (`manual:<order id>`) is the second guard.
 */
export async function markPaid(ctx: ServiceContext, adminId: number | undefined, id: number, note: string) {
  await write(ctx, async (tx) => {
    const o = await lockOrder(tx, id);
    const status = o.status as OrderStatus;
    const record = (provider: string) => tx.insert(payments).values({
      orderId: id, provider, authority: manualAuthority(id), amount: o.total, status: 'paid', verifiedAt: new Date(),
    });
    if (status === 'awaiting_payment') {
      await record('manual');
      return transition(tx, id, 'paid', { actor: 'manual', reason: 'manual_payment', adminId, note, expected: 'awaiting_payment' });
    }
    if (o.paymentMethod === 'cod' && !o.paidAt && status !== 'cancelled') {
      await record('cod');
      const now = new Date();
      await tx.update(orders).set({ paidAt: now, updatedAt: now }).where(and(eq(orders.id, id), isNull(orders.paidAt)));
      await tx.insert(orderEvents).values({ orderId: id, kind: 'paid', status, actor: 'manual', adminId: adminId ?? null, note, at: now });
      await audit(tx, adminId, 'order.paid_on_delivery', 'order', id, { note });
      return { changed: false };
    }
    if (o.paidAt || MONEY_TAKEN.has(status)) throw conflict('پرداخت این سفارش پیش‌تر ثبت شده است');
    throw conflict(`سفارش «${ORDER_STATUS_LABELS[status] ?? status}» را نمی‌توان پرداخت‌شده ثبت کرد`);
  }, { retry: true, invalidates: whenChanged });
  return getAdmin(ctx.db, id);
}
