/**
 * Screenshots of the shop's pages at 375, 768 and 1440 px, for a person to look at (not a test).
 *
 *   node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [path …]
 *
 * Defaults: http://localhost:3000, ./.bench/screens, the main storefront pages. Admin pages (paths
 * under /admin) log in first with ADMIN_USERNAME / ADMIN_PASSWORD from the environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', outDir = '.bench/screens', ...given] = process.argv.slice(2);
const paths = given.length ? given : ['/', '/product-list', '/product/1', '/search?search=کرم', '/cart', '/login'];
const WIDTHS = [375, 768, 1440];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, locale: 'fa-IR' });
    const page = await context.newPage();
    if (paths.some((p) => p.startsWith('/admin'))) {
      await page.goto(`${base}/admin`);
      await page.getByLabel('نام کاربری').fill(process.env.ADMIN_USERNAME ?? 'admin');
      await page.locator('input[name=password]').fill(process.env.ADMIN_PASSWORD ?? '');
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      await page.getByRole('navigation', { name: 'منوی مدیریت' }).waitFor();
    }
    for (const p of paths) {
      await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL === '1' });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
