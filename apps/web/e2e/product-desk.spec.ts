import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

/**
 * The product desk (issue 13, decision 023): filter the table, unpublish two products at once, and import a small
 * CSV through its dry-run report. Axe (WCAG 2.2 AA) on the filtered table, the bulk dialog and the import report;
 * with SHOTS_DIR set, screenshots of them at 1280 and 768 px.
 */
const uniq = Date.now().toString(36).slice(-5);
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // the layout settles after a resize
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const CSV_HEADER = ['شناسه محصول', 'عنوان', 'نام مستعار', 'برچسب‌ها', 'دسته‌بندی', 'برند', 'قیمت (تومان)', 'درصد تخفیف', 'وضعیت', 'امتیاز',
  'ویژگی‌ها (JSON)', 'توضیحات', 'شناسه ترکیب', 'ترکیب', 'کد کالا (SKU)', 'بارکد', 'قیمت ترکیب (تومان)', 'موجودی'];
const csvRow = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

test('filter the products, unpublish two at once, import a CSV after its dry run', async ({ page, request }) => {
  await page.goto('/admin');
  await page.getByLabel('نام کاربری').fill('admin');
  await page.locator('input[name=password]').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'منوی مدیریت' })).toBeVisible();

  // A product sold at several prices (the demo's volumes) reads «از» before its price, as on its storefront card; one
  // sold at one price does not.
  const listed = (await (await request.get('/api/Product/All?pageSize=200')).json()).data.data as { id: number; title: string; priceVaries: boolean }[];
  for (const sizes of [true, false]) {
    const p = listed.find((x) => x.priceVaries === sizes)!;
    await page.goto(`/admin/show-product?title=${encodeURIComponent(p.title)}`);
    const price = page.getByTestId(`product-row-${p.id}`).getByRole('cell').filter({ hasText: 'تومان' });
    await expect(price).toHaveCount(1);
    if (sizes) await expect(price).toContainText(/از [۰-۹]/);
    else await expect(price).not.toContainText(/از [۰-۹]/);
  }

  // Filter: a category (with its descendants) and «with discount».
  await page.goto('/admin/show-product');
  const rows = page.locator('[data-testid^=product-row-]');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('combobox', { name: 'دسته‌بندی' }).click();
  await page.getByRole('combobox', { name: 'دسته‌بندی' }).fill('آرایش چشم');
  await page.getByRole('option', { name: /^آرایش چشم$/ }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await page.getByRole('combobox', { name: 'تخفیف' }).click();
  await page.getByRole('option', { name: 'تخفیف‌دار' }).click();
  await expect(page).toHaveURL(/off=yes/);
  // Once the filtered page has replaced the previous one, every row shows its discount.
  await expect(rows.filter({ hasNot: page.locator('text=٪') })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page, 'product table, filtered');
  await shots(page, 'products-filtered');

  // Bulk: unpublish the first two rows.
  const ids = await rows.evaluateAll((els) => els.slice(0, 2).map((e) => Number(e.getAttribute('data-testid')!.replace('product-row-', ''))));
  for (const id of ids) await page.getByTestId(`product-row-${id}`).getByRole('checkbox').check();
  await expect(page.getByRole('radio', { name: '۲ انتخاب‌شده' })).toBeChecked();
  await page.getByRole('button', { name: 'بازگرداندن به پیش‌نویس' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('این تغییر روی ۲ محصول اعمال می‌شود.')).toBeVisible();
  await expectAccessible(page, 'bulk dialog');
  await dialog.getByRole('button', { name: 'تأیید برای ۲ محصول' }).click();
  await expect(toast(page, 'بازگرداندن به پیش‌نویس روی ۲ محصول انجام شد')).toBeVisible();
  for (const id of ids) {
    await expect(page.getByTestId(`product-row-${id}`).getByText('پیش‌نویس')).toBeVisible();
    expect((await request.get(`/api/Product/ById?id=${id}`)).status()).toBe(404); // off the storefront
  }

  // Import: one new product; the dry run reports it, nothing exists until applied.
  const title = `ریمل وارداتی ${uniq}`;
  const csv = `\uFEFF${csvRow(CSV_HEADER)}\r\n${csvRow(['', title, `imported-${uniq}`, 'ریمل', 'آرایش چشم', '', '۱۸۵٬۰۰۰', '', 'منتشرشده', '', '', '<p>ریمل حجم‌دهنده</p>', '', '', `IMP-${uniq}`, '', '', '7'])}\r\n`
    + `${csvRow(['', `بی‌دسته ${uniq}`, `bad-${uniq}`, 'x', 'دسته ناموجود', '', '1000', '', '', '', '', 'متن', '', '', '', '', '', '1'])}\r\n`;
  await page.getByRole('button', { name: 'ورود از CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'ورود محصولات از فایل CSV' });
  const chooser = page.waitForEvent('filechooser');
  await importDialog.getByRole('button', { name: 'انتخاب فایل CSV' }).click();
  await (await chooser).setFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const report = importDialog.getByTestId('import-report');
  await expect(report.getByText('بررسی فایل (هنوز چیزی ذخیره نشده است):')).toBeVisible();
  await expect(report.getByRole('cell', { name: 'دسته‌بندی «دسته ناموجود» پیدا نشد؛ نام آن را همان‌طور که در پنل است بنویسید' })).toBeVisible();
  await expect(report.getByRole('cell', { name: '۳', exact: true })).toBeVisible(); // the bad row's number
  expect((await (await request.get(`/api/Product/All?title=${encodeURIComponent(title)}`)).json()).data.totalCount).toBe(0);
  await expectAccessible(page, 'import report');
  await shots(page, 'products-import-report');
  await importDialog.getByRole('button', { name: 'اعمال ۱ ردیف' }).click();
  await expect(toast(page, 'ردیف‌های درست وارد شدند')).toBeVisible();
  await expect(report.getByText('فایل وارد شد؛ ردیف‌های دارای خطا و دیگر ردیف‌های همان محصول وارد نشدند.')).toBeVisible();
  const found = (await (await request.get(`/api/Product/All?title=${encodeURIComponent(title)}`)).json()).data;
  expect(found.data.map((p: { title: string; price: number }) => [p.title, p.price])).toEqual([[title, 185_000]]);
});
