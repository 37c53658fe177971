import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { id, int, optionalInstant, optionalText, text } from './fields.js';

/* ---------- returns (issue 13): a shopper's request to send back items of a delivered order ---------- */

export const RETURN_REASONS = ['damaged', 'wrong_item', 'expired', 'sealed_changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'آسیب‌دیده',
  wrong_item: 'کالای اشتباه',
  expired: 'تاریخ گذشته',
  sealed_changed_mind: 'پلمب باز نشده / انصراف از خرید',
  other: 'سایر',
};

/** requested → approved → refunded, or requested → rejected. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'در حال بررسی',
  approved: 'تأییدشده، در انتظار بازپرداخت',
  rejected: 'ردشده',
  refunded: 'بازپرداخت‌شده',
};

export const REFUND_METHODS = ['card_to_card', 'gateway'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = { card_to_card: 'کارت به کارت', gateway: 'بازگشت از درگاه پرداخت' };

/** Photos a shopper may attach to one request. */
export const RETURN_MAX_PHOTOS = 3;

/** A form sends its lines as JSON text (`[{"orderItemId":1,"quantity":2}]`); JSON callers send the array. */
const jsonArray = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const LineSchema = z.object({ orderItemId: id('کالا'), quantity: int('تعداد', { min: 1, max: 1000 }) });
const lines = (title: string) => z.preprocess(jsonArray, z.array(LineSchema, { error: `${title} را انتخاب کنید` })
  .min(1, `دست‌کم یک کالا را برای مرجوعی انتخاب کنید`).max(100, `${title} بیش از حد است`)
  .refine((ls) => new Set(ls.map((l) => l.orderItemId)).size === ls.length, 'هر کالا را یک بار انتخاب کنید')).meta({ title });

export const ReturnCreateSchema = z.object({
  orderId: id('سفارش'),
  items: lines('کالاهای مرجوعی'),
  reason: z.enum(RETURN_REASONS, { error: 'دلیل مرجوعی را از فهرست انتخاب کنید' }),
  reasonText: optionalText('دلیل دیگر', 200),
  description: optionalText('توضیحات', 1000),
}).refine((d) => d.reason !== 'other' || !!d.reasonText?.trim(), { message: 'دلیل دیگر را بنویسید', path: ['reasonText'] });
export type ReturnCreate = z.infer<typeof ReturnCreateSchema>;

export const ReturnItemSchema = z.object({
  id: z.number(), orderItemId: z.number(), title: z.string(), option: z.string().nullable(), imageUri: z.string().nullable(),
  unitPrice: z.number(), quantity: z.number(), approvedQuantity: z.number(),
});
export const ReturnRequestSchema = z.object({
  id: z.number(), orderId: z.number(), orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES), statusLabel: z.string(),
  reason: z.enum(RETURN_REASONS), reasonLabel: z.string(), reasonText: z.string().nullable(), description: z.string().nullable(),
  items: z.array(ReturnItemSchema),
  /** Each photo's id; its bytes come from `GET /Return/Photo?id=` (the shopper) or `GET /Return/AdminPhoto?id=`. */
  photos: z.array(z.object({ id: z.number() })),
  adminNote: z.string().nullable(),
  /** Set on approval: the approved lines' share of what was paid (discount included), the refund's default. */
  approvedAmount: z.number().nullable(),
  refundAmount: z.number().nullable(), refundMethod: z.enum(REFUND_METHODS).nullable(), refundReference: z.string().nullable(),
  refundedAt: z.string().nullable(), decidedAt: z.string().nullable(), createdAt: z.string(),
  /** Admin reads only. */
  customerName: z.string().optional(), mobile: z.string().optional(),
});
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

/** What a shopper may still ask for on one of their orders. */
export const ReturnableSchema = z.object({
  orderId: z.number(),
  /** Whether a new request can be made now; when not, `reason` says why in Persian. */
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** The last day (ISO) a request is accepted. */
  deadline: z.string().nullable(),
  items: z.array(z.object({ orderItemId: z.number(), title: z.string(), option: z.string().nullable(), bought: z.number(), returnable: z.number() })),
  requests: z.array(ReturnRequestSchema),
});
export type Returnable = z.infer<typeof ReturnableSchema>;

export const ReturnAdminQuerySchema = PagingQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RETURN_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
  orderId: z.preprocess((v) => (v === '' ? undefined : v), id('سفارش').optional()),
});

export const ReturnApproveSchema = z.object({
  id: id('درخواست مرجوعی'),
  /** The lines approved and how many of each (at most what was asked); lines left out are not approved. */
  items: lines('کالاهای تأییدشده'),
  note: optionalText('یادداشت', 500),
});
export const ReturnRejectSchema = z.object({ id: id('درخواست مرجوعی'), note: text('دلیل رد', 500) });
export const ReturnRefundSchema = z.object({
  id: id('درخواست مرجوعی'),
  amount: int('مبلغ بازپرداخت', { min: 1, max: 10_000_000_000 }),
  method: z.enum(REFUND_METHODS, { error: 'روش بازپرداخت را انتخاب کنید' }),
  reference: text('شماره پیگیری بازپرداخت', 100),
  refundedAt: optionalInstant('تاریخ بازپرداخت'),
});

/** Money given back, to net out of sales figures (the dashboard's). */
export const RefundTotalsSchema = z.object({ count: z.number(), amount: z.number() });
export const RefundTotalsQuerySchema = z.object({
  from: optionalInstant('از تاریخ'),
  to: optionalInstant('تا تاریخ', { day: 'end' }),
});
