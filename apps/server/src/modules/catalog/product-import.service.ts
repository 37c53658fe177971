/**
 * The product CSV import (decision 023). A dry run reads the whole file, checks every row against the same
 * rules as the product form (shared field schemas, categories and brands by name, one SKU per live variant,
 * one alias per product) and answers what would be created, updated or left unchanged, and each bad row's
 * Persian error (row, column, what is wrong); nothing is written. Applying runs the same checks again
 * (the catalogue may have moved since) and writes the good products in batches of about BATCH_ROWS rows,
 * one transaction each (a product that fails only at write time is rolled back alone, by a savepoint).
 * A product with any bad row is skipped whole: its rows are one product.
 */
import { and, eq, inArray, not } from 'drizzle-orm';
import { z } from 'zod';
import {
  AttributeJsonSchema, int, isCombinationOf, normalizePersianText, num, optionalId, optionalInt, optionGroupsOf, text, toPersianDigits,
  VARIANT_SEPARATOR, VariantInputSchema, variantLabel, type ImportRowError, type ProductAttributeEntry, type ProductImportReport, type VariantInput,
} from '@sorkhab/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { brands, products, productVariants } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { categoryIndex, pathOf, type CategoryIndex } from './category.service.js';
import { fromCsv, headerOf, PRODUCT_KEYS, STATUS_DRAFT, STATUS_PUBLISHED, type CsvKey, type CsvRow } from './product-csv.js';
import { priceFields, searchTextOf } from './product.service.js';
import { sanitizeDescription } from './sanitize.js';
import { liveVariantsOf, syncVariants } from './variant.service.js';

/** A category in the file: its path from the root, «آرایش › چشم › ریمل» (or a title no other category has). */
export const CATEGORY_SEPARATOR = ' › ';
/** Rows per transaction when applying. */
const BATCH_ROWS = 200;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const RowSchema = z.object({
  productId: optionalId('شناسه محصول'),
  title: text('عنوان', 200),
  alias: text('نام مستعار', 200),
  tags: text('برچسب', 500),
  category: text('دسته‌بندی', 1000),
  brand: z.string(),
  price: int('قیمت', { min: 0, max: 10_000_000_000 }),
  offPersent: optionalInt('درصد تخفیف', { min: 0, max: 100 }),
  status: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v),
    z.enum(['', STATUS_PUBLISHED, STATUS_DRAFT, 'published', 'draft'], { error: `وضعیت باید «${STATUS_PUBLISHED}» یا «${STATUS_DRAFT}» باشد` })),
  rate: z.preprocess((v) => (v === '' ? undefined : v), num('امتیاز', { min: 0, max: 5 }).optional()),
  attributes: AttributeJsonSchema,
  description: text('توضیحات', 100_000),
  variantId: optionalId('شناسه ترکیب'),
  options: z.string(),
  sku: VariantInputSchema.shape.sku,
  barcode: VariantInputSchema.shape.barcode,
  variantPrice: VariantInputSchema.shape.price,
  stock: int('موجودی', { min: 0, max: 1_000_000 }),
});
type Row = z.infer<typeof RowSchema> & { line: number };

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

interface Plan {
  key: string;
  rows: Row[];
  existing?: ProductRow;
  values: {
    title: string; alias: string; tags: string; description: string; categoryId: number; brandId: number | null; rate: number;
    attributes: ProductAttributeEntry[]; isDraft: boolean; price: number; offPersent: number; hasOff: boolean; offPrice: number; searchText: string;
  };
  variants: VariantInput[];
  kinds: ('create' | 'update' | 'unchanged')[];
}

/** JSON with its object keys sorted: jsonb keeps keys in its own order, so attributes compare by this. */
const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : x));

const aliasKey = (a: string) => a.trim().toLowerCase();

class Report {
  errors: ImportRowError[] = [];
  private bad = new Set<number>();
  add(line: number, column: CsvKey | '', message: string) {
    this.errors.push({ row: line, column: column ? headerOf.get(column)! : '', message });
    this.bad.add(line);
  }
  has(line: number) { return this.bad.has(line); }
}

/** Each row checked alone (types, lengths, digits, NUL): the row, or its errors in the report. */
function readRow(line: number, cells: CsvRow, report: Report): Row | undefined {
  for (const [k, v] of Object.entries(cells) as [CsvKey, string][]) {
    if (BAD_TEXT.test(v)) {
      report.add(line, k, 'نویسه نامعتبر (مانند نویسه تهی) دارد؛ آن را پاک کنید');
      return undefined;
    }
  }
  const parsed = RowSchema.safeParse(cells);
  if (parsed.success) return { ...parsed.data, line };
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as CsvKey;
    if (seen.has(key)) continue;
    seen.add(key);
    report.add(line, key, /[\u0600-\u06FF]/.test(issue.message) ? issue.message : 'مقدار نامعتبر است');
  }
  return undefined;
}

function categoryOf(index: CategoryIndex, name: string): number | string {
  const path = normalizePersianText(name).split(/\s*›\s*/).filter(Boolean);
  const last = path.at(-1)?.toLowerCase() ?? '';
  const candidates = (index.byTitle.get(last) ?? []).filter((cid) =>
    path.length === 1 || pathOf(index, cid).map((c) => c.title.toLowerCase()).join('›') === path.map((p) => p.toLowerCase()).join('›'));
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) return `چند دسته‌بندی «${name}» نام دارند؛ مسیر کامل را بنویسید (مانند «آرایش${CATEGORY_SEPARATOR}چشم»)`;
  return `دسته‌بندی «${name}» پیدا نشد؛ نام آن را همان‌طور که در پنل است بنویسید`;
}

/** Reads and checks the whole file against the catalogue now: the plan of each good product, and the report. */
async function planImport(tx: DbOrTx, ctx: ServiceContext, buffer: Buffer) {
  const { rows: raw } = fromCsv(buffer);
  const report = new Report();
  const rows = raw.map(({ line, cells }) => readRow(line, cells, report)).filter((r): r is Row => !!r);
  const [index, brandRows] = await Promise.all([categoryIndex(ctx.db, ctx.cache), tx.select({ id: brands.id, title: brands.title, alias: brands.alias }).from(brands)]);
  const brandByTitle = new Map(brandRows.map((b) => [normalizePersianText(b.title).toLowerCase(), b]));

  // One product per id; a new product is the consecutive rows with its alias (a later row with the same alias
  // is a second product with a taken alias). Its columns are the same on each of its rows.
  const groups = new Map<string, Row[]>();
  let previous = '';
  for (const r of rows) {
    const key = r.productId ? `id:${r.productId}` : `new:${aliasKey(r.alias)}`;
    const list = groups.get(key);
    if (list && !r.productId && key !== previous) {
      report.add(r.line, 'alias', `نام مستعار تکراری است: ردیف ${toPersianDigits(list[0]!.line)} محصول دیگری با همین نام مستعار دارد`);
      continue;
    }
    previous = key;
    if (!list) { groups.set(key, [r]); continue; }
    const first = list[0]!;
    const differs = PRODUCT_KEYS.find((k) => canonical(r[k as keyof Row]) !== canonical(first[k as keyof Row]));
    if (differs) report.add(r.line, differs, `با ردیف ${toPersianDigits(first.line)} از همین محصول یکی نیست؛ ستون‌های محصول باید در همه ردیف‌های آن یکسان باشند`);
    list.push(r);
  }

  // Who is who in the catalogue now: the products named by id, the aliases and SKUs taken.
  const ids = [...groups.values()].map((g) => g[0]!.productId).filter((x): x is number => !!x);
  const existing = new Map<number, ProductRow>();
  for (let i = 0; i < ids.length; i += 2_000) {
    for (const p of await tx.select().from(products).where(and(inArray(products.id, ids.slice(i, i + 2_000)), eq(products.isDeleted, false)))) existing.set(p.id, p);
  }
  const variantsOf = await liveVariantsOf(tx, [...existing.keys()]);
  const aliases = [...new Set(rows.map((r) => r.alias))];
  const aliasOwner = new Map<string, number>();
  for (let i = 0; i < aliases.length; i += 2_000) {
    const taken = await tx.select({ id: products.id, alias: products.alias }).from(products)
      .where(and(inArray(products.alias, aliases.slice(i, i + 2_000)), not(products.isDeleted)));
    for (const t of taken) aliasOwner.set(aliasKey(t.alias), t.id);
  }
  const skus = [...new Set(rows.map((r) => r.sku).filter((s): s is string => !!s))];
  const skuOwner = new Map<string, number>();
  for (let i = 0; i < skus.length; i += 2_000) {
    const taken = await tx.select({ sku: productVariants.sku, productId: productVariants.productId }).from(productVariants)
      .where(and(inArray(productVariants.sku, skus.slice(i, i + 2_000)), not(productVariants.isDeleted)));
    for (const t of taken) skuOwner.set(t.sku!, t.productId);
  }

  const aliasInFile = new Map<string, number>();
  const skuInFile = new Map<string, number>();
  const plans: Plan[] = [];
  for (const [key, list] of groups) {
    const first = list[0]!;
    const current = first.productId ? existing.get(first.productId) : undefined;
    if (first.productId && !current) report.add(first.line, 'productId', 'محصولی با این شناسه نیست (یا حذف شده است)؛ برای محصول تازه این ستون را خالی بگذارید');
    // A new alias (a new product's, or a product's changed one) must not be another product's: the catalogue has
    // products sharing an alias from before (the database does not enforce it), and those stay as they are.
    const a = aliasKey(first.alias);
    if (!current || aliasKey(current.alias) !== a) {
      const sameAlias = aliasInFile.get(a);
      const owner = aliasOwner.get(a);
      if (sameAlias !== undefined) report.add(first.line, 'alias', `نام مستعار تکراری است: ردیف ${toPersianDigits(sameAlias)} محصول دیگری با همین نام مستعار دارد`);
      else if (owner !== undefined && owner !== first.productId) {
        report.add(first.line, 'alias', `نام مستعار تکراری است: محصول ${toPersianDigits(owner)} همین نام مستعار را دارد${first.productId ? '' : '؛ برای به‌روز کردن آن، شناسه‌اش را بنویسید'}`);
      }
      aliasInFile.set(a, first.line);
    }
    const category = categoryOf(index, first.category);
    if (typeof category === 'string') report.add(first.line, 'category', category);
    const brand = first.brand.trim() ? brandByTitle.get(normalizePersianText(first.brand).toLowerCase()) : undefined;
    if (first.brand.trim() && !brand) report.add(first.line, 'brand', `برند «${first.brand.trim()}» پیدا نشد؛ آن را اول در بخش برندها بسازید`);
    const description = sanitizeDescription(first.description);
    if (!description) report.add(first.line, 'description', 'توضیحات الزامی است');

    const groupsOfOptions = optionGroupsOf(first.attributes);
    const currentVariants = current ? variantsOf.get(current.id) ?? [] : [];
    const labels = new Map<string, number>();
    const variants: VariantInput[] = [];
    const kinds: Plan['kinds'] = [];
    for (const r of list) {
      const options = r.options.trim() ? r.options.split(VARIANT_SEPARATOR.trim()).map((o) => normalizePersianText(o).trim()) : [];
      const label = variantLabel(options);
      if (!isCombinationOf(groupsOfOptions, options)) {
        report.add(r.line, 'options', groupsOfOptions.length
          ? `ترکیب «${label || '—'}» با گزینه‌های محصول (${groupsOfOptions.map((g) => g.title).join('، ')}) نمی‌خواند؛ مقدارها را با « / » جدا کنید`
          : 'این محصول گزینه‌ای ندارد؛ ستون ترکیب باید خالی باشد');
      }
      if (labels.has(label)) report.add(r.line, 'options', `ترکیب «${label || '—'}» در ردیف ${toPersianDigits(labels.get(label)!)} هم آمده است`);
      labels.set(label, r.line);
      const byId = r.variantId !== undefined ? currentVariants.find((v) => v.id === r.variantId) : undefined;
      if (r.variantId !== undefined && !byId) report.add(r.line, 'variantId', 'ترکیبی با این شناسه در این محصول نیست؛ برای ترکیب تازه این ستون را خالی بگذارید');
      const was: VariantRow | undefined = byId ?? currentVariants.find((v) => v.label === label);
      if (r.sku) {
        const inFile = skuInFile.get(r.sku);
        if (inFile !== undefined) report.add(r.line, 'sku', `کد کالای «${r.sku}» تکراری است: ردیف ${toPersianDigits(inFile)} هم همین کد را دارد`);
        else skuInFile.set(r.sku, r.line);
        const skuProduct = skuOwner.get(r.sku);
        if (skuProduct !== undefined && skuProduct !== current?.id) report.add(r.line, 'sku', `کد کالای «${r.sku}» را ترکیبی از محصول ${toPersianDigits(skuProduct)} دارد`);
      }
      variants.push({
        id: was?.id, options, sku: r.sku ?? null, barcode: r.barcode ?? null, price: r.variantPrice ?? null, stock: r.stock, imageUri: was?.imageUri ?? undefined,
      });
      const same = was && was.sku === (r.sku ?? null) && was.barcode === (r.barcode ?? null) && was.price === (r.variantPrice ?? null) && was.stock === r.stock && was.label === label;
      kinds.push(!was ? 'create' : same ? 'unchanged' : 'update');
    }
    if (list.some((r) => report.has(r.line)) || typeof category === 'string' || (first.brand.trim() && !brand)) continue;

    const categoryId = category as number;
    const values = {
      title: first.title, alias: first.alias, tags: first.tags, description, categoryId, brandId: brand?.id ?? null,
      rate: first.rate ?? current?.rate ?? 0, attributes: first.attributes, isDraft: first.status ? first.status === STATUS_DRAFT || first.status === 'draft' : current?.isDraft ?? false,
      ...priceFields(first.price, undefined, first.offPersent),
      searchText: searchTextOf(first, brand, index.byId.get(categoryId)?.title),
    };
    if (current) {
      const productSame = current.title === values.title && current.alias === values.alias && current.tags === values.tags
        && current.description === values.description && current.categoryId === values.categoryId && current.brandId === values.brandId
        && current.rate === values.rate && current.isDraft === values.isDraft && current.price === values.price && current.offPersent === values.offPersent
        && canonical(current.attributes) === canonical(values.attributes);
      if (!productSame) for (let i = 0; i < kinds.length; i++) if (kinds[i] === 'unchanged') kinds[i] = 'update';
      // The variants the file does not list stay as they are.
      const listed = new Set(variants.map((v) => v.id).filter(Boolean));
      for (const v of currentVariants) {
        if (!listed.has(v.id)) variants.push({ id: v.id, options: v.options, sku: v.sku, barcode: v.barcode, price: v.price, stock: v.stock, imageUri: v.imageUri ?? undefined });
      }
    } else kinds.fill('create');
    plans.push({ key, rows: list, existing: current, values, variants, kinds });
  }
  return { plans, report, total: raw.length };
}

async function applyPlan(tx: Tx, plan: Plan) {
  const values = { ...plan.values, updatedAt: new Date() };
  const [row] = plan.existing
    ? await tx.update(products).set(values).where(eq(products.id, plan.existing.id)).returning()
    : await tx.insert(products).values(values).returning();
  await syncVariants(tx, row!, row!.attributes, { variants: plan.variants });
}

/** The dry run (apply false) or the import itself: the report either way. */
export async function importProductsCsv(ctx: ServiceContext, buffer: Buffer, apply: boolean): Promise<ProductImportReport> {
  const { plans, report, total } = await planImport(ctx.db, ctx, buffer);
  const count = (kind: 'create' | 'update' | 'unchanged', list = plans) => list.reduce((n, p) => n + p.kinds.filter((k) => k === kind).length, 0);
  const changed = plans.filter((p) => p.kinds.some((k) => k !== 'unchanged'));
  if (apply) {
    const failed = new Set<Plan>();
    for (let i = 0; i < changed.length;) {
      const batch: Plan[] = [];
      for (let rows = 0; i < changed.length && rows < BATCH_ROWS; i++) { batch.push(changed[i]!); rows += changed[i]!.rows.length; }
      await write(ctx, async (tx) => {
        for (const plan of batch) {
          try {
            await tx.transaction((sp) => applyPlan(sp as unknown as Tx, plan));
          } catch (err) {
            const message = (err as { message?: string }).message;
            failed.add(plan);
            report.add(plan.rows[0]!.line, '', /[\u0600-\u06FF]/.test(message ?? '') ? message! : 'این محصول ذخیره نشد؛ دوباره امتحان کنید');
          }
        }
        return batch.filter((p) => !failed.has(p)).length;
      }, { invalidates: true, audit: (n) => ({ action: 'product.import', entity: 'product', data: { products: n, rows: batch.reduce((s, p) => s + p.rows.length, 0) } }) });
    }
    plans.splice(0, plans.length, ...plans.filter((p) => !failed.has(p)));
  }
  const good = count('create') + count('update') + count('unchanged');
  return {
    rows: total, create: count('create'), update: count('update'), unchanged: count('unchanged'), skipped: total - good,
    errors: report.errors.sort((a, b) => a.row - b.row), applied: apply,
  };
}
