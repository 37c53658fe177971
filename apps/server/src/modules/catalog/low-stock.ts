import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { toPersianDigits } from '@sorkhab/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { products, productVariants, settings } from '../../db/schema/index.js';
import { getSettings } from '../content/content.service.js';
import { getSmsSettings, ownerMobileOf } from '../content/sms-settings.js';
import { enqueue } from '../jobs/queue.js';
import { SMS_JOB } from '../jobs/sms-job.js';

/** Kept in `settings` under a key the public GET /Settings never returns. */
const THRESHOLD_KEY = 'lowStockThreshold';
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export async function getLowStockThreshold(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ json: sql<string>`${settings.value}::text` }).from(settings).where(eq(settings.key, THRESHOLD_KEY));
  const n = row ? Number(JSON.parse(row.json)) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_LOW_STOCK_THRESHOLD;
}

export async function setLowStockThreshold(tx: Tx, threshold: number) {
  await tx.insert(settings).values({ key: THRESHOLD_KEY, value: threshold, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value: threshold, updatedAt: new Date() } });
  // Variants now above the new threshold may alert again when they fall to it.
  await tx.update(productVariants).set({ lowStockAlerted: false })
    .where(and(eq(productVariants.lowStockAlerted, true), gt(productVariants.stock, threshold)));
}

/**
 * Called in the transaction that changed some variants' stock: `lowered` ones that reached the threshold alert the
 * owner by SMS (through the job queue) once — the `low_stock_alerted` flag is set by a conditional update on the
 * locked row, so one crossing is one message however many sales race — and `raised` ones above it are re-armed.
 */
export async function checkLowStock(tx: Tx, change: { lowered?: number[]; raised?: number[] }) {
  const lowered = change.lowered ?? [];
  const raised = change.raised ?? [];
  if (!lowered.length && !raised.length) return;
  const threshold = await getLowStockThreshold(tx);
  if (raised.length) {
    await tx.update(productVariants).set({ lowStockAlerted: false })
      .where(and(inArray(productVariants.id, raised), eq(productVariants.lowStockAlerted, true), gt(productVariants.stock, threshold)));
  }
  if (!lowered.length) return;
  const crossed = await tx.update(productVariants).set({ lowStockAlerted: true })
    .where(and(inArray(productVariants.id, lowered), eq(productVariants.isDeleted, false), eq(productVariants.lowStockAlerted, false),
      lte(productVariants.stock, threshold)))
    .returning({ id: productVariants.id, productId: productVariants.productId, label: productVariants.label, stock: productVariants.stock });
  if (!crossed.length) return;
  const to = ownerMobileOf(await getSmsSettings(tx), (await getSettings(tx)).phone);
  if (!to) return;
  const titles = new Map((await tx.select({ id: products.id, title: products.title }).from(products)
    .where(inArray(products.id, crossed.map((c) => c.productId)))).map((p) => [p.id, p.title]));
  for (const v of crossed) {
    const name = `${titles.get(v.productId) ?? ''}${v.label ? ` (${v.label})` : ''}`;
    const text = v.stock === 0 ? `موجودی «${name}» تمام شد.` : `موجودی «${name}» به ${toPersianDigits(v.stock)} عدد رسید.`;
    await enqueue(tx, { kind: SMS_JOB, payload: { to, text } });
  }
}
