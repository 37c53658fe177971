import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_ADMIN_PASSWORD, E2E_SMS_LOG } from '../playwright.config';
import { smsCode } from './sms';

/**
 * Issue 13's shipping (decision 021): a shopper picks Tipax at /shiping and sees the total follow its fee; the owner
 * ships the paid order with the carrier's tracking code; the console SMS carries the code; the shopper's order page
 * shows it, linked, with the timeline of statuses. Screenshots of the pages (storefront 375/768/1440, admin 768/1280)
 * go to SHOTS_DIR when it is set; axe (WCAG 2.2 AA) runs on each.
 */
const SHOTS = process.env.SHOTS_DIR;
const faDigits = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

async function look(page: Page, name: string, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await expectAccessible(page, name);
}

async function api<T>(request: APIRequestContext, path: string, init: { method?: string; data?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await request.fetch(`/api/${path}`, { method: init.method ?? 'GET', data: init.data, headers: init.headers });
  expect(res.ok(), `${path} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data as T;
}

test('the owner ships with a tracking code; the SMS has it; the shopper sees it with the timeline', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The shopper logs in through the page's own cookie jar and puts a plain product in the cart.
  const local = `935${String(Date.now()).slice(-7)}`;
  const mobile = `98${local}`;
  await api(page.request, 'Auth/SendCode', { method: 'POST', data: { mobile } });
  await api(page.request, 'Auth/VerifyCode', { method: 'POST', data: { mobile, code: await smsCode(mobile) } });
  const list = await api<{ data: { id: number; stock: number; variantCount?: number }[] }>(page.request, 'Product/All?pageSize=50&inStock=true&sort=cheapest');
  let added = false;
  for (const p of list.data) {
    if ((await page.request.post('/api/Cart/Add', { data: { productId: p.id, quantity: 1 } })).ok()) { added = true; break; }
  }
  expect(added).toBe(true);

  await test.step('/shiping: methods with fees for the typed city, the total follows the choice', async () => {
    await page.goto('/shiping');
    await hydrated(page);
    await page.locator('#ship-firstname').fill('مریم');
    await page.locator('#ship-lastname').fill('احمدی');
    await page.locator('#ship-province').selectOption('تهران');
    await page.locator('#ship-city').fill('تهران');
    await page.locator('#ship-address').fill('خیابان ولیعصر، کوچه بهار، پلاک ۱۲');
    await page.locator('#ship-postalCode').fill('۱۲۳۴۵۶۷۸۹۰');
    await page.locator('#ship-mobile').fill(`۰${faDigits(local)}`);
    const methods = page.getByTestId('shipping-methods');
    await expect(methods.getByRole('radio')).toHaveCount(4);
    await methods.getByText('تیپاکس').click();
    const total = page.getByTestId('cart-totals');
    await expect(total).toContainText('۷۰٬۰۰۰');
    await look(page, 'shiping', [375, 768, 1440]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('pay').click();
    await expect(page).toHaveURL(/\/payment\/fake\/FAKE/);
    await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/result\?result=paid/);
  });
  const number = new URL(page.url()).searchParams.get('number')!;

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fa-IR' });
  const admin = await adminContext.newPage();
  await test.step('the owner ships it with the carrier\'s code', async () => {
    await admin.goto('/admin');
    await admin.getByLabel('نام کاربری').fill('admin');
    await admin.locator('input[name=password]').fill(E2E_ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'ورود', exact: true }).click();
    await admin.getByRole('link', { name: 'روش‌های ارسال' }).click();
    await expect(admin.getByRole('cell', { name: 'تیپاکس' }).first()).toBeVisible();
    await look(admin, 'admin-shipping', [768, 1280]);
    await admin.getByRole('button', { name: 'عملیات پیک درون‌شهری' }).click();
    await admin.getByRole('menuitem', { name: 'ویرایش' }).click();
    await expect(admin.getByRole('dialog').getByRole('combobox', { name: 'شهر منطقه ۱' })).toHaveValue('تهران');
    await look(admin, 'admin-shipping-form', [768, 1280]);
    await admin.keyboard.press('Escape');
    await expect(admin.getByRole('dialog')).toBeHidden();

    const orders = await api<{ data: { id: number; number: string }[] }>(admin.request, `Order/Admin?search=${number}`);
    await admin.goto(`/admin/orders/${orders.data[0]!.id}`);
    const next = async (label: string) => {
      await admin.getByRole('combobox', { name: 'تغییر وضعیت به' }).click();
      await admin.getByRole('option', { name: label }).click();
    };
    await next('در حال آماده‌سازی');
    await admin.getByRole('button', { name: 'ثبت', exact: true }).click();
    await expect(admin.locator('.mantine-Notification-root').filter({ hasText: 'وضعیت سفارش تغییر کرد' })).toBeVisible();
    await next('ارسال‌شده');
    await admin.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(admin.locator('.mantine-InputWrapper-error').filter({ hasText: 'کد رهگیری مرسوله تیپاکس را وارد کنید' })).toBeVisible();
    await admin.getByTestId('tracking-input').fill('۴۴۰۰۱۲۳۴۵۶۷۸۹');
    await admin.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(admin.getByText('4400123456789')).toBeVisible();
    await look(admin, 'admin-order', [768, 1280]);
    // The invoice and the packing label name the carrier and its code: the packer sorts the parcels by them.
    for (const kind of ['invoice', 'label']) {
      await admin.goto(`/admin/print?kind=${kind}&ids=${orders.data[0]!.id}`);
      await expect(admin.getByTestId(kind === 'invoice' ? 'invoice-shipping' : 'label-shipping')).toContainText('تیپاکس');
      await expect(admin.locator('article.sheet')).toContainText('4400123456789');
    }
    await adminContext.close();
  });

  await test.step('the console SMS carries the code', async () => {
    await expect.poll(() => fs.readFileSync(E2E_SMS_LOG, 'utf8').split('\n')
      .some((l) => l.startsWith(`[sms] to=${mobile} `) && l.includes('ارسال شد') && l.includes('4400123456789'))).toBe(true);
  });

  await test.step('the shopper sees the code, its link and the timeline', async () => {
    await page.goto('/profile/order');
    await page.getByTestId('order-card').first().getByRole('link', { name: 'جزئیات سفارش' }).click();
    await expect(page.getByTestId('tracking-code')).toHaveText('4400123456789');
    await expect(page.getByRole('link', { name: 'پیگیری در سایت تیپاکس' })).toHaveAttribute('href', 'https://tipaxco.com/tracking');
    const timeline = page.getByTestId('order-timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(4);
    await expect(timeline.last()).toContainText('ارسال‌شده');
    await expect(timeline.last()).toContainText(/۱۴[۰-۹]{2}/);
    await look(page, 'profile-order', [375, 1440]);
  });
});
