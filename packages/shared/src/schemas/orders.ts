import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { AddressFormSchema } from './customers.js';
import { toLatinDigits } from '../fa/digits.js';
import { PAYMENT_METHODS, SHIPPING_CARRIERS } from './shipping.js';
import { digitText, id, int, mobile, optionalBool, optionalDigitText, optionalId, optionalInstant, optionalInt, optionalText } from './fields.js';

/* ---------- discount codes (admin) ---------- */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;

const DiscountBaseSchema = z.object({
  code: z.preprocess((v) => (typeof v === 'string' ? toLatinDigits(v).trim().toUpperCase() : v),
    z.string({ error: 'کد الزامی است' }).min(3, 'کد باید دست‌کم ۳ کاراکتر باشد').max(50, 'کد باید حداکثر ۵۰ کاراکتر باشد')
      .regex(/^[A-Z0-9_-]+$/, 'کد فقط می‌تواند حروف لاتین، رقم، خط تیره و زیرخط داشته باشد')),
  kind: z.enum(DISCOUNT_KINDS, { error: 'نوع تخفیف باید percent یا fixed باشد' }),
  value: int('مقدار تخفیف', { min: 1, max: 10_000_000_000 }),
  minOrder: optionalInt('حداقل مبلغ سفارش', { min: 0, max: 10_000_000_000 }),
  expiresAt: optionalInstant('تاریخ انقضا', { day: 'end' }),
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
export const DiscountListQuerySchema = PagingQuerySchema.extend({ search: optionalDigitText('جستجو', 50) });

/* ---------- orders ---------- */
export const ORDER_STATUSES = ['awaiting_payment', 'cod', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'paid_unfulfillable', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'در انتظار پرداخت',
  cod: 'ثبت‌شده، پرداخت در محل',
  paid: 'پرداخت‌شده',
  processing: 'در حال آماده‌سازی',
  shipped: 'ارسال‌شده',
  delivered: 'تحویل‌شده',
  cancelled: 'لغوشده',
  paid_unfulfillable: 'پرداخت‌شده، نیازمند بازپرداخت',
  refunded: 'بازپرداخت‌شده',
};
/**
 * Who moves an order: `shopper` (their failed payment, a newer checkout), `payment` (money the gateway
 * confirmed), `expiry` (the 30-minute sweep), `system` (the gateway unreachable at start), `admin`, `manual` (the
 * owner recording a card-to-card transfer, with a note: its own endpoint, never the status select).
 */
export const ORDER_ACTORS = ['shopper', 'payment', 'expiry', 'system', 'admin', 'manual'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
/**
 * Orders whose units count as sold (sales figures, products' sold counts): paid and everything after it, and a cash
 * on delivery order (placed without the gateway, its units held as for a paid one; decision 021).
 */
export const SOLD_ORDER_STATUSES = ['cod', 'paid', 'processing', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
/**
 * The one table of allowed status changes, and who may make each; every change goes through the server's
 * `transition`. A payment confirmed after a cancellation re-reserves the units (→ paid) or, when they are
 * gone, waits for the admin (→ paid_unfulfillable → refunded, or → paid once stock is back). An order whose money
 * was taken and that the shop does not send is refunded (→ refunded, the units back in stock, the note saying how),
 * also after it was cancelled; only an order whose money was taken is refunded (the server's `setStatus`).
 */
export const ORDER_TRANSITION_TABLE: { readonly [F in OrderStatus]: { readonly [T in OrderStatus]?: readonly OrderActor[] } } = {
  awaiting_payment: { paid: ['payment', 'manual'], cancelled: ['shopper', 'expiry', 'system', 'admin'] },
  cod: { processing: ['admin'], cancelled: ['admin'] },
  paid: { processing: ['admin'], cancelled: ['admin'], refunded: ['admin'] },
  processing: { shipped: ['admin'], cancelled: ['admin'], refunded: ['admin'] },
  shipped: { delivered: ['admin'] },
  delivered: {},
  cancelled: { paid: ['payment'], paid_unfulfillable: ['payment'], refunded: ['admin'] },
  paid_unfulfillable: { paid: ['admin'], refunded: ['admin'] },
  refunded: {},
};
export const canTransition = (from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean =>
  ORDER_TRANSITION_TABLE[from]?.[to]?.includes(actor) ?? false;
/** The admin's workflow (from the table above): which status the admin may set next. */
export const ORDER_TRANSITIONS = {} as Record<OrderStatus, readonly OrderStatus[]>;
for (const from of ORDER_STATUSES) ORDER_TRANSITIONS[from] = ORDER_STATUSES.filter((to) => canTransition(from, to, 'admin'));
/** Unpaid orders hold their stock this long. */
export const ORDER_RESERVATION_MINUTES = 30;

/** Either a saved address (`addressId`) or a new one (`address`), saved for later unless `saveAddress` is false. */
export const CheckoutSchema = z.object({
  addressId: optionalId('نشانی'),
  address: AddressFormSchema.optional(),
  saveAddress: optionalBool('ذخیره نشانی'),
  /** None: the first method that reaches the address (the spec's clients send none). */
  shippingMethodId: optionalId('روش ارسال'),
  paymentMethod: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PAYMENT_METHODS, { error: 'روش پرداخت نامعتبر است' }).optional()),
}).refine((d) => d.addressId !== undefined || d.address !== undefined, { message: 'نشانی گیرنده را انتخاب یا وارد کنید', path: ['addressId'] });
export type Checkout = z.infer<typeof CheckoutSchema>;
export const CheckoutResultSchema = z.object({ orderId: z.number(), number: z.string(), total: z.number(), paymentUrl: z.string() });
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;
export const PayOrderSchema = z.object({ id: id('سفارش') });
export const PayOrderResultSchema = z.object({ paymentUrl: z.string() });
export type PayOrderResult = z.infer<typeof PayOrderResultSchema>;

export const OrderItemSchema = z.object({
  id: z.number(), productId: z.number(), title: z.string(), imageUri: z.string().nullable(),
  imageVariants: z.array(z.object({ width: z.number(), uri: z.string() })),
  option: z.string().nullable(), unitPrice: z.number(), quantity: z.number(), lineTotal: z.number(),
});
/**
 * What an order's money came through (`payments.provider`): the gateway that took it, or how the admin recorded it by
 * hand. The built-in fake gateway and Zarinpal's sandbox take no money: an order paid on them must not be shipped as sold.
 */
export const PAYMENT_PROVIDER_LABELS: Record<string, string> = {
  zarinpal: 'زرین‌پال', zarinpal_sandbox: 'زرین‌پال (محیط آزمایشی)', fake: 'درگاه آزمایشی', manual: 'کارت به کارت', cod: 'پرداخت در محل',
};
export const TEST_PAYMENT_PROVIDERS: readonly string[] = ['fake', 'zarinpal_sandbox'];

export const OrderSchema = z.object({
  id: z.number(), number: z.string(), status: z.enum(ORDER_STATUSES), statusLabel: z.string(),
  firstname: z.string(), lastname: z.string(), province: z.string(), city: z.string(), address: z.string(),
  postalCode: z.string(), mobile: z.string(),
  subtotal: z.number(), discount: z.number(), shippingFee: z.number(), total: z.number(), discountCode: z.string().nullable(),
  createdAt: z.string(), paidAt: z.string().nullable(), reservedUntil: z.string(),
  items: z.array(OrderItemSchema),
  /** The method as it was chosen (decision 021); null on orders from before shipping methods. */
  shipping: z.object({ name: z.string(), carrier: z.enum(SHIPPING_CARRIERS).nullable(), estimate: z.string() }).nullable(),
  trackingCode: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The timeline: every status the order reached and payments recorded by hand, oldest first. */
  events: z.array(z.object({ kind: z.enum(['status', 'paid']), status: z.enum(ORDER_STATUSES), label: z.string(), at: z.string(), note: z.string().nullable() })),
  userId: z.number().optional(),
  /** Admin reads only: the gateway's reference of the payment that was taken (to refund it, for one). */
  paymentRefId: z.string().nullable().optional(),
  /** Admin reads only: what the money came through (PAYMENT_PROVIDER_LABELS); a test one (TEST_PAYMENT_PROVIDERS) took none. */
  paymentProvider: z.string().nullable().optional(),
  /** Admin reads only: what refunded returns of this order gave back (decision 024). */
  returnsRefunded: z.number().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderAdminQuerySchema = PagingQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
  from: optionalInstant('از تاریخ'),
  to: optionalInstant('تا تاریخ', { day: 'end' }),
  search: optionalDigitText('جستجو', 50),
});
export const SetOrderStatusSchema = z.object({
  id: id('سفارش'),
  status: z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }),
  /** The status the admin saw: when the order moved meanwhile (say, it was paid), nothing changes (409). */
  from: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(ORDER_STATUSES, { error: 'وضعیت نامعتبر است' }).optional()),
  /** Kept in the audit log, e.g. how a refund was made. */
  note: optionalText('یادداشت', 500),
});
/** The number as the site prints it (Persian digits) or typed in Latin or Arabic-Indic digits. */
export const TrackQuerySchema = z.object({ number: digitText('شماره سفارش', 20), mobile: mobile() });

export const PaymentCallbackQuerySchema = z.object({
  authority: z.string().max(100).optional(),
  status: z.string().max(20).optional(),
});
export const PAYMENT_RESULTS = ['paid', 'already_paid', 'paid_unfulfillable', 'failed', 'expired', 'invalid', 'not_yours'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

