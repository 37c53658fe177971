import { z } from 'zod';
import { ATTRIBUTE_TYPES, PRODUCT_SORTS } from '../constants.js';
import { ProductPagingQuerySchema } from './common.js';
import { id, int, num, optionalBool, optionalId, optionalInt, optionalText, text } from './fields.js';
import { OptionGroupSchema, VariantSchema, VariantsJsonSchema } from './variants.js';

/* ---------- categories ---------- */
export const CategoryFormSchema = z.object({
  id: optionalId('شناسه دسته‌بندی'),
  title: text('عنوان', 100),
  alias: optionalText('نام مستعار', 100),
  select: optionalBool('انتخاب'),
  uri: optionalText('آدرس', 300),
  parentId: optionalId('دسته‌بندی والد'),
  sortOrder: optionalInt('ترتیب', { min: 0, max: 100000 }),
});
export type CategoryForm = z.infer<typeof CategoryFormSchema>;
export const CategoryUpdateSchema = CategoryFormSchema.extend({ id: id('شناسه دسته‌بندی') });

export interface Category {
  id: number;
  title: string;
  alias: string;
  select: boolean;
  uri: string;
  imageUri: string | null;
  /** The image's WebP variants (srcset), empty without an uploaded image. */
  imageVariants: ImageVariant[];
  parentId: number | null;
  sortOrder: number;
  children: Category[];
}
export const CategorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    id: z.number(), title: z.string(), alias: z.string(), select: z.boolean(), uri: z.string(),
    imageUri: z.string().nullable(), imageVariants: z.array(ImageVariantSchema), parentId: z.number().nullable(),
    sortOrder: z.number(), children: z.array(CategorySchema),
  }),
);

/** A category attribute's key: latin snake_case (`skin_type`), at most 50 characters, unique within its category. */
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
const attributeKey = text('کلید', 50).refine((v) => v === '' || ATTRIBUTE_KEY_PATTERN.test(v), {
  message: 'کلید باید لاتین و به شکل snake_case باشد: با حرف کوچک انگلیسی شروع شود و فقط حروف کوچک انگلیسی، رقم و _ داشته باشد (مانند skin_type)',
});

export const AttributeFormSchema = z.object({
  id: optionalId('شناسه ویژگی'),
  title: text('عنوان', 100),
  key: attributeKey,
  type: z.enum(ATTRIBUTE_TYPES, { error: 'نوع باید یکی از string، array، object یا color باشد' }),
  categoryId: id('دسته‌بندی'),
});
export const AttributeUpdateSchema = AttributeFormSchema.extend({ id: id('شناسه ویژگی') });
export const AttributeSchema = z.object({
  id: z.number(), title: z.string(), key: z.string(), type: z.enum(ATTRIBUTE_TYPES), categoryId: z.number(),
});
export type Attribute = z.infer<typeof AttributeSchema>;
/** The attributes of one category (`GET /Category/GetAttByCId`). */
export const CategoryAttributesQuerySchema = z.object({ categoryId: id('دسته‌بندی') });

/* ---------- brands ---------- */
export const BrandFormSchema = z.object({
  id: optionalId('شناسه برند'),
  title: text('عنوان', 100),
  alias: optionalText('نام لاتین', 100),
});
export const BrandUpdateSchema = BrandFormSchema.extend({ id: id('شناسه برند') });
export const BrandSchema = z.object({ id: z.number(), title: z.string(), alias: z.string(), productCount: z.number().optional() });
export type Brand = z.infer<typeof BrandSchema>;

/* ---------- product attribute entries (spec section 3) ---------- */
export const ProductAttributeEntrySchema = z.object({
  title: z.string({ error: 'عنوان ویژگی الزامی است' }).max(100, 'عنوان ویژگی باید حداکثر 100 کاراکتر باشد'),
  select: z.preprocess((v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: 'نوع ویژگی باید ۰، ۱، ۲ یا ۳ باشد' }).int('نوع ویژگی باید ۰، ۱، ۲ یا ۳ باشد')
      .min(0, 'نوع ویژگی باید ۰، ۱، ۲ یا ۳ باشد').max(3, 'نوع ویژگی باید ۰، ۱، ۲ یا ۳ باشد').optional()),
  value: z.string().max(1000).nullish(),
  value2: z.string().max(1000).nullish(),
  arr: z.array(z.string().max(200)).max(100).nullish(),
  obj: z.array(z.object({ id: z.union([z.string(), z.number()]), title: z.string().max(200) })).max(100).nullish(),
  colorObj: z.array(z.object({
    name: z.string().max(100),
    color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'رنگ باید کد هگز باشد، مانند #ff0000'),
    stock: z.number().int().min(0).optional(),
  })).max(100).nullish(),
});
export type ProductAttributeEntry = z.infer<typeof ProductAttributeEntrySchema>;

/** `Attribute` arrives as JSON text of a list (multipart); an unreadable one is a 400. */
export const AttributeJsonSchema = z.preprocess((v, ctx) => {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v !== 'string') return v;
  try { return JSON.parse(v); } catch {
    ctx.addIssue({ code: 'custom', message: 'ویژگی‌ها باید فهرستی به قالب JSON باشند' });
    return z.NEVER;
  }
}, z.array(ProductAttributeEntrySchema, { error: 'ویژگی‌ها باید فهرستی به قالب JSON باشند' }).max(100, 'حداکثر ۱۰۰ ویژگی مجاز است'));

/* ---------- products ---------- */
export const ProductFormSchema = z.object({
  id: optionalId('شناسه محصول'),
  title: text('عنوان', 200),
  alias: text('نام مستعار', 200),
  rate: z.preprocess((v) => (v === '' || v === null ? undefined : v), num('امتیاز', { min: 0, max: 5 }).optional()),
  tags: text('برچسب', 500),
  price: int('قیمت', { min: 0, max: 10_000_000_000 }),
  attribute: AttributeJsonSchema.optional(),
  hasOff: optionalBool('تخفیف دارد'),
  offPersent: optionalInt('درصد تخفیف', { min: 0, max: 100 }),
  description: text('توضیحات', 100_000),
  categoryId: id('دسته‌بندی'),
  brandId: optionalId('برند'),
  /** A product without options; with options, the stock is each variant's (`variants`). */
  stock: optionalInt('موجودی', { min: 0, max: 1_000_000 }),
  /** Grams, for the shipping fee (decision 021); omitted: unchanged (0 for a new product). */
  weightGrams: optionalInt('وزن', { min: 0, max: 1_000_000 }),
  /** JSON text: every combination that exists, with its stock, price, SKU (schemas/variants.ts). */
  variants: VariantsJsonSchema,
  /** Saved but not shown on the storefront until published. Omitted: published (the spec's clients). */
  isDraft: optionalBool('پیش‌نویس'),
});
export type ProductForm = z.infer<typeof ProductFormSchema>;
export const ProductUpdateSchema = ProductFormSchema.extend({ id: id('شناسه محصول') });

export const ProductOffQuerySchema = z.object({ id: id('شناسه محصول'), offPersent: int('درصد تخفیف', { min: 0, max: 100 }) });
export const ProductRateQuerySchema = z.object({ id: id('شناسه محصول'), rate: num('امتیاز', { min: 0, max: 5 }) });

const csvIds = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  const list = Array.isArray(v) ? v : String(v).split(',');
  return list.map((x) => Number(String(x).trim()));
}, z.array(z.number({ error: 'شناسه برند نامعتبر است' }).int('شناسه برند نامعتبر است').positive('شناسه برند نامعتبر است'), { error: 'شناسه برندها نامعتبر است' }).max(50, 'حداکثر ۵۰ برند را می‌توان با هم انتخاب کرد').optional());

export const ProductListQuerySchema = ProductPagingQuerySchema.extend({
  categoryTitle: optionalText('دسته‌بندی', 200),
  categoryId: optionalId('دسته‌بندی'),
  title: optionalText('عبارت جستجو', 200),
  brandIds: csvIds,
  minPrice: optionalInt('حداقل قیمت', { min: 0 }),
  maxPrice: optionalInt('حداکثر قیمت', { min: 0 }),
  inStock: optionalBool('فقط موجود'),
  hasOff: optionalBool('تخفیف‌دار'),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PRODUCT_SORTS, { error: 'ترتیب نامعتبر است' }).optional()),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** A listing's filters without its order and page: the live count of the phone's filter sheet (`GET /Product/Count`). */
export const ProductCountQuerySchema = ProductListQuerySchema.omit({ pageNumber: true, pageSize: true, sort: true });
export type ProductCountQuery = z.infer<typeof ProductCountQuerySchema>;
export const ProductCountSchema = z.object({ totalCount: z.number() });

/** The same filters, for a listing's facets (`GET /Product/Facets`); `withCategories`: count the products' categories too. */
export const ProductFacetsQuerySchema = ProductCountQuerySchema.extend({ withCategories: optionalBool('با دسته‌بندی‌ها') });
export type ProductFacetsQuery = z.infer<typeof ProductFacetsQuerySchema>;
/**
 * The brands of the listing without its brand filter, each with how many products it adds (a chosen brand is always
 * there, if at 0), and the categories of the listing without its category filter, most products first; `priceCeiling`:
 * the dearest product's price (after its discount) in the category and among the words searched, whatever the other
 * filters — the price slider's end (0: no product).
 */
export const ProductFacetsSchema = z.object({
  totalCount: z.number(),
  priceCeiling: z.number(),
  brands: z.array(z.object({ id: z.number(), title: z.string(), alias: z.string(), count: z.number() })),
  categories: z.array(z.object({ id: z.number(), title: z.string(), count: z.number() })),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

export const ImageVariantSchema = z.object({ width: z.number(), uri: z.string() });
export type ImageVariant = z.infer<typeof ImageVariantSchema>;
export const ProductListItemSchema = z.object({
  id: z.number(), title: z.string(), alias: z.string(), imageUri: z.string().nullable(),
  imageVariants: z.array(ImageVariantSchema), price: z.number(), offPrice: z.number(),
  offPersent: z.number(), hasOff: z.boolean(),
  /** Some combination sells above `price` (the cheapest's): a card says «از» before it. */
  priceVaries: z.boolean(),
  rate: z.number(), tags: z.string(),
  /** The approved reviews' average and count: the storefront's stars (decision 025); `rate` is the spec's admin field. */
  ratingAverage: z.number(), ratingCount: z.number(),
  brand: z.object({ id: z.number(), title: z.string() }).nullable(), categoryId: z.number(),
  categoryDescs: z.string(), stock: z.number(), isDraft: z.boolean(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductDetailSchema = ProductListItemSchema.extend({
  description: z.string(),
  attribute: z.string(),
  attributes: z.array(ProductAttributeEntrySchema),
  brandId: z.number().nullable(),
  categoryPath: z.array(z.object({ id: z.number(), title: z.string() })),
  gallery: z.array(z.object({ id: z.number(), imageUri: z.string(), filename: z.string(), imageVariants: z.array(ImageVariantSchema) })),
  soldCount: z.number(),
  /** Grams, for the shipping fee (a variant may weigh its own: decision 021). */
  weightGrams: z.number().optional(),
  /** The option groups (from the selectable attribute entries) and the combinations that exist. */
  options: z.array(OptionGroupSchema),
  variants: z.array(VariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** A deleted product: `hidden` when it was ever ordered (kept for the order history, no longer listed). */
export const ProductDeleteResultSchema = z.object({ id: z.number(), hidden: z.boolean() });
export type ProductDeleteResult = z.infer<typeof ProductDeleteResultSchema>;

export const GalleryImageSchema = z.object({
  id: z.number(), productId: z.number(), imageUri: z.string(), filename: z.string(), imageVariants: z.array(ImageVariantSchema),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;
export const GalleryUploadSchema = z.object({ productId: id('محصول') });
export const GalleryParamsSchema = z.object({ productId: id('محصول') });
