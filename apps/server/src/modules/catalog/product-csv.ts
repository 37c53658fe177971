/**
 * The product CSV's shape (decision 023): one row per variant, the product's columns repeated on each of
 * its rows, Persian headers, UTF-8 with a BOM (so Excel reads Persian). Cells a spreadsheet would run as a
 * formula (= + - @, a tab or CR first) are written with a leading apostrophe, and read back without it;
 * so is a cell that starts with an apostrophe, so the round trip is lossless.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { formatNumber, MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES, toPersianDigits } from '@sorkhab/shared';
import { AppError, badRequest } from '../../lib/errors.js';

/** The columns in order: the key the code reads, the header a person reads. */
export const CSV_COLUMNS = [
  ['productId', 'شناسه محصول'],
  ['title', 'عنوان'],
  ['alias', 'نام مستعار'],
  ['tags', 'برچسب‌ها'],
  ['category', 'دسته‌بندی'],
  ['brand', 'برند'],
  ['price', 'قیمت (تومان)'],
  ['offPersent', 'درصد تخفیف'],
  ['status', 'وضعیت'],
  ['rate', 'امتیاز'],
  ['attributes', 'ویژگی‌ها (JSON)'],
  ['description', 'توضیحات'],
  ['variantId', 'شناسه ترکیب'],
  ['options', 'ترکیب'],
  ['sku', 'کد کالا (SKU)'],
  ['barcode', 'بارکد'],
  ['variantPrice', 'قیمت ترکیب (تومان)'],
  ['stock', 'موجودی'],
] as const;
export type CsvKey = (typeof CSV_COLUMNS)[number][0];
export type CsvRow = Record<CsvKey, string>;
export const headerOf = new Map<CsvKey, string>(CSV_COLUMNS.map(([k, h]) => [k, h]));
export const STATUS_PUBLISHED = 'منتشرشده';
export const STATUS_DRAFT = 'پیش‌نویس';
/** The columns of a product (the same on each of its rows); the rest are the variant's. */
export const PRODUCT_KEYS: CsvKey[] = ['productId', 'title', 'alias', 'tags', 'category', 'brand', 'price', 'offPersent', 'status', 'rate', 'attributes', 'description'];

const FORMULA_START = /^['=+\-@\t\r]/;
const escapeCell = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
const unescapeCell = (v: string) => (v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v);

/** The file: BOM, header row, one row per variant; CRLF lines as Excel writes them. */
export function toCsv(rows: CsvRow[]): string {
  const body = stringify(rows.map((r) => CSV_COLUMNS.map(([k]) => escapeCell(r[k]))), {
    header: true, columns: CSV_COLUMNS.map(([, h]) => h), record_delimiter: '\r\n', quoted_match: /^\s|\s$/,
  });
  return `\uFEFF${body}`;
}

const fileError = (message: string) => new AppError(400, 'BAD_CSV', message);

/** Header text as a person may have retyped it: trimmed, ZWNJ and spaces loosened, case ignored. */
const headerKey = (h: string) => h.replace(/[\u200c\s]+/g, '').toLowerCase();
const byHeader = new Map<string, CsvKey>(CSV_COLUMNS.flatMap(([k, h]) => [[headerKey(h), k], [headerKey(k), k]]));

export interface ParsedCsv {
  rows: { line: number; cells: CsvRow }[];
}

/**
 * Reads an uploaded file: UTF-8 (with or without a BOM; anything else is refused with a Persian message),
 * a header naming the columns (in any order; Persian headers or the English keys), at most MAX_IMPORT_ROWS rows.
 */
export function fromCsv(buffer: Buffer): ParsedCsv {
  if (buffer.length > MAX_UPLOAD_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `حجم فایل باید حداکثر ${toPersianDigits(MAX_UPLOAD_BYTES / (1024 * 1024))} مگابایت باشد`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw fileError('فایل با کدگذاری UTF-8 ذخیره نشده است؛ در Excel «CSV UTF-8» را برای ذخیره انتخاب کنید');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }); // the whole file (5 MB at most): none is cut silently
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw fileError(`ساختار فایل CSV خراب است${line ? ` (نزدیک سطر ${toPersianDigits(line)})` : ''}؛ فایل را دوباره از Excel ذخیره کنید`);
  }
  const [header, ...body] = records;
  if (!header) throw fileError('فایل خالی است');
  if (body.length > MAX_IMPORT_ROWS) throw fileError(`حداکثر ${formatNumber(MAX_IMPORT_ROWS)} ردیف در هر فایل پذیرفته می‌شود؛ فایل را چند بخش کنید`);
  const keys = header.map((h) => byHeader.get(headerKey(h)));
  const missing = CSV_COLUMNS.filter(([k]) => !keys.includes(k)).map(([, h]) => `«${h}»`);
  if (missing.length) throw badRequest(`ستون‌های ${missing.join('، ')} در سطر اول فایل نیست؛ از فایل خروجی همین پنل به‌عنوان الگو استفاده کنید`);
  const rows = body.map((cells, i) => {
    const row = Object.fromEntries(CSV_COLUMNS.map(([k]) => [k, ''])) as CsvRow;
    keys.forEach((k, j) => { if (k) row[k] = unescapeCell(cells[j] ?? ''); });
    return { line: i + 2, cells: row };
  });
  return { rows };
}
