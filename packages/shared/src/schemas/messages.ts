import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { id, mobile } from './fields.js';

/* ---------- SMS templates (admin settings, never public) ---------- */

export const SMS_PLACEHOLDERS = ['name', 'order', 'total', 'tracking', 'amount', 'product', 'link'] as const;
/** A placeholder a message has no value for ({amount} in an order's SMS) renders empty. */
export type SmsValues = Partial<Record<(typeof SMS_PLACEHOLDERS)[number], string>>;
const KNOWN = new Set<string>(SMS_PLACEHOLDERS);
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders of a template the shop does not know (`{نام}`, `{price}`), in order. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !KNOWN.has(name));
}

/** Fills a template's placeholders; values are already formatted as the shopper reads them. */
export function renderSms(template: string, values: SmsValues): string {
  return template.replace(PLACEHOLDER, (all, name: string) => (KNOWN.has(name) ? values[name as keyof SmsValues] ?? '' : all)).trim();
}

const template = (title: string) => z.string({ error: `${title} باید متن باشد` })
  .trim().min(1, `${title} الزامی است`).max(500, `${title} باید حداکثر ۵۰۰ کاراکتر باشد`)
  .superRefine((v, ctx) => {
    for (const name of unknownPlaceholders(v)) {
      ctx.addIssue({ code: 'custom', message: `جای‌نگهدار «{${name}}» در ${title} شناخته نیست؛ فقط {name}، {order}، {total}، {tracking}، {amount}، {product} و {link} مجازند` });
    }
  });

/** One template per message: the shopper on paid (or a cash-on-delivery order placed), shipped, delivered, cancelled by the shop and refunded, the owner on a new paid or cash-on-delivery order; the returns' steps. */
export const SmsTemplatesSchema = z.object({
  shopperPaid: template('پیامک پرداخت سفارش'),
  shopperShipped: template('پیامک ارسال سفارش'),
  shopperShippedNoCode: template('پیامک ارسال سفارش بدون کد رهگیری'),
  shopperDelivered: template('پیامک تحویل سفارش'),
  shopperCancelled: template('پیامک لغو سفارش'),
  shopperRefunded: template('پیامک بازپرداخت سفارش'),
  ownerPaid: template('پیامک سفارش جدید به مدیر'),
  shopperCod: template('پیامک ثبت سفارش پرداخت در محل'),
  ownerCod: template('پیامک سفارش پرداخت در محل به مدیر'),
  returnRequested: template('پیامک ثبت درخواست مرجوعی'),
  returnApproved: template('پیامک تأیید مرجوعی'),
  returnRejected: template('پیامک رد مرجوعی'),
  returnRefunded: template('پیامک بازپرداخت مرجوعی'),
  ownerReturn: template('پیامک درخواست مرجوعی به مدیر'),
  backInStock: template('پیامک «موجود شد»'),
});
export type SmsTemplates = z.infer<typeof SmsTemplatesSchema>;
export const SMS_TEMPLATE_LABELS: Record<keyof SmsTemplates, string> = {
  shopperPaid: 'به خریدار، پس از پرداخت',
  shopperShipped: 'به خریدار، هنگام ارسال',
  shopperShippedNoCode: 'به خریدار، هنگام ارسال با پیک یا تحویل حضوری (بدون کد رهگیری)',
  shopperDelivered: 'به خریدار، پس از تحویل',
  shopperCancelled: 'به خریدار، وقتی فروشگاه سفارش پرداخت‌شده یا پرداخت در محل را لغو می‌کند',
  shopperRefunded: 'به خریدار، وقتی مبلغ کل سفارش بازپرداخت می‌شود',
  ownerPaid: 'به مدیر فروشگاه، برای هر سفارش پرداخت‌شده',
  shopperCod: 'به خریدار، پس از ثبت سفارش با پرداخت در محل',
  ownerCod: 'به مدیر فروشگاه، برای هر سفارش با پرداخت در محل',
  returnRequested: 'به خریدار، پس از ثبت درخواست مرجوعی',
  returnApproved: 'به خریدار، پس از تأیید مرجوعی',
  returnRejected: 'به خریدار، پس از رد مرجوعی',
  returnRefunded: 'به خریدار، پس از بازپرداخت ({amount}: مبلغ بازپرداخت)',
  ownerReturn: 'به مدیر فروشگاه، برای هر درخواست مرجوعی',
  backInStock: 'به خریداری که «موجود شد خبرم کن» زده، وقتی کالا دوباره موجود شد ({product}: نام کالا، {link}: نشانی آن)',
};

export const SmsSettingsSchema = z.object({
  /** Where the owner's messages go ('' : the shop's phone when it is a mobile, else none). */
  ownerMobile: z.string(),
  templates: SmsTemplatesSchema,
});
export type SmsSettings = z.infer<typeof SmsSettingsSchema>;
export const SmsSettingsUpdateSchema = z.object({
  ownerMobile: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), mobile('موبایل مدیر فروشگاه').nullable()).optional(),
  templates: SmsTemplatesSchema.partial().optional(),
});
export type SmsSettingsUpdate = z.infer<typeof SmsSettingsUpdateSchema>;

/* ---------- the job queue, as the admin sees it ---------- */

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'در صف', running: 'در حال ارسال', done: 'ارسال‌شده', failed: 'ناموفق',
};
export const JobSchema = z.object({
  id: z.number(), kind: z.string(), status: z.enum(JOB_STATUSES), statusLabel: z.string(),
  attempts: z.number(), maxAttempts: z.number(), runAt: z.string(), lastError: z.string().nullable(),
  createdAt: z.string(), finishedAt: z.string().nullable(),
  /** An SMS's recipient and text (null for other kinds). */
  to: z.string().nullable(), text: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobAdminQuerySchema = PagingQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(JOB_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
});
export const JobRetrySchema = z.object({ id: id('پیام') });
