import { z } from 'zod';
import { parseJalaliDate } from '../fa/jalali.js';
import { toLatinDigits, toPersianDigits } from '../fa/digits.js';
import { PagingQuerySchema } from './common.js';
import { optionalDigitText } from './fields.js';
import { ORDER_STATUSES, OrderSchema } from './orders.js';
import { SHIPPING_CARRIERS } from './shipping.js';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A Jalali day typed by the admin (۱۴۰۵/۰۹/۰۱ or 1405-9-1) → its Gregorian date "2026-11-22". */
export const jalaliDay = (title: string) => z.preprocess(blank, z.string({ error: `${title} باید متن باشد` }).max(20)
  .transform((v, ctx) => {
    const day = parseJalaliDate(v);
    if (!day) ctx.addIssue({ code: 'custom', message: `${title} را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید` });
    return day ?? '';
  }).optional()).meta({ title });

/** Comma-separated order ids (`1,2,3`) or an array of them: at most 100, each a positive integer. */
export const orderIdList = (max = 100) => z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.coerce.number({ error: 'شناسه سفارش باید عدد باشد' }).int('شناسه سفارش باید عدد صحیح باشد').min(1, 'شناسه سفارش نامعتبر است')
    .max(2_147_483_647, 'شناسه سفارش نامعتبر است'), { error: 'سفارش‌ها را انتخاب کنید' })
    .min(1, 'دست‌کم یک سفارش را انتخاب کنید').max(max, `حداکثر ${toPersianDigits(max)} سفارش را می‌توان یک‌جا انتخاب کرد`),
).meta({ title: 'سفارش‌ها' });

/**
 * The order desk's filters. `search` is an order number, a mobile (09… or 989…) or part of the recipient's name;
 * `dateFrom`/`dateTo` are Jalali days in Tehran (both ends included); `payment` is the payment provider of the
 * money taken (the gateway's name, or a manual method once there is one). Shipping method joins once orders carry
 * it (see `shippingMethodCondition` in the server's order-desk.service.ts).
 */
export const OrderDeskQuerySchema = PagingQuerySchema.extend({
  status: z.preprocess(blank, z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
  dateFrom: jalaliDay('از تاریخ'),
  dateTo: jalaliDay('تا تاریخ'),
  payment: z.preprocess(blank, z.string({ error: 'روش پرداخت نامعتبر است' }).regex(/^[a-z_]{1,20}$/, 'روش پرداخت نامعتبر است').optional()),
  search: optionalDigitText('جستجو', 50),
  shipping: z.preprocess(blank, z.enum(SHIPPING_CARRIERS, { error: 'روش ارسال نامعتبر است' }).optional()),
});
export type OrderDeskQuery = z.infer<typeof OrderDeskQuerySchema>;

export const BulkOrderStatusSchema = z.object({
  ids: orderIdList(),
  status: z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }),
});
/** One order's outcome in a bulk change: done, or why not (in Persian). */
export const BulkOrderStatusResultSchema = z.object({
  results: z.array(z.object({ id: z.number(), number: z.string().nullable(), ok: z.boolean(), message: z.string() })),
  changed: z.number(),
});
export type BulkOrderStatusResult = z.infer<typeof BulkOrderStatusResultSchema>;

export const PRINT_KINDS = ['invoice', 'label'] as const;
export const OrderPrintQuerySchema = z.object({ ids: orderIdList() });
/** What an invoice or a packing label prints: the shop, and each order with its total in words and a QR of its number. */
export const OrderPrintSchema = z.object({
  shop: z.object({ storeName: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  orders: z.array(OrderSchema.extend({ totalInWords: z.string(), qrSvg: z.string() })),
});
export type OrderPrint = z.infer<typeof OrderPrintSchema>;
