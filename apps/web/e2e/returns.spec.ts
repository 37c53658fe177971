import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { smsCode } from './sms';

/**
 * Issue 13's returns, end to end: a shopper asks to return one of two units of a delivered order with a photo, the
 * owner approves it (the unit goes back to stock) and records the refund, the shopper sees it refunded. Each new
 * page is checked with axe (WCAG 2.2 AA) and photographed at the widths people use it at (SHOTS=1 keeps the PNGs).
 */
const SHOTS = process.env.SHOTS ? path.join(os.tmpdir(), 'sorkhab-returns-shots') : null;

async function shots(page: Page, name: string, widths: number[]) {
  if (!SHOTS) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the admin's navbar slides away below 992 px; the picture waits for it (no assertion does)
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function api<T>(request: APIRequestContext, url: string, init: { method?: string; data?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await request.fetch(`/api/${url}`, { method: init.method ?? 'GET', data: init.data, headers: init.headers });
  expect(res.ok(), `${url} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data as T;
}

const fa = (n: number | string) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

test('a shopper returns a unit of a delivered order with a photo; the owner approves and refunds it', async ({ page }) => {
  const { request } = page; // shares the page's cookies: the shopper's login below is the browser's too
  const adminToken = (await api<{ token: string }>(request, 'User/Login', { method: 'POST', data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } })).token;
  const admin = { authorization: `Bearer ${adminToken}` };

  // A plain in-stock product, bought twice, paid and delivered.
  const list = await api<{ data: { id: number; stock: number }[] }>(request, 'Product/All?pageSize=100&inStock=true&sort=cheapest');
  let product: { id: number; stock: number } | undefined;
  for (const item of list.data) {
    if (item.stock < 3) continue;
    const d = await api<{ variants: unknown[] }>(request, `Product/ById?id=${item.id}`);
    if (d.variants.length === 1) { product = item; break; }
  }
  expect(product, 'a plain product with stock').toBeTruthy();
  const mobile = `98936${String(Date.now()).slice(-7)}`;
  await api(request, 'Auth/SendCode', { method: 'POST', data: { mobile } });
  await api(request, 'Auth/VerifyCode', { method: 'POST', data: { mobile, code: await smsCode(mobile) } });
  await api(request, 'Cart/Add', { method: 'POST', data: { productId: product!.id, quantity: 2 } });
  const order = await api<{ orderId: number; number: string; paymentUrl: string }>(request, 'Order/Checkout', {
    method: 'POST',
    data: { address: { firstname: 'سارا', lastname: 'کریمی', province: 'تهران', city: 'تهران', address: 'خیابان انقلاب، کوچه لاله، پلاک ۸', postalCode: '1234567890', mobile: '09121234567' } },
  });
  await request.post(`${new URL(order.paymentUrl, 'http://x').pathname}/pay`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: '' });
  for (const status of ['processing', 'shipped', 'delivered']) {
    await api(request, 'Order/SetStatus', { method: 'PUT', data: { id: order.orderId, status }, headers: admin });
  }
  const stockOf = async () => (await api<{ stock: number }>(request, `Product/ById?id=${product!.id}`)).stock;
  const stockBefore = await stockOf();

  // The shopper: the action on the delivered order, the form, a photo.
  await page.goto('/profile/order');
  await page.getByTestId('order-card').filter({ hasText: fa(order.number) }).getByRole('link', { name: 'درخواست مرجوعی' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/order/${order.orderId}/return$`));
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('checkbox').first().check();
  await expect(page.locator('select[name^=qty-]').first()).toBeEnabled();
  await page.locator('#reason').selectOption('damaged');
  await page.locator('#description').fill('درِ یکی از شیشه‌ها شکسته رسید');
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c2185b' } }).jpeg().toBuffer();
  await page.locator('#photos').setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('photo-names')).toHaveText('broken.jpg');
  await expectAccessible(page, 'return form');
  await shots(page, 'shopper-return-form', [375, 768, 1440]);
  await page.getByRole('button', { name: 'ثبت درخواست مرجوعی' }).click();

  await expect(page).toHaveURL(new RegExp(`/profile/order/${order.orderId}$`));
  const panel = page.getByTestId('returns-panel');
  await expect(panel.getByTestId('return-status')).toHaveText('در حال بررسی');
  await expect(panel.getByRole('img', { name: 'عکس ۱ درخواست مرجوعی' })).toHaveJSProperty('naturalWidth', 320);
  await expectAccessible(page, 'order with a return request');
  await shots(page, 'shopper-order-requested', [375, 768, 1440]);

  // The owner: the list filtered to waiting requests, the request, approve.
  // (The admin's API login above set the admin's cookie in this browser too.)
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'منوی مدیریت' }).getByRole('link', { name: 'مرجوعی‌ها' }).click();
  const row = page.getByRole('row').filter({ hasText: fa(order.number) });
  await expect(row).toContainText('در حال بررسی');
  await expectAccessible(page, 'admin returns list');
  await shots(page, 'admin-returns', [768, 1280]);
  await row.getByRole('link', { name: 'بررسی' }).click();
  await expect(page.getByRole('img', { name: 'عکس ۱ خریدار' })).toHaveJSProperty('naturalWidth', 320);
  await expectAccessible(page, 'admin return request');
  await shots(page, 'admin-return-requested', [768, 1280]);
  // More units than the shopper asked to return: named on the field, and nothing is asked or sent.
  const units = page.getByRole('textbox', { name: /حداکثر ۱$/ });
  await units.fill('3');
  await page.getByRole('button', { name: 'تأیید مرجوعی' }).click();
  await expect(page.getByText('بیش از ۱ عدد درخواست نشده است')).toBeVisible();
  // Taken back to the field, whose error is its description.
  await expect(units).toBeFocused();
  await expect(units).toHaveAccessibleDescription(/بیش از ۱ عدد درخواست نشده است/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await units.fill('1');
  await expect(page.getByText('بیش از ۱ عدد درخواست نشده است')).toHaveCount(0);
  await page.getByRole('button', { name: 'تأیید مرجوعی' }).click();
  // Asked once more, with what goes back to stock: nothing changes until it is confirmed.
  const confirm = page.getByRole('dialog', { name: 'تأیید مرجوعی' });
  await expect(confirm).toContainText('۱ عدد «');
  await expect(confirm).toContainText('به موجودی برمی‌گردد');
  await expectAccessible(page, 'admin return approval, confirming');
  await shots(page, 'admin-return-confirm', [768, 1280]);
  await confirm.getByRole('button', { name: 'انصراف' }).click();
  await expect(confirm).toBeHidden();
  expect(await stockOf()).toBe(stockBefore);
  await page.getByRole('button', { name: 'تأیید مرجوعی' }).click();
  await confirm.getByRole('button', { name: 'تأیید و برگشت به موجودی' }).click();
  await expect(page.getByText('مرجوعی تأیید شد و موجودی کالاها برگشت')).toBeVisible();
  expect(await stockOf()).toBe(stockBefore + 1);

  await page.getByLabel('شماره پیگیری').fill('TR-778812');
  await expectAccessible(page, 'admin refund form');
  await shots(page, 'admin-return-refund', [768, 1280]);
  await page.getByRole('button', { name: 'ثبت بازپرداخت' }).click();
  await expect(page.getByText('بازپرداخت ثبت شد')).toBeVisible();
  expect(await stockOf()).toBe(stockBefore + 1);
  // The order's page lists its returns.
  await page.getByRole('link', { name: fa(order.number), exact: true }).click();
  await expect(page.getByTestId('order-returns')).toContainText('بازپرداخت‌شده');
  // Its amounts say what the return gave back and what the shop kept.
  await expect(page.getByText('بازپرداخت مرجوعی', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-net')).toContainText('تومان');
  await expectAccessible(page, 'admin order with a return');
  await shots(page, 'admin-order-returns', [768, 1280]);

  // The shopper sees it refunded.
  await page.goto(`/profile/order/${order.orderId}`);
  await expect(page.getByTestId('return-status')).toHaveText('بازپرداخت‌شده');
  await expect(page.getByTestId('return-refund')).toContainText('کارت به کارت');
  await shots(page, 'shopper-order-refunded', [375, 768, 1440]);
});
