import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { auditLog, products, productVariants } from '../../db/schema/index.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { customerToken, dataOf, errorOf, expectAdminOnly } from '../../../test/api.js';
import { multipart } from '../../../test/multipart.js';
import { CSV_COLUMNS, toCsv, type CsvRow } from './product-csv.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoIfEmpty(t.app);
}, 180_000);
afterAll(async () => { await t?.close(); });

const exportCsv = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/Product/ExportCsv${query}`, headers: bearer(await t.adminToken()) });
  expect(res.statusCode).toBe(200);
  return res;
};
const upload = async (data: Buffer | string, apply = false) => {
  const body = multipart({ apply: String(apply) }, [{ field: 'file', filename: 'products.csv', data: Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'), type: 'text/csv' }]);
  return t.app.inject({ method: 'POST', url: '/api/Product/ImportCsv', payload: body.payload, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
};
const empty = (): CsvRow => Object.fromEntries(CSV_COLUMNS.map(([k]) => [k, ''])) as CsvRow;
const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

describe('CSV export and import: the demo catalogue round trip', () => {
  it('exports UTF-8 with a BOM, Persian headers, one row per live variant', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8');
    expect(text.slice(1, text.indexOf('\r\n'))).toBe(CSV_COLUMNS.map(([, h]) => h).join(','));
    const [variants] = await t.db.select({ n: count() }).from(productVariants).where(eq(productVariants.isDeleted, false));
    const report = dataOf(await upload(res.rawPayload));
    expect(report.rows).toBe(variants!.n);
  });

  it('imports its own export back as all unchanged, in the dry run and when applied', async () => {
    const csv = (await exportCsv()).rawPayload;
    const before = await productCount();
    const dry = dataOf(await upload(csv));
    expect(dry.errors).toEqual([]);
    expect(dry).toMatchObject({ create: 0, update: 0, skipped: 0, applied: false });
    expect(dry.unchanged).toBe(dry.rows);
    const applied = dataOf(await upload(csv, true));
    expect(applied).toMatchObject({ create: 0, update: 0, skipped: 0, unchanged: dry.rows, applied: true, errors: [] });
    expect(await productCount()).toBe(before);
    expect((await exportCsv()).rawPayload.equals(csv)).toBe(true);
  });

  it('updates what changed (a price, a variant stock) only when applied, and the storefront shows it', async () => {
    const text = (await exportCsv()).rawPayload.toString('utf8');
    const [header, first, ...rest] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header && first && rest.length).toBeTruthy();
    const dry0 = dataOf(await upload(text));
    expect(dry0.update).toBe(0);
    // Re-export one product through the CSV writer with a new price (in Persian digits with separators).
    const id = Number(first!.split(',')[0]);
    const product = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${id}` }));
    const rows = product.variants.map((v: { id: number; label: string; sku: string | null; barcode: string | null; ownPrice: number | null; stock: number }) => ({
      ...empty(), productId: String(id), title: product.title, alias: product.alias, tags: product.tags,
      category: product.categoryPath.map((c: { title: string }) => c.title).join(' › '), brand: product.brand?.title ?? '', price: '۱٬۲۳۴٬۰۰۰',
      offPersent: String(product.offPersent), status: 'منتشرشده', rate: String(product.rate), attributes: product.attributes.length ? JSON.stringify(product.attributes) : '',
      description: product.description, variantId: String(v.id), options: v.label, sku: v.sku ?? '', barcode: v.barcode ?? '',
      variantPrice: v.ownPrice === null ? '' : String(v.ownPrice), stock: String(v.stock),
    }));
    const dry = dataOf(await upload(toCsv(rows)));
    expect(dry).toMatchObject({ rows: rows.length, create: 0, update: rows.length, unchanged: 0, errors: [] });
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${id}` })).price).toBe(product.price); // dry run wrote nothing
    dataOf(await upload(toCsv(rows), true));
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${id}` })).price).toBe(1_234_000);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(entry).toBeTruthy();
  });
});

describe('CSV import: 1,000 rows with 10 bad ones', () => {
  it('reports the 10 with row, column and a Persian message; applying writes the 990 in batches', async () => {
    const cat = await createCategory(t, { title: 'واردات انبوه' });
    const brand = await createBrand(t, 'برند واردات');
    const good = (i: number): CsvRow => ({
      ...empty(), title: `کالای وارداتی ${i}`, alias: `bulk-import-${i}`, tags: 'وارداتی', category: 'واردات انبوه', brand: i % 2 ? 'برند واردات' : '',
      price: i % 3 ? String(10_000 + i) : `۱۲۰٬${String(i).padStart(3, '0')}`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!), offPersent: i % 5 ? '' : '10',
      status: i % 7 ? 'منتشرشده' : 'پیش‌نویس', description: `<p>توضیح ${i}</p>`, sku: `BULK-${i}`, stock: String(i % 20),
    });
    const rows = Array.from({ length: 1000 }, (_, i) => good(i));
    const bad: [number, Partial<CsvRow>, string, string][] = [
      [10, { price: 'ارزان' }, 'قیمت (تومان)', 'قیمت باید عدد باشد'],
      [50, { category: 'دسته ناموجود' }, 'دسته‌بندی', 'دسته‌بندی «دسته ناموجود» پیدا نشد؛ نام آن را همان‌طور که در پنل است بنویسید'],
      [100, { brand: 'برند ناموجود' }, 'برند', 'برند «برند ناموجود» پیدا نشد؛ آن را اول در بخش برندها بسازید'],
      [200, { sku: 'BULK-5' }, 'کد کالا (SKU)', 'کد کالای «BULK-5» تکراری است: ردیف ۷ هم همین کد را دارد'],
      [300, { alias: 'bulk-import-6' }, 'نام مستعار', 'نام مستعار تکراری است: ردیف ۸ محصول دیگری با همین نام مستعار دارد'],
      [400, { title: 'با\u0000تهی' }, 'عنوان', 'نویسه نامعتبر (مانند نویسه تهی) دارد؛ آن را پاک کنید'],
      [500, { status: 'شاید' }, 'وضعیت', 'وضعیت باید «منتشرشده» یا «پیش‌نویس» باشد'],
      [600, { stock: '-3' }, 'موجودی', 'موجودی باید حداقل ۰ باشد'],
      [700, { title: '' }, 'عنوان', 'عنوان الزامی است'],
      [800, { options: 'قرمز' }, 'ترکیب', 'این محصول گزینه‌ای ندارد؛ ستون ترکیب باید خالی باشد'],
    ];
    for (const [i, change] of bad) rows[i] = { ...rows[i]!, ...change };
    // Row 300's alias collides with row 6's product; row 200's SKU with row 5's (the header is row 1: index i is row i + 2).
    const before = await productCount();
    const dry = dataOf(await upload(toCsv(rows)));
    expect(dry.errors).toEqual(bad.map(([i, , column, message]) => ({ row: i + 2, column, message })));
    expect(dry).toMatchObject({ rows: 1000, create: 990, update: 0, unchanged: 0, skipped: 10, applied: false });
    expect(dry.errors).toEqual(bad.map(([i, , column, message]) => ({ row: i + 2, column, message })));
    expect(await productCount()).toBe(before);

    const done = dataOf(await upload(toCsv(rows), true));
    expect(done).toMatchObject({ rows: 1000, create: 990, skipped: 10, applied: true });
    expect(done.errors).toHaveLength(10);
    expect(await productCount()).toBe(before + 990);
    const [made] = await t.db.select({ n: count() }).from(products).where(like(products.alias, 'bulk-import-%'));
    expect(made!.n).toBe(990);
    const [p12] = await t.db.select().from(products).where(eq(products.alias, 'bulk-import-12'));
    expect(p12).toMatchObject({ price: 120_012, categoryId: cat.id, isDraft: false, stock: 12 });
    const [p35] = await t.db.select().from(products).where(eq(products.alias, 'bulk-import-35'));
    expect(p35).toMatchObject({ price: 10_035, offPersent: 10, offPrice: 9_031, brandId: brand.id, isDraft: true });
    const batches = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(batches[0]!.n).toBeGreaterThanOrEqual(5); // 990 rows in batches of 200

    // The same file again: all 990 are there now, so they are unchanged… except that each new row has no id: the aliases are taken.
    const again = dataOf(await upload(toCsv(rows)));
    expect(again.create).toBe(0);
    expect(again.errors.filter((e: { column: string }) => e.column === 'نام مستعار').length).toBeGreaterThanOrEqual(990);
  }, 180_000);
});

describe('CSV: hostile input', () => {
  it('escapes cells a spreadsheet would run as a formula, and reads them back as they were', async () => {
    const cat = await createCategory(t, { title: 'فرمول' });
    const p = await createProduct(t, { CategoryId: cat.id, Title: '=HYPERLINK("http://evil.example","x")', Tags: '+cmd', Alias: '@alias' });
    const text = (await exportCsv(`?categoryId=${cat.id}`)).rawPayload.toString('utf8');
    expect(text).toContain(`${p.id},"'=HYPERLINK(""http://evil.example"",""x"")",'@alias,'+cmd,`);
    expect(text.split('\r\n').slice(1).some((line) => /^[^,]*,[=+\-@]/.test(line))).toBe(false);
    const dry = dataOf(await upload(text));
    expect(dry).toMatchObject({ rows: 1, unchanged: 1, errors: [] });
  });

  it('refuses a file that is not UTF-8 (windows-1256, or an encoded lone surrogate) with a Persian message', async () => {
    const header = CSV_COLUMNS.map(([, h]) => h).join(',');
    const cp1256 = Buffer.concat([Buffer.from(`${header}\r\n,`, 'utf8'), Buffer.from([0xe3, 0xcd, 0xd5, 0xe6, 0xe1]), Buffer.from(',x\r\n')]);
    for (const file of [cp1256, Buffer.concat([Buffer.from(`${header}\r\n,`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\r\n')])]) {
      const res = await upload(file);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'BAD_CSV', message: 'فایل با کدگذاری UTF-8 ذخیره نشده است؛ در Excel «CSV UTF-8» را برای ذخیره انتخاب کنید' });
    }
  });

  it('refuses more than 20,000 rows, counting records (a cell may span lines)', async () => {
    const header = CSV_COLUMNS.map(([, h]) => h).join(',');
    const res = await upload(`${header}\r\n${',"a\nb"\r\n'.repeat(20_001)}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('حداکثر ۲۰٬۰۰۰ ردیف در هر فایل پذیرفته می‌شود؛ فایل را چند بخش کنید');
  });

  it('refuses a file over 5 MB, a broken quote, missing columns and a missing file', async () => {
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41));
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).message).toBe('حجم فایل باید حداکثر ۵ مگابایت باشد');
    const header = CSV_COLUMNS.map(([, h]) => h).join(',');
    const broken = await upload(`${header}\r\n,"عنوان بی‌پایان,x\r\n`);
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).message).toMatch(/^ساختار فایل CSV خراب است/);
    const missing = await upload('عنوان,قیمت (تومان)\r\nکرم,1000\r\n');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toMatch(/^ستون‌های «شناسه محصول»، «نام مستعار»/);
    const body = multipart({ apply: 'false' });
    const none = await t.app.inject({ method: 'POST', url: '/api/Product/ImportCsv', payload: body.payload, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields).toEqual({ file: 'فایل CSV را انتخاب کنید' });
  });

  it('a product id that does not exist, a foreign SKU and an ambiguous category are row errors', async () => {
    const a = await createCategory(t, { title: 'تکراری' });
    const parent = await createCategory(t, { title: 'والد' });
    await createCategory(t, { title: 'تکراری', parentId: parent.id });
    const owner = await createProduct(t, { CategoryId: a.id, variants: JSON.stringify([{ options: [], stock: 1, sku: 'TAKEN-1' }]) });
    const row = (o: Partial<CsvRow>): CsvRow => ({ ...empty(), title: 'کالا', alias: `hostile-${Math.random()}`, tags: 'x', category: 'تکراری', price: '1000', description: 'متن', stock: '1', ...o });
    const report = dataOf(await upload(toCsv([row({ productId: '99999999', category: 'والد › تکراری' }), row({ sku: 'TAKEN-1', category: 'والد › تکراری' }), row({})])));
    expect(report.errors).toEqual([
      { row: 2, column: 'شناسه محصول', message: 'محصولی با این شناسه نیست (یا حذف شده است)؛ برای محصول تازه این ستون را خالی بگذارید' },
      { row: 3, column: 'کد کالا (SKU)', message: `کد کالای «TAKEN-1» را ترکیبی از محصول ${String(owner.id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)} دارد` },
      { row: 4, column: 'دسته‌بندی', message: 'چند دسته‌بندی «تکراری» نام دارند؛ مسیر کامل را بنویسید (مانند «آرایش › چشم»)' },
    ]);
  });

  it('is for admins only', async () => {
    const shopper = await customerToken(t);
    await expectAdminOnly(t, { method: 'GET', url: '/api/Product/ExportCsv' }, shopper);
    const body = multipart({ apply: 'true' }, [{ field: 'file', filename: 'p.csv', data: Buffer.from('x') }]);
    await expectAdminOnly(t, { method: 'POST', url: '/api/Product/ImportCsv', payload: body.payload, headers: body.headers }, shopper);
  });
});
