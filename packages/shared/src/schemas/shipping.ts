import { z } from 'zod';
import { toLatinDigits } from '../fa/digits.js';
import { isIranProvince, listedCity } from '../data/iran.js';
import { id, int, optionalBool, optionalId, optionalInt, optionalText, text } from './fields.js';

/* ---------- shipping methods (decision 021) ---------- */
export const SHIPPING_CARRIERS = ['post', 'tipax', 'courier', 'pickup', 'other'] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];
export const SHIPPING_CARRIER_LABELS: Record<ShippingCarrier, string> = {
  post: 'پست', tipax: 'تیپاکس', courier: 'پیک درون‌شهری', pickup: 'تحویل حضوری', other: 'سایر',
};

/**
 * The carrier's public tracking page for a code. Iran Post takes the code in the URL; Tipax publishes one page,
 * https://tipaxco.com/tracking, where the code is typed (no documented query parameter), so the link opens it.
 */
export function trackingUrlOf(carrier: string | null | undefined, code: string | null | undefined): string | null {
  if (!code) return null;
  if (carrier === 'post') return `https://tracking.post.ir/?id=${encodeURIComponent(code)}`;
  if (carrier === 'tipax') return 'https://tipaxco.com/tracking';
  return null;
}

const MAX_FEE = 100_000_000;
const fee = (title: string) => int(title, { min: 0, max: MAX_FEE });

const placeCheck = (r: { province: string; city?: string }, ctx: z.RefinementCtx) => {
  if (!isIranProvince(r.province)) ctx.addIssue({ code: 'custom', message: `استان «${r.province}» در فهرست استان‌ها نیست`, path: ['province'] });
  else if (r.city && !listedCity(r.province, r.city)) ctx.addIssue({ code: 'custom', message: `شهر «${r.city}» در استان ${r.province} نیست`, path: ['city'] });
};
export const ShippingRegionSchema = z.object({ province: text('استان', 50), city: optionalText('شهر', 50) }).superRefine(placeCheck);
export type ShippingRegion = z.infer<typeof ShippingRegionSchema>;
export const ShippingFeeOverrideSchema = z.object({ province: text('استان', 50), city: optionalText('شهر', 50), fee: fee('هزینه') })
  .superRefine(placeCheck);
export type ShippingFeeOverride = z.infer<typeof ShippingFeeOverrideSchema>;

export const ShippingMethodFormSchema = z.object({
  name: text('نام روش ارسال', 100),
  carrier: z.enum(SHIPPING_CARRIERS, { error: 'نوع روش ارسال نامعتبر است' }),
  isActive: optionalBool('فعال'),
  baseFee: fee('هزینه پایه'),
  feeOverrides: z.array(ShippingFeeOverrideSchema, { error: 'هزینه‌های استانی باید فهرست باشند' }).max(500, 'حداکثر ۵۰۰ هزینه استانی یا شهری مجاز است').optional(),
  weightIncludedGrams: optionalInt('وزن پایه (گرم)', { min: 0, max: 1_000_000 }),
  weightStepGrams: optionalInt('گام وزن (گرم)', { min: 0, max: 1_000_000 }),
  weightStepFee: optionalInt('هزینه هر گام وزن', { min: 0, max: MAX_FEE }),
  /** Empty: the shop's free-shipping threshold. */
  freeAbove: optionalInt('ارسال رایگان از مبلغ', { min: 0, max: 10_000_000_000 }),
  estimate: optionalText('زمان تحویل', 100),
  regions: z.array(ShippingRegionSchema, { error: 'مناطق باید فهرست باشند' }).max(500, 'حداکثر ۵۰۰ منطقه مجاز است').optional(),
  sortOrder: optionalInt('ترتیب', { min: 0, max: 1000 }),
}).superRefine((m, ctx) => {
  // A courier rides in the shop's own city: it must name its cities.
  if (m.carrier === 'courier' && (m.regions ?? []).some((r) => !r.city)) {
    ctx.addIssue({ code: 'custom', message: 'برای پیک، به جای کل استان، شهر را انتخاب کنید', path: ['regions'] });
  } else if (m.carrier === 'courier' && !m.regions?.length) {
    ctx.addIssue({ code: 'custom', message: 'پیک فقط در شهر فروشگاه کار می‌کند؛ شهر آن را در «مناطق ارسال» انتخاب کنید', path: ['regions'] });
  }
  if ((m.weightStepGrams ?? 0) > 0 && !m.weightStepFee) {
    ctx.addIssue({ code: 'custom', message: 'هزینه هر گام وزن را وارد کنید', path: ['weightStepFee'] });
  }
});
export type ShippingMethodForm = z.infer<typeof ShippingMethodFormSchema>;
export const ShippingMethodUpdateSchema = z.object({ id: id('روش ارسال') }).and(ShippingMethodFormSchema);

export const ShippingMethodSchema = z.object({
  id: z.number(), name: z.string(), carrier: z.enum(SHIPPING_CARRIERS), isActive: z.boolean(), baseFee: z.number(),
  feeOverrides: z.array(z.object({ province: z.string(), city: z.string().optional(), fee: z.number() })),
  weightIncludedGrams: z.number(), weightStepGrams: z.number(), weightStepFee: z.number(), freeAbove: z.number().nullable(),
  estimate: z.string(), regions: z.array(z.object({ province: z.string(), city: z.string().optional() })), sortOrder: z.number(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

/** The methods that reach an address (a saved one, or a province and city typed at checkout), for the shopper's cart. */
export const ShippingQuerySchema = z.object({
  addressId: optionalId('نشانی'),
  province: optionalText('استان', 50),
  city: optionalText('شهر', 50),
}).refine((q) => q.addressId !== undefined || (q.province && q.city), { message: 'استان و شهر گیرنده را انتخاب کنید', path: ['province'] });
export const ShippingOptionSchema = z.object({
  id: z.number(), name: z.string(), carrier: z.enum(SHIPPING_CARRIERS), fee: z.number(), estimate: z.string(),
  /** Free because the order reached the method's threshold. */
  free: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;
export const ShippingQuoteSchema = z.object({
  options: z.array(ShippingOptionSchema),
  /** Whether the shopper may pay on delivery (the owner's setting). */
  codEnabled: z.boolean(),
});
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>;

/* ---------- fulfilment: tracking code, payment by hand ---------- */
const trackingCode = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s-]/g, '').toUpperCase() : v),
  z.string({ error: 'کد رهگیری باید متن باشد' }).min(6, 'کد رهگیری باید دست‌کم ۶ نویسه باشد').max(40, 'کد رهگیری باید حداکثر ۴۰ نویسه باشد')
    .regex(/^[A-Z0-9]+$/, 'کد رهگیری فقط می‌تواند رقم و حروف لاتین داشته باشد'),
).meta({ title: 'کد رهگیری' });
export const ShipOrderSchema = z.object({
  id: id('سفارش'),
  /** Required for post and tipax (checked against the order's carrier on the server). */
  trackingCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), trackingCode.optional()),
});
export const MarkPaidSchema = z.object({
  id: id('سفارش'),
  note: text('یادداشت پرداخت', 500),
});
export const PAYMENT_METHODS = ['gateway', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { gateway: 'پرداخت اینترنتی', cod: 'پرداخت در محل' };
