import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { optionalId, optionalText } from './fields.js';
import { jalaliDay } from './order-desk.js';

/** The audit log's entities, as the owner reads them (entities not listed show as «سایر»). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  product: 'محصول', category: 'دسته‌بندی', attribute: 'ویژگی', brand: 'برند', gallery: 'گالری', order: 'سفارش',
  discount: 'کد تخفیف', slide: 'اسلاید و بنر', settings: 'تنظیمات', user: 'کاربر', job: 'پیامک',
  review: 'دیدگاه', question: 'پرسش', return: 'مرجوعی', shipping_method: 'روش ارسال',
};

/** The last part of an action code (`product.update` → «ویرایش»). */
export const AUDIT_VERB_LABELS: Record<string, string> = {
  create: 'ایجاد', update: 'ویرایش', delete: 'حذف', add: 'افزودن', duplicate: 'کپی', deactivate: 'غیرفعال‌سازی',
  status: 'تغییر وضعیت', late_payment: 'پرداخت دیرهنگام', duplicate_payment: 'پرداخت تکراری', retry: 'ارسال دوباره',
  sms: 'ویرایش پیامک‌ها', 'change-password': 'تغییر رمز عبور', 'reset-password': 'بازنشانی رمز عبور',
  publish: 'انتشار', off: 'تخفیف', rate: 'امتیاز',
  approve: 'تأیید', reject: 'رد', reply: 'پاسخ', answer: 'پاسخ', refund: 'بازپرداخت', tracking: 'کد رهگیری',
  paid_on_delivery: 'پرداخت در محل', hide: 'پنهان‌سازی', unpublish: 'لغو انتشار', import: 'ورود از فایل', price: 'تغییر قیمت',
  low_stock_threshold: 'آستانه کمبود موجودی',
};

/** The audit screen's filters. `from` and `to` are Jalali days (۱۴۰۵/۰۹/۰۱), both included, in Tehran time. */
export const AuditQuerySchema = PagingQuerySchema.extend({
  userId: optionalId('کاربر'),
  entity: optionalText('بخش', 50),
  from: jalaliDay('از تاریخ'),
  to: jalaliDay('تا تاریخ'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: '«تا تاریخ» نباید پیش از «از تاریخ» باشد', path: ['to'] });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  /** Who acted: the user's name or username; null for the system (payment, expiry). */
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().nullable(),
  data: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** What the filters offer: the users and entities that appear in the log. */
export const AuditFacetsSchema = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string() })),
  entities: z.array(z.string()),
});
