import { inArray, sql } from 'drizzle-orm';
import { mobile, type SmsSettings, type SmsSettingsUpdate, type SmsTemplates } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';

const DEFAULT_SMS_TEMPLATES: SmsTemplates = {
  shopperPaid: '{name} عزیز، سفارش {order} به مبلغ {total} پرداخت شد و به‌زودی آماده ارسال می‌شود. سپاس از خرید شما.',
  // {tracking}: the carrier's code the owner entered when shipping (without one, shopperShippedNoCode is sent).
  shopperShipped: '{name} عزیز، سفارش {order} ارسال شد. کد رهگیری مرسوله: {tracking}',
  // A courier or pickup order has no carrier's code: the message does not promise one.
  shopperShippedNoCode: '{name} عزیز، سفارش {order} ارسال شد و به‌زودی به دستتان می‌رسد.',
  shopperDelivered: '{name} عزیز، سفارش {order} تحویل داده شد. امیدواریم از خرید خود راضی باشید.',
  // Only an order the shopper had committed to (paid, or cash on delivery): an unpaid one that lapses sends nothing.
  shopperCancelled: '{name} عزیز، سفارش {order} لغو شد. اگر مبلغی پرداخت کرده‌اید، به شما بازپرداخت می‌شود؛ برای پرسش با فروشگاه تماس بگیرید.',
  shopperRefunded: '{name} عزیز، مبلغ {total} سفارش {order} به شما بازپرداخت شد.',
  ownerPaid: 'سفارش جدید {order} به مبلغ {total} از {name} پرداخت شد.',
  shopperCod: '{name} عزیز، سفارش {order} به مبلغ {total} ثبت شد؛ مبلغ را هنگام تحویل بپردازید. سپاس از خرید شما.',
  ownerCod: 'سفارش جدید {order} به مبلغ {total} از {name} با پرداخت در محل ثبت شد؛ آماده ارسال است.',
  returnRequested: '{name} عزیز، درخواست مرجوعی سفارش {order} ثبت شد و به‌زودی بررسی می‌شود.',
  returnApproved: '{name} عزیز، درخواست مرجوعی سفارش {order} تأیید شد؛ مبلغ آن به‌زودی به شما بازپرداخت می‌شود.',
  returnRejected: '{name} عزیز، درخواست مرجوعی سفارش {order} پذیرفته نشد؛ دلیل آن را در بخش سفارش‌های حساب خود ببینید.',
  returnRefunded: '{name} عزیز، مبلغ {amount} بابت مرجوعی سفارش {order} به شما بازپرداخت شد.',
  ownerReturn: 'درخواست مرجوعی جدید برای سفارش {order} از {name} ثبت شد.',
  backInStock: '{name} عزیز، «{product}» که منتظرش بودید موجود شد: {link}',
};

/** Kept in `settings` under keys the public GET /Settings never returns (getSettings knows only its own keys). */
const KEYS = { templates: 'smsTemplates', ownerMobile: 'smsOwnerMobile' } as const;

export async function getSmsSettings(db: DbOrTx): Promise<SmsSettings> {
  const rows = await db.select({ key: settings.key, json: sql<string>`${settings.value}::text` }).from(settings)
    .where(inArray(settings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.json) as unknown]));
  const templates = { ...DEFAULT_SMS_TEMPLATES, ...(stored.get(KEYS.templates) as Partial<SmsTemplates> | undefined) };
  return { ownerMobile: (stored.get(KEYS.ownerMobile) as string | undefined) ?? '', templates };
}

/** Where the owner's SMS go: the owner mobile, else the shop's phone when it is a mobile number, else nowhere. */
export function ownerMobileOf(sms: SmsSettings, shopPhone: string): string | undefined {
  if (sms.ownerMobile) return sms.ownerMobile;
  const phone = mobile().safeParse(shopPhone);
  return phone.success ? phone.data : undefined;
}

export async function updateSmsSettings(ctx: ServiceContext, input: SmsSettingsUpdate): Promise<SmsSettings> {
  await write(ctx, async (tx) => {
    const current = await getSmsSettings(tx);
    const values: [string, unknown][] = [];
    if (input.templates) values.push([KEYS.templates, { ...current.templates, ...input.templates }]);
    if (input.ownerMobile !== undefined) values.push([KEYS.ownerMobile, input.ownerMobile ?? '']);
    for (const [key, value] of values) {
      await tx.insert(settings).values({ key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
  }, { audit: { action: 'settings.sms', entity: 'settings', id: null, data: input } });
  return getSmsSettings(ctx.db);
}
