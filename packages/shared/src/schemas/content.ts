import { z } from 'zod';
import { toLatinDigits } from '../fa/digits.js';
import { ENAMAD_CODE_MAX, ENAMAD_ID_MAX, isSafeLink } from '../trust.js';
import { PagingQuerySchema } from './common.js';
import { id, optionalBool, optionalId, optionalInt, optionalText } from './fields.js';

export const SAFE_LINK_MESSAGE = 'پیوند باید با / شروع شود (صفحه‌ای از همین فروشگاه) یا نشانی کامل http یا https باشد';
const linkField = optionalText('پیوند', 500).refine((v) => v === undefined || v === '' || isSafeLink(v), SAFE_LINK_MESSAGE);

export const SlideFormSchema = z.object({
  id: optionalId('شناسه اسلاید'),
  title: optionalText('عنوان', 200),
  link: linkField,
  categoryId: optionalId('دسته‌بندی'),
  sortOrder: optionalInt('ترتیب', { min: 0, max: 100000 }),
  isActive: optionalBool('فعال'),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['slide', 'banner'], { error: 'نوع باید slide یا banner باشد' }).optional()),
});
export const SlideUpdateSchema = SlideFormSchema.extend({ id: id('شناسه اسلاید') });
export const SlideSchema = z.object({
  id: z.number(), title: z.string(), imageUri: z.string().nullable(),
  imageVariants: z.array(z.object({ width: z.number(), uri: z.string() })), link: z.string(),
  categoryId: z.number().nullable(), sortOrder: z.number(), isActive: z.boolean(), kind: z.enum(['slide', 'banner']),
});
export type Slide = z.infer<typeof SlideSchema>;
export const SliderListQuerySchema = PagingQuerySchema.extend({
  kind: z.enum(['slide', 'banner'], { error: 'نوع باید slide یا banner باشد' }).optional(),
  activeOnly: optionalBool('فقط فعال'),
});
export const SliderByCategoryQuerySchema = z.object({ categoryId: id('دسته‌بندی') });

/* ---------- store settings ---------- */

const sealPart = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : typeof v === 'number' ? String(v) : v === null ? '' : v);

export const FaqItemSchema = z.object({
  question: z.string({ error: 'پرسش باید متن باشد' }).min(1, 'پرسش الزامی است').max(300, 'پرسش باید حداکثر ۳۰۰ کاراکتر باشد'),
  answer: z.string({ error: 'پاسخ باید متن باشد' }).min(1, 'پاسخ الزامی است').max(3000, 'پاسخ باید حداکثر ۳۰۰۰ کاراکتر باشد'),
});
export const StoreSettingsSchema = z.object({
  storeName: z.string({ error: 'نام فروشگاه باید متن باشد' }).min(1, 'نام فروشگاه الزامی است').max(100, 'نام فروشگاه باید حداکثر ۱۰۰ کاراکتر باشد'),
  tagline: z.string({ error: 'شعار باید متن باشد' }).max(200, 'شعار باید حداکثر ۲۰۰ کاراکتر باشد'),
  phone: z.string({ error: 'تلفن باید متن باشد' }).min(1, 'تلفن الزامی است').max(30, 'تلفن باید حداکثر ۳۰ کاراکتر باشد'),
  email: z.string({ error: 'ایمیل باید متن باشد' }).max(200, 'ایمیل باید حداکثر ۲۰۰ کاراکتر باشد'),
  address: z.string({ error: 'نشانی باید متن باشد' }).max(500, 'نشانی باید حداکثر ۵۰۰ کاراکتر باشد'),
  workingHours: z.string({ error: 'ساعت کاری باید متن باشد' }).max(200, 'ساعت کاری باید حداکثر ۲۰۰ کاراکتر باشد'),
  shippingFee: z.number({ error: 'هزینه ارسال باید عدد باشد' }).int('هزینه ارسال باید عدد صحیح باشد').min(0, 'هزینه ارسال نمی‌تواند منفی باشد').max(100_000_000, 'هزینه ارسال باید حداکثر ۱۰۰٬۰۰۰٬۰۰۰ تومان باشد'),
  freeShippingThreshold: z.number({ error: 'حد ارسال رایگان باید عدد باشد' }).int('حد ارسال رایگان باید عدد صحیح باشد').min(0, 'حد ارسال رایگان نمی‌تواند منفی باشد').max(10_000_000_000, 'حد ارسال رایگان باید حداکثر ۱۰٬۰۰۰٬۰۰۰٬۰۰۰ تومان باشد'),
  /** Cash on delivery offered at checkout (decision 021). */
  codEnabled: z.boolean({ error: 'پرداخت در محل باید روشن یا خاموش باشد' }),
  enamadId: z.preprocess(sealPart, z.string({ error: 'شناسه نماد اعتماد باید متن یا عدد باشد' })
    .regex(/^[0-9]*$/, 'شناسه نماد اعتماد فقط از رقم تشکیل می‌شود')
    .max(ENAMAD_ID_MAX, 'شناسه نماد اعتماد باید حداکثر ۱۲ رقم باشد')),
  enamadCode: z.preprocess(sealPart, z.string({ error: 'کد نماد اعتماد باید متن باشد' })
    .regex(/^[A-Za-z0-9]*$/, 'کد نماد اعتماد فقط از حروف و رقم‌های انگلیسی تشکیل می‌شود')
    .max(ENAMAD_CODE_MAX, 'کد نماد اعتماد باید حداکثر ۶۴ نویسه باشد')),
  about: z.string({ error: 'درباره ما باید متن باشد' }).max(5000, 'درباره ما باید حداکثر ۵۰۰۰ کاراکتر باشد'),
  faq: z.array(FaqItemSchema, { error: 'پرسش‌های متداول باید فهرست باشند' }).max(50, 'حداکثر ۵۰ پرسش مجاز است'),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export const ENAMAD_HTML_MESSAGE = 'در کد نماد اعتماد، پیوند نماد (trustseal.enamad.ir با id و Code) پیدا نشد؛ شناسه و کد را جداگانه وارد کنید';
/**
 * Partial settings. `enamadHtml` is accepted on write only, for clients that send the seal as eNamad's HTML: its id
 * and code are taken from it (explicit enamadId/enamadCode win) and the HTML itself is neither stored nor returned.
 */
export const StoreSettingsUpdateSchema = StoreSettingsSchema.partial().extend({
  enamadHtml: z.string({ error: 'کد نماد اعتماد باید متن باشد' }).max(5000, 'کد نماد اعتماد باید حداکثر ۵۰۰۰ کاراکتر باشد').optional(),
});
export type StoreSettingsUpdate = z.infer<typeof StoreSettingsUpdateSchema>;
