import { inArray, sql } from 'drizzle-orm';
import { renderSms } from '@sorkhab/shared';
import { rowsOf, type Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { getSmsSettings } from '../content/sms-settings.js';
import { enqueue } from '../jobs/queue.js';
import { SMS_JOB } from '../jobs/sms-job.js';


/**
 * «موجود شد خبرم کن» (decision 026). Called in every transaction that may have raised the stock of these products'
 * variants (`syncVariants`: the admin's form and variant table, CSV import; `returnUnits`: an expired or cancelled
 * order, an approved return; a bulk publish). A wait is only ever taken while its product or variant is out of stock,
 * so every waiting row whose product or variant now has stock is due: it turns `notified` by a conditional update (of
 * two transactions at once, one takes it) and enqueues its one SMS, keyed by the wait, in the same transaction.
 */
export async function notifyRestocked(tx: Tx, productIds: number[]) {
  if (!productIds.length) return;
  const ids = sql.join(productIds.map((id) => sql`${id}`), sql`, `);
  const due = rowsOf<{ id: number; user_id: number; link: string; title: string; label: string | null }>(await tx.execute(sql`
    update stock_subscriptions s set status = 'notified', notified_at = now()
    from products p left join product_variants v on v.product_id = p.id and not v.is_deleted and v.stock > 0
    where s.product_id in (${ids}) and s.status = 'waiting' and p.id = s.product_id and not p.is_deleted and not p.is_draft
      and (s.variant_id is null and p.stock > 0 or s.variant_id = v.id)
    returning s.id, s.user_id, s.link, p.title, (select label from product_variants where id = s.variant_id) as label`));
  if (!due.length) return;
  const template = (await getSmsSettings(tx)).templates.backInStock;
  const shoppers = new Map((await tx.select({ id: users.id, mobile: users.mobile, firstname: users.firstname }).from(users)
    .where(inArray(users.id, [...new Set(due.map((d) => d.user_id))]))).map((u) => [u.id, u]));
  for (const d of due) {
    const to = shoppers.get(d.user_id)?.mobile;
    if (!to) continue;
    const product = d.label ? `${d.title} (${d.label})` : d.title;
    const text = renderSms(template, { name: shoppers.get(d.user_id)?.firstname.trim() || 'مشتری', product, link: d.link });
    await enqueue(tx, { kind: SMS_JOB, payload: { to, text }, dedupeKey: `sms:restock:${d.id}` });
  }
}
