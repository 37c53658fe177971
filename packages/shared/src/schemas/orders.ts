import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { AddressFormSchema } from './customers.js';
import { id, int, mobile, optionalBool, optionalId, optionalInt, optionalText, text } from './fields.js';

/* ---------- discount codes (admin) ---------- */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
const optionalDate = (title: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v),
    z.coerce.date({ error: `${title} باید تاریخ معتبر باشد` }).optional()).meta({ title });

const DiscountBaseSchema = z.object({
  code: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: 'کد الزامی است' }).min(3, 'کد باید دست‌کم ۳ کاراکتر باشد').max(50, 'کد باید حداکثر ۵۰ کاراکتر باشد')
      .regex(/^[A-Z0-9_-]+$/, 'کد فقط می‌تواند حروف لاتین، رقم، خط تیره و زیرخط داشته باشد')),
  kind: z.enum(DISCOUNT_KINDS, { error: 'نوع تخفیف باید percent یا fixed باشد' }),
  value: int('مقدار تخفیف', { min: 1, max: 10_000_000_000 }),
  minOrder: optionalInt('حداقل مبلغ سفارش', { min: 0, max: 10_000_000_000 }),
  expiresAt: optionalDate('تاریخ انقضا'),
  usageLimit: optionalInt('سقف استفاده', { min: 1, max: 10_000_000 }),
  isActive: optionalBool('فعال'),
});
const percentOk = (d: { kind: string; value: number }) => d.kind !== 'percent' || d.value <= 100;
const percentError = () => ({ message: 'درصد تخفیف باید بین ۱ و ۱۰۰ باشد', path: ['value'] });
export const DiscountFormSchema = DiscountBaseSchema.refine(percentOk, percentError());
export type DiscountForm = z.infer<typeof DiscountFormSchema>;
export const DiscountUpdateSchema = DiscountBaseSchema.extend({ id: id('کد تخفیف') }).refine(percentOk, percentError());
export const DiscountSchema = z.object({
  id: z.number(), code: z.string(), kind: z.enum(DISCOUNT_KINDS), value: z.number(), minOrder: z.number(),
  expiresAt: z.string().nullable(), usageLimit: z.number().nullable(), usedCount: z.number(), isActive: z.boolean(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;
export const DiscountListQuerySchema = PagingQuerySchema.extend({ search: optionalText('جستجو', 50) });

/* ---------- orders ---------- */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'در انتظار پرداخت',
  paid: 'پرداخت‌شده',
  processing: 'در حال آماده‌سازی',
  shipped: 'ارسال‌شده',
  delivered: 'تحویل‌شده',
  cancelled: 'لغوشده',
};
/** The admin's workflow: which status may follow which. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
/** Unpaid orders hold their stock this long. */
export const ORDER_RESERVATION_MINUTES = 30;

/** Either a saved address (`addressId`) or a new one (`address`), saved for later unless `saveAddress` is false. */
export const CheckoutSchema = z.object({
  addressId: optionalId('نشانی'),
  address: AddressFormSchema.optional(),
  saveAddress: optionalBool('ذخیره نشانی'),
}).refine((d) => d.addressId !== undefined || d.address !== undefined, { message: 'نشانی گیرنده را انتخاب یا وارد کنید', path: ['addressId'] });
export type Checkout = z.infer<typeof CheckoutSchema>;
export const CheckoutResultSchema = z.object({ orderId: z.number(), number: z.string(), total: z.number(), paymentUrl: z.string() });
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;
export const PayOrderSchema = z.object({ id: id('سفارش') });

export const OrderItemSchema = z.object({
  id: z.number(), productId: z.number(), title: z.string(), imageUri: z.string().nullable(),
  imageVariants: z.array(z.object({ width: z.number(), uri: z.string() })),
  option: z.string().nullable(), unitPrice: z.number(), quantity: z.number(), lineTotal: z.number(),
});
export const OrderSchema = z.object({
  id: z.number(), number: z.string(), status: z.enum(ORDER_STATUSES), statusLabel: z.string(),
  firstname: z.string(), lastname: z.string(), province: z.string(), city: z.string(), address: z.string(),
  postalCode: z.string(), mobile: z.string(),
  subtotal: z.number(), discount: z.number(), shippingFee: z.number(), total: z.number(), discountCode: z.string().nullable(),
  createdAt: z.string(), paidAt: z.string().nullable(), reservedUntil: z.string(),
  items: z.array(OrderItemSchema),
  userId: z.number().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderAdminQuerySchema = PagingQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
  from: optionalDate('از تاریخ'),
  to: optionalDate('تا تاریخ'),
  search: optionalText('جستجو', 50),
});
export const SetOrderStatusSchema = z.object({
  id: id('سفارش'),
  status: z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }),
});
export const TrackQuerySchema = z.object({ number: text('شماره سفارش', 20), mobile: mobile() });

export const PaymentCallbackQuerySchema = z.object({
  authority: z.string().max(100).optional(),
  status: z.string().max(20).optional(),
});
export const PAYMENT_RESULTS = ['paid', 'already_paid', 'failed', 'expired', 'invalid', 'not_yours'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

