import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

/**
 * Staff roles (issue 13): the owner makes a catalogue editor; the editor's menu holds the catalogue's pages only, the
 * admin's home sends them to the first of those, and a page of another role shows «دسترسی ندارید», not a crash.
 */
test('a catalogue editor sees only the catalogue in the menu, and no orders', async ({ page, request }) => {
  const username = `editor${Date.now().toString(36).slice(-5)}`;
  const login = await request.post('/api/User/Login', { data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } });
  const { token } = (await login.json()).data as { token: string };
  const made = await request.post('/api/User', {
    headers: { authorization: `Bearer ${token}` },
    data: { username, password: 'editor-pass-123', isAdmin: true, role: 'editor', firstname: 'سارا' },
  });
  expect(made.ok(), await made.text()).toBeTruthy();

  await page.goto('/admin');
  await page.getByLabel('نام کاربری').fill(username);
  await page.locator('input[name=password]').fill('editor-pass-123');
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'منوی مدیریت' });
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/add-category$/);
  await expect(menu.getByRole('link')).toHaveText(['دسته‌بندی‌ها', 'ویژگی‌های دسته', 'افزودن محصول', 'محصولات', 'برندها', 'دیدگاه‌ها', 'پرسش‌ها']);
  await expect(page.getByText('(ویرایشگر کاتالوگ)')).toBeVisible();

  await menu.getByRole('link', { name: 'محصولات' }).click();
  await expect(page.locator('[data-testid^=product-row-]').first()).toBeVisible();

  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'دسترسی ندارید' })).toBeVisible();
  await page.getByRole('link', { name: 'رفتن به دسته‌بندی‌ها' }).click();
  await expect(page).toHaveURL(/\/admin\/add-category$/);
});
