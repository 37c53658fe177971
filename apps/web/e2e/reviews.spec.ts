import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { smsCode } from './sms';

/**
 * Issue 14's reviews, end to end: a shopper with a delivered order opens «ثبت دیدگاه» from the order, rates and
 * reviews the product on its page; the owner approves it in the admin; the review, the average and the count
 * appear on the (cached) product page. Each new screen is checked with axe and photographed with SHOTS=1.
 */
const SHOTS = process.env.SHOTS ? path.join(os.tmpdir(), 'sorkhab-reviews-shots') : null;

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

test('a shopper reviews a delivered product; the owner approves it; the review and the average show on the product page', async ({ page }) => {
  test.setTimeout(180_000); // a whole order, two roles, a question and, with SHOTS, 15 screenshots
  const { request } = page; // shares the page's cookies: the shopper's login below is the browser's too
  const adminToken = (await api<{ token: string }>(request, 'User/Login', { method: 'POST', data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } })).token;
  const admin = { authorization: `Bearer ${adminToken}` };

  const list = await api<{ data: { id: number; stock: number; ratingCount: number }[] }>(request, 'Product/All?pageSize=100&inStock=true&sort=dearest');
  const product = list.data.find((p) => p.stock >= 2 && p.ratingCount === 0)!;
  expect(product, 'an in-stock product without reviews').toBeTruthy();
  const mobile = `98937${String(Date.now()).slice(-7)}`;
  await api(request, 'Auth/SendCode', { method: 'POST', data: { mobile } });
  await api(request, 'Auth/VerifyCode', { method: 'POST', data: { mobile, code: await smsCode(mobile) } });
  await api(request, 'Profile', { method: 'PUT', data: { firstname: 'نگار', lastname: 'صالحی' } });
  const detail = await api<{ variants: { id: number; stock: number }[] }>(request, `Product/ById?id=${product.id}`);
  const variant = detail.variants.find((v) => v.stock > 0)!;
  await api(request, 'Cart/Add', { method: 'POST', data: { productId: product.id, variantId: variant.id, quantity: 1 } });
  const order = await api<{ orderId: number; paymentUrl: string }>(request, 'Order/Checkout', {
    method: 'POST',
    data: { address: { firstname: 'نگار', lastname: 'صالحی', province: 'تهران', city: 'تهران', address: 'خیابان شریعتی، کوچه نیلوفر، پلاک ۳', postalCode: '1234567890', mobile: '09121234567' } },
  });
  await request.post(`${new URL(order.paymentUrl, 'http://x').pathname}/pay`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: '' });
  for (const status of ['processing', 'shipped', 'delivered']) {
    await api(request, 'Order/SetStatus', { method: 'PUT', data: { id: order.orderId, status }, headers: admin });
  }

  // The shopper: from the delivered order to the product's review form.
  await page.goto(`/profile/order/${order.orderId}`);
  await page.getByTestId('write-review').first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}#reviews$`));
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const section = page.locator('#reviews');
  await expect(section).toContainText('هنوز دیدگاهی برای این محصول ثبت نشده است');
  await section.getByRole('button', { name: 'ثبت دیدگاه' }).click();
  await section.getByRole('radio', { name: '۴ ستاره' }).click();
  // Too short: told at once, in the server's words (the shared schema), and nothing is sent.
  await section.getByLabel('متن دیدگاه').fill('عالی بود');
  await section.getByRole('button', { name: 'ثبت دیدگاه' }).click();
  await expect(section.getByText('متن دیدگاه باید دست‌کم ۱۰ کاراکتر باشد')).toBeVisible();
  await expect(section.getByTestId('my-review')).toHaveCount(0);
  await section.getByLabel('متن دیدگاه').fill('<b>بافت سبکی دارد</b> و روی پوست خوب می‌نشیند؛ بوی ملایمی هم دارد.');
  await section.getByLabel('نقاط قوت (هر مورد در یک خط)').fill('ماندگاری خوب\nبسته‌بندی محکم');
  await section.getByLabel('نقاط ضعف (هر مورد در یک خط)').fill('کمی گران');
  await expectAccessible(page, 'product page, review form');
  await shots(page, 'product-review-form', [375, 768, 1440]);
  await section.getByRole('button', { name: 'ثبت دیدگاه' }).click();
  await expect(section.getByTestId('my-review')).toContainText('در انتظار بررسی');

  // The owner approves it from the admin's list, pending first.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'منوی مدیریت' }).getByRole('link', { name: 'دیدگاه‌ها' }).click();
  const card = page.locator('[data-testid^="review-"]').filter({ hasText: 'بافت سبکی دارد' });
  await expect(card).toContainText('در انتظار بررسی');
  await expectAccessible(page, 'admin reviews');
  await shots(page, 'admin-reviews', [375, 768, 1440]);
  await card.getByLabel('پاسخ فروشگاه (زیر دیدگاه نمایش داده می‌شود)').fill('ممنون از دیدگاه شما');
  await card.getByRole('button', { name: 'ثبت پاسخ' }).click();
  await expect(page.getByText('پاسخ ثبت شد')).toBeVisible();
  await card.getByRole('button', { name: 'تأیید و انتشار' }).click();
  await expect(card).toContainText('تأییدشده');

  // The product page (cached for everyone) now carries the rating, and the review shows as text.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('product-rating')).toContainText('(۱ دیدگاه)');
  await expect(page.getByTestId('rating-summary')).toContainText('۴');
  const review = page.getByTestId('review').first();
  await expect(review).toContainText('<b>بافت سبکی دارد</b>');
  await expect(review).toContainText('نگار ص.');
  await expect(review).toContainText('خریدار این محصول');
  await expect(review).toContainText('ماندگاری خوب');
  await expect(review).toContainText('ممنون از دیدگاه شما');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(JSON.stringify(ld)).toContain('"ratingValue":4');
  await expectAccessible(page, 'product page with a review');
  await shots(page, 'product-reviews', [375, 768, 1440]);

  // A question, answered by the owner, shows under it.
  await page.getByLabel('پرسش خود را دربارهٔ این محصول بنویسید').fill('برای پوست حساس مناسب است؟');
  await page.getByRole('button', { name: 'ثبت پرسش' }).click();
  await expect(page.getByText('پرسش شما ثبت شد')).toBeVisible();
  await page.goto('/admin/questions');
  const q = page.locator('[data-testid^="question-"]').filter({ hasText: 'برای پوست حساس مناسب است؟' });
  await q.getByLabel('پاسخ فروشگاه').fill('بله، بدون عطر است.');
  await expectAccessible(page, 'admin questions');
  await shots(page, 'admin-questions', [375, 768, 1440]);
  await q.getByRole('button', { name: 'ثبت پاسخ و انتشار' }).click();
  await expect(q).toContainText('تأییدشده');
  await page.goto(`/product/${product.id}#questions`);
  await expect(page.getByTestId('question').first()).toContainText('بله، بدون عطر است.');
});
