import { z } from 'zod';
import { ProductListQuerySchema } from './catalog.js';
import { id, int } from './fields.js';
import { ProductStatusSchema } from './variants.js';

/* ---------- the admin's product desk: filters, bulk actions, CSV (docs/decisions/023-product-desk.md) ---------- */

/** The most rows one CSV import reads (the file is also capped at MAX_UPLOAD_BYTES). */
export const MAX_IMPORT_ROWS = 20_000;
/** Selected rows one bulk action takes by id; more goes through «every product matching the filter». */
export const MAX_BULK_IDS = 1_000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** low: some live variant at or below the owner's low-stock threshold (0 included); none: every variant at 0. */
export const ProductStockFilterSchema = z.enum(['low', 'none'], { error: 'فیلتر موجودی باید «کم» یا «ناموجود» باشد' });
export type ProductStockFilter = z.infer<typeof ProductStockFilterSchema>;

/** The admin's table: the listing's filters, drafts too (`status`), and the stock level. */
export const ProductAdminQuerySchema = ProductListQuerySchema.extend({
  status: z.preprocess(emptyToUndefined, ProductStatusSchema.optional()),
  stock: z.preprocess(emptyToUndefined, ProductStockFilterSchema.optional()),
});
export type ProductAdminQuery = z.infer<typeof ProductAdminQuerySchema>;
/** The same filters without paging or order: which products a bulk action or an export takes. */
export const ProductAdminFilterSchema = ProductAdminQuerySchema.omit({ pageNumber: true, pageSize: true, sort: true });
export type ProductAdminFilter = z.infer<typeof ProductAdminFilterSchema>;

const BulkPriceSchema = z.object({
  kind: z.literal('price'),
  /** set: the price; add: plus (or minus) toman; percent: plus (or minus) a percent. */
  mode: z.enum(['set', 'add', 'percent'], { error: 'نوع تغییر قیمت نامعتبر است' }),
  value: int('مقدار', { min: -10_000_000_000, max: 10_000_000_000 }),
  /** The new price rounded to whole toman (1) or to the nearest thousand (1000). */
  round: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(1), z.literal(1000)], { error: 'گرد کردن باید به تومان یا هزار تومان باشد' })),
});
const BulkDiscountSchema = z.object({ kind: z.literal('discount'), percent: int('درصد تخفیف', { min: 0, max: 100 }) });
export const ProductBulkActionSchema = z.discriminatedUnion('kind', [
  BulkPriceSchema, BulkDiscountSchema,
  z.object({ kind: z.literal('publish') }), z.object({ kind: z.literal('unpublish') }), z.object({ kind: z.literal('delete') }),
], { error: 'عملیات گروهی نامعتبر است' });
export type ProductBulkAction = z.infer<typeof ProductBulkActionSchema>;

/** Either the selected ids, or every product matching `filter` — then `expectedCount`, the count the owner confirmed. */
export const ProductBulkSchema = z.object({
  ids: z.array(id('شناسه محصول'), { error: 'شناسه محصولات باید فهرست باشد' }).min(1, 'دست‌کم یک محصول انتخاب کنید')
    .max(MAX_BULK_IDS, `حداکثر ${MAX_BULK_IDS.toLocaleString('fa-IR')} محصول را می‌توان با هم انتخاب کرد؛ برای بیشتر «همه نتایج فیلتر» را بزنید`).optional(),
  filter: ProductAdminFilterSchema.optional(),
  expectedCount: int('تعداد تأییدشده', { min: 0, max: 10_000_000 }).optional(),
  action: ProductBulkActionSchema,
}).superRefine((v, ctx) => {
  if (!v.ids === !v.filter) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'محصولات انتخاب‌شده یا «همه نتایج فیلتر» را مشخص کنید' });
  if (v.filter && v.expectedCount === undefined) ctx.addIssue({ code: 'custom', path: ['expectedCount'], message: 'تعداد محصولات را تأیید کنید' });
});
export type ProductBulk = z.infer<typeof ProductBulkSchema>;

export const ProductBulkResultSchema = z.object({
  /** Products changed (or deleted and hidden). */
  count: z.number(),
  /** For a delete: how many were hidden instead, because orders refer to them. */
  hidden: z.number(),
});
export type ProductBulkResult = z.infer<typeof ProductBulkResultSchema>;

/** The import's form: the file, and `apply` once the owner has seen the dry run. */
export const ProductImportFormSchema = z.object({
  apply: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
});

export const ImportRowErrorSchema = z.object({
  /** The file's row number, as a spreadsheet shows it (the header is row 1). */
  row: z.number(),
  /** The column's header; '' for the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ProductImportReportSchema = z.object({
  rows: z.number(),
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  /** Rows not applied: those with an error and the other rows of their product. */
  skipped: z.number(),
  errors: z.array(ImportRowErrorSchema),
  /** The rows were written (false: a dry run). */
  applied: z.boolean(),
});
export type ProductImportReport = z.infer<typeof ProductImportReportSchema>;
