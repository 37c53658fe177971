import { formatToman, renderSms, toPersianDigits, type OrderStatus, type SmsTemplates } from '@sorkhab/shared';
import type { Tx } from '../../db/client.js';
import type { orders } from '../../db/schema/index.js';
import { getSettings } from '../content/content.service.js';
import { getSmsSettings, ownerMobileOf } from '../content/sms-settings.js';
import { enqueue } from '../jobs/queue.js';
import { SMS_JOB } from '../jobs/sms-job.js';

const TO_SHOPPER: Partial<Record<OrderStatus, keyof SmsTemplates>> = {
  paid: 'shopperPaid', cod: 'shopperCod', shipped: 'shopperShipped', delivered: 'shopperDelivered', cancelled: 'shopperCancelled',
  refunded: 'shopperRefunded',
};
/** The owner hears of a new order to send: paid (or paid but out of stock and waiting for them), or cash on delivery. */
const TO_OWNER: Partial<Record<OrderStatus, keyof SmsTemplates>> = { paid: 'ownerPaid', paid_unfulfillable: 'ownerPaid', cod: 'ownerCod' };

/**
 * Enqueues the SMS of an order's new status in the transaction that changed it, rendered now (the message says what
 * was true when it happened). One job per order, status and recipient (the dedupe key), however often it is reached.
 * `from`: the status the order left (none for an order placed in `status`, as cash on delivery is).
 */
export async function enqueueStatusSms(tx: Tx, order: typeof orders.$inferSelect, status: OrderStatus, from?: OrderStatus) {
  // Shipped without a carrier's code (courier, pickup): the message that promises none. An order cancelled before it was
  // paid (its reservation lapsed, or the shopper left it) is no news to the shopper: only the shop's cancelling is told.
  const shopper = status === 'shipped' && !order.trackingCode ? 'shopperShippedNoCode'
    : status === 'cancelled' && from === 'awaiting_payment' ? undefined : TO_SHOPPER[status];
  const owner = TO_OWNER[status];
  if (!shopper && !owner) return;
  const sms = await getSmsSettings(tx);
  const values = {
    name: `${order.firstname} ${order.lastname}`.trim(), order: toPersianDigits(order.number), total: formatToman(order.total), tracking: order.trackingCode ?? '',
  };
  if (shopper) {
    await enqueue(tx, {
      kind: SMS_JOB, payload: { to: order.mobile, text: renderSms(sms.templates[shopper], values) }, dedupeKey: `sms:order:${order.id}:${status}:shopper`,
    });
  }
  const ownerMobile = owner ? ownerMobileOf(sms, (await getSettings(tx)).phone) : undefined;
  if (ownerMobile) {
    await enqueue(tx, {
      // One «new order» message per order: paid and paid-unfulfillable share the key (and COD has its own).
      kind: SMS_JOB, payload: { to: ownerMobile, text: renderSms(sms.templates[owner!], values) },
      dedupeKey: `sms:order:${order.id}:${status === 'cod' ? 'cod' : 'paid'}:owner`,
    });
  }
}
