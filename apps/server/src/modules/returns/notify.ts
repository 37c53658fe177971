import { formatToman, renderSms, toPersianDigits, type SmsTemplates } from '@sorkhab/shared';
import type { Tx } from '../../db/client.js';
import type { orders, returnRequests } from '../../db/schema/index.js';
import { getSettings } from '../content/content.service.js';
import { getSmsSettings, ownerMobileOf } from '../content/sms-settings.js';
import { enqueue } from '../jobs/queue.js';
import { SMS_JOB } from '../jobs/sms-job.js';

type Step = 'requested' | 'approved' | 'rejected' | 'refunded';
const TO_SHOPPER: Record<Step, keyof SmsTemplates> = {
  requested: 'returnRequested', approved: 'returnApproved', rejected: 'returnRejected', refunded: 'returnRefunded',
};

/**
 * Enqueues a return's SMS in the transaction that made the step (as orders/notify.ts does for statuses): to the
 * order's recipient at each step, to the owner on a new request. One job per request, step and recipient.
 */
export async function enqueueReturnSms(tx: Tx, order: typeof orders.$inferSelect, req: typeof returnRequests.$inferSelect, step: Step) {
  const sms = await getSmsSettings(tx);
  const values = {
    name: `${order.firstname} ${order.lastname}`.trim(), order: toPersianDigits(order.number), total: formatToman(order.total),
    amount: req.refundAmount !== null ? formatToman(req.refundAmount) : '',
  };
  await enqueue(tx, {
    kind: SMS_JOB, payload: { to: order.mobile, text: renderSms(sms.templates[TO_SHOPPER[step]], values) }, dedupeKey: `sms:return:${req.id}:${step}:shopper`,
  });
  const ownerMobile = step === 'requested' ? ownerMobileOf(sms, (await getSettings(tx)).phone) : undefined;
  if (ownerMobile) {
    await enqueue(tx, {
      kind: SMS_JOB, payload: { to: ownerMobile, text: renderSms(sms.templates.ownerReturn, values) }, dedupeKey: `sms:return:${req.id}:requested:owner`,
    });
  }
}
