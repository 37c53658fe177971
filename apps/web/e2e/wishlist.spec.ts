import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_SMS_LOG } from '../playwright.config';
import { smsCode } from './sms';

/**
 * Issue 14's wishlist and «موجود شد خبرم کن» (decision 026): a guest's heart leads to login and the product is saved on the
 * way back; it is on /profile/wishlist and goes with «حذف»; a shopper waits for an out-of-stock product, the owner puts
 * stock back, and the SMS is in the console provider's log.
 */
async function api<T>(request: APIRequestContext, url: string, init: { method?: string; data?: unknown; headers?: Record<string, string>; multipart?: Record<string, string> } = {}): Promise<T> {
  const res = await request.fetch(`/api/${url}`, { method: init.method ?? 'GET', data: init.data, headers: init.headers, multipart: init.multipart });
  expect(res.ok(), `${url} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data as T;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

async function shopperLogin(request: APIRequestContext) {
  const mobile = `98937${String(Date.now()).slice(-7)}`;
  await api(request, 'Auth/SendCode', { method: 'POST', data: { mobile } });
  await api(request, 'Auth/VerifyCode', { method: 'POST', data: { mobile, code: await smsCode(mobile) } });
  return mobile;
}

/** A guest hearts the home page's first card and is sent to log in; then logs in (the browser's cookies). Answers its id. */
async function guestHeartThenLogin(page: Page) {
  await page.goto('/');
  await hydrated(page);
  const heart = page.getByTestId('heart').first();
  const href = await heart.locator('xpath=..').getByTestId('product-card').getAttribute('href');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await shopperLogin(page.request);
  return Number(href!.split('/').pop());
}

const wishSave = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/Wishlist/Add') && r.request().method() === 'POST');
const wishlistItem = (page: Page, id: number) => page.getByTestId('wishlist-item').filter({ has: page.locator(`a[href="/product/${id}"]`) });

test('a guest\'s heart on a card leads to login and back; the product is on /profile/wishlist until removed', async ({ page }) => {
  const id = await guestHeartThenLogin(page);
  // Back on the home page logged in, the wish made as a guest is saved: the heart fills at once, and the save answers
  // before the shopper moves on (leaving first is the next test).
  const saved = wishSave(page);
  await page.goto('/');
  await hydrated(page);
  const heart = page.locator(`a[href="/product/${id}"][data-testid=product-card]`).first().locator('xpath=..').getByTestId('heart');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  await page.goto('/profile/wishlist');
  await hydrated(page);
  const item = wishlistItem(page, id);
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /حذف/ }).click();
  await expect(item).toHaveCount(0);
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.locator('main h1 + [data-testid=heart]')).toHaveAttribute('aria-pressed', 'false');
  // The product page's heart saves it again.
  await page.locator('main h1 + [data-testid=heart]').click();
  await expect(page.locator('main h1 + [data-testid=heart]')).toHaveAttribute('aria-pressed', 'true');
});

test('a guest\'s wish is kept when the shopper leaves the page before its save answers: /profile/wishlist saves and lists it', async ({ page }) => {
  const id = await guestHeartThenLogin(page);
  // The home page's save is held in the browser; the shopper goes to the wishlist meanwhile, and the held save is then
  // dropped, never reaching the server. Later saves pass.
  const held: Route[] = [];
  await page.route('**/api/Wishlist/Add', (route) => (held.length ? route.continue() : void held.push(route)));
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => held.length, { message: 'the home page sent the save' }).toBe(1);
  const saved = wishSave(page);
  await page.goto('/profile/wishlist');
  await held[0]!.abort().catch(() => { /* the browser dropped it with its page */ });
  await hydrated(page);
  expect((await saved).ok()).toBe(true);
  await expect(wishlistItem(page, id)).toHaveCount(1);
  await page.unroute('**/api/Wishlist/Add');
  // Saved once: the next page sends nothing more.
  let more = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/Wishlist/Add')) more++; });
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator(`a[href="/product/${id}"][data-testid=product-card]`).first().locator('xpath=..').getByTestId('heart')).toHaveAttribute('aria-pressed', 'true');
  expect(more).toBe(0);
});

test('a shopper waits for an out-of-stock product; the owner puts stock back and the SMS is sent', async ({ page }) => {
  const { request } = page;
  const admin = { authorization: `Bearer ${(await api<{ token: string }>(request, 'User/Login', { method: 'POST', data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } })).token}` };
  const categoryId = (await api<{ data: { categoryId: number }[] }>(request, 'Product/All?pageSize=1')).data[0]!.categoryId;
  const title = `سرم ویتامین سی ${Date.now() % 100000}`;
  const fields = { Title: title, Alias: 'vitamin-c-serum', Tags: 'سرم', Price: '450000', Description: '<p>سرم روشن‌کننده</p>', CategoryId: String(categoryId) };
  const product = await api<{ id: number }>(request, 'Product/Create', { method: 'POST', headers: admin, multipart: { ...fields, Stock: '0' } });

  const mobile = await shopperLogin(request);
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await expect(page.getByTestId('out-of-stock')).toBeVisible();
  await page.getByTestId('notify-me').click();
  await expect(page.getByTestId('notify-on')).toContainText('با پیامک خبرتان می‌کنیم');
  await page.goto('/profile/wishlist');
  await expect(page.getByTestId('stock-alert').filter({ hasText: title })).toHaveCount(1);

  // The owner sees the demand; then the stock comes back.
  const waiting = await api<{ waiting: number }>(request, `StockAlert/Count?id=${product.id}`, { headers: admin });
  expect(waiting.waiting).toBe(1);
  await api(request, 'Product/Update', { method: 'PUT', headers: admin, multipart: { ...fields, Id: String(product.id), Stock: '4' } });
  const lines = () => (fs.existsSync(E2E_SMS_LOG) ? fs.readFileSync(E2E_SMS_LOG, 'utf8').trim().split('\n') : [])
    .filter((l) => l.startsWith(`[sms] to=${mobile} `) && l.includes(title));
  await expect.poll(() => lines().length, { message: 'the back-in-stock SMS in the console log' }).toBe(1);
  expect(lines()[0]).toContain(`«${title}» که منتظرش بودید موجود شد`);
  expect(lines()[0]).toContain(`/product/${product.id}`);
  await page.goto('/profile/wishlist');
  await hydrated(page);
  await expect(page.getByTestId('stock-alert')).toHaveCount(0);
});
