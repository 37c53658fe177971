import { z } from 'zod';
import { MAX_VARIANTS } from '../catalog/variants.js';
import { toLatinDigits } from '../fa/digits.js';
import { bool, id, int, optionalId, optionalText } from './fields.js';

/* ---------- a product's options and variants (catalog/variants.ts explains the model) ---------- */

export const OptionGroupSchema = z.object({
  title: z.string(),
  kind: z.enum(['color', 'list']),
  values: z.array(z.object({ value: z.string(), color: z.string().optional() })),
});

const nullIfEmpty = (v: unknown) => (v === '' || v === undefined ? null : v);

/** One variant as the admin sends it (inside the product form's `variants` JSON text). */
export const VariantInputSchema = z.object({
  /** An existing variant keeps its id (its cart lines and orders keep pointing at it). */
  id: optionalId('شناسه ترکیب'),
  /** One value per option group, in the groups' order. */
  options: z.array(z.string({ error: 'مقدار گزینه باید متن باشد' }).max(200), { error: 'گزینه‌های ترکیب باید فهرست باشند' }).max(10),
  sku: z.preprocess((v) => (typeof v === 'string' ? toLatinDigits(v.trim()) || null : nullIfEmpty(v)),
    z.string().max(64, 'کد کالا (SKU) باید حداکثر ۶۴ نویسه باشد')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'کد کالا (SKU) فقط حروف لاتین، رقم، نقطه، خط تیره و زیرخط می‌پذیرد').nullable()).optional(),
  barcode: z.preprocess((v) => (typeof v === 'string' ? toLatinDigits(v.trim()) || null : nullIfEmpty(v)),
    z.string().regex(/^\d{6,20}$/, 'بارکد باید ۶ تا ۲۰ رقم باشد').nullable()).optional(),
  /** null: the product's price. */
  price: z.preprocess(nullIfEmpty, int('قیمت ترکیب', { min: 0, max: 10_000_000_000 }).nullable()).optional(),
  stock: int('موجودی ترکیب', { min: 0, max: 1_000_000 }),
  /**
   * The stock the admin's form showed for this variant when it was loaded: unchanged in the form, the
   * variant keeps its current stock (a sale meanwhile stands); changed while the stock moved meanwhile,
   * the save is refused (409) rather than overwrite that sale.
   */
  expectedStock: z.number().int().min(0).optional(),
  imageUri: optionalText('تصویر ترکیب', 300),
});
export type VariantInput = z.infer<typeof VariantInputSchema>;

/** `variants` arrives as JSON text of a list (multipart), like `Attribute`. */
export const VariantsJsonSchema = z.preprocess((v, ctx) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  try { return JSON.parse(v); } catch {
    ctx.addIssue({ code: 'custom', message: 'ترکیب‌ها باید فهرستی به قالب JSON باشند' });
    return z.NEVER;
  }
}, z.array(VariantInputSchema, { error: 'ترکیب‌ها باید فهرستی به قالب JSON باشند' })
  .max(MAX_VARIANTS, `حداکثر ${MAX_VARIANTS.toLocaleString('fa-IR')} ترکیب برای هر محصول مجاز است`).optional());

/** The admin's product table: the listing's filters, drafts included, and which ones. */
export const ProductStatusSchema = z.enum(['draft', 'published'], { error: 'وضعیت محصول باید پیش‌نویس یا منتشرشده باشد' });
export const ProductDraftSchema = z.object({ id: id('شناسه محصول'), isDraft: bool('پیش‌نویس') });
export const ProductIdSchema = z.object({ id: id('شناسه محصول') });

export const VariantSchema = z.object({
  id: z.number(),
  options: z.array(z.string()),
  /** The values joined, «صورتی / ۵۰ میلی‌لیتر»; '' for a product without options. */
  label: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The variant's own price, or null when it sells at the product's. */
  ownPrice: z.number().nullable(),
  /** What it sells at: its price (or the product's) before and after the product's discount. */
  price: z.number(),
  offPrice: z.number(),
  stock: z.number(),
  imageUri: z.string().nullable(),
  imageVariants: z.array(z.object({ width: z.number(), uri: z.string() })),
});
export type Variant = z.infer<typeof VariantSchema>;
