import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Buying on a phone (issue 14): at 375 px the first screen shows the price and add-to-cart in the sticky bar, which
 * follows the chosen variant and adds it; the gallery swipes and opens a zoom viewer closed by Esc; two products of
 * one category are compared side by side, and one of another category is refused with why.
 */
interface Item { id: number; title: string; categoryId: number; stock: number }
interface Detail extends Item { gallery: unknown[]; variants: { stock: number }[] }

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as T;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

test('on a phone: the buy bar adds the chosen variant, the gallery swipes and zooms', async ({ page, request }) => {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100&inStock=true');
  let target: Detail | undefined;
  for (const item of list.data) {
    const d = await api<Detail>(request, `Product/ById?id=${item.id}`);
    if (d.gallery.length >= 2 && d.variants.filter((v) => v.stock > 0).length >= 2) { target = d; break; }
  }
  expect(target, 'a demo product with gallery images and variants').toBeTruthy();

  await page.goto(`/product/${target!.id}`);
  await hydrated(page);
  const bar = page.getByTestId('buy-bar');
  await expect(bar.getByTestId('buy-bar-price')).toBeInViewport();
  await expect(bar.getByTestId('buy-bar-add')).toBeInViewport();
  // Above the bottom navigation, not over it.
  const barBox = (await bar.boundingBox())!;
  const navBox = (await page.getByRole('navigation', { name: 'منوی پایین' }).boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);

  // Choose a variant: the bar shows its price (the same as the buy box's), and adds it.
  for (const group of await page.getByRole('radiogroup').all()) {
    await group.locator('[role=radio]:not([aria-disabled=true])').last().click();
  }
  const chosen = (await page.getByTestId('price').textContent())!.trim();
  await expect(bar.getByTestId('buy-bar-price')).toContainText(chosen);
  await bar.getByTestId('buy-bar-add').click();
  await expect(bar.getByText('به سبد خرید افزوده شد')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('۱');

  // Swipe to the next image (a scroll of the snapping track, as a finger makes): the counter follows.
  const track = page.getByTestId('gallery-track');
  const count = await page.getByTestId('gallery-slide').count();
  const counter = page.getByTestId('gallery-counter');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(counter).toContainText('تصویر ۱ از');
  await track.evaluate((el) => el.scrollBy({ left: getComputedStyle(el).direction === 'rtl' ? -el.clientWidth : el.clientWidth }));
  await expect(counter).toContainText('تصویر ۲ از');

  // Tap it: the viewer opens on that image; the left arrow goes forward (right to left), the zoom toggles, Esc closes.
  await page.getByTestId('gallery-slide').nth(1).click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('viewer-counter')).toContainText('تصویر ۲ از');
  await page.keyboard.press('ArrowLeft');
  const third = count >= 3 ? '۳' : '۱';
  await expect(viewer.getByTestId('viewer-counter')).toContainText(`تصویر ${third} از`);
  await viewer.getByRole('button', { name: 'بزرگ‌نمایی' }).click();
  await expect(viewer.getByRole('button', { name: 'اندازه عادی' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // Back on the page, at the image the viewer ended on, with focus returned to it.
  await expect(counter).toContainText(`تصویر ${third} از`);
  await expect(page.getByTestId('gallery-slide').nth(count >= 3 ? 2 : 0)).toBeFocused();
});

test('compare two products of one category; another category is refused with why', async ({ page, request }) => {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100');
  const a = list.data.find((p) => list.data.some((q) => q.id !== p.id && q.categoryId === p.categoryId))!;
  const b = list.data.find((q) => q.id !== a.id && q.categoryId === a.categoryId)!;
  const other = list.data.find((p) => p.categoryId !== a.categoryId)!;

  await page.goto(`/product/${a.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'مقایسه', exact: true }).click();
  await expect(page.getByTestId('compare-tray')).toContainText('۱ از ۴');

  await page.goto(`/product/${b.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'مقایسه', exact: true }).click();
  await expect(page.getByRole('button', { name: 'در فهرست مقایسه' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/product/${other.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'مقایسه', exact: true }).click();
  await expect(page.getByTestId('compare-refusal')).toContainText('فقط کالاهای یک دسته با هم مقایسه می‌شوند');
  await page.getByRole('button', { name: 'بستن' }).click();

  await page.getByTestId('compare-link').click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${a.id},${b.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مقایسه ۲ کالا');
  const columns = page.getByTestId('compare-column');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText(a.title);
  await expect(columns.nth(1)).toContainText(b.title);
  await expect(page.getByRole('rowheader', { name: 'قیمت' })).toBeVisible();
});

test('the category\'s best sellers under a product load as the shopper scrolls to them, without the product itself', async ({ page, request }) => {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100');
  const byCategory = new Map<number, Item[]>();
  for (const item of list.data) byCategory.set(item.categoryId, [...(byCategory.get(item.categoryId) ?? []), item]);
  const [product] = [...byCategory.values()].find((items) => items.length >= 3)!;
  const expected = (await api<{ data: Item[] }>(request, `Product/All?categoryId=${product!.categoryId}&pageSize=11&sort=bestselling`)).data
    .filter((p) => p.id !== product!.id).map((p) => `/product/${p.id}`);

  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes(`/api/Product/All?categoryId=${product!.categoryId}`)) asked.push(r.url()); });
  await page.goto(`/product/${product!.id}`);
  await hydrated(page);
  const related = page.getByTestId('related');
  await expect(related.getByTestId('product-card')).toHaveCount(0); // not in the page's HTML, not asked for yet
  expect(asked).toEqual([]);
  await related.scrollIntoViewIfNeeded();
  await expect(related.getByRole('heading', { name: 'محصولات مرتبط' })).toBeVisible();
  await expect(related.getByTestId('product-card')).toHaveCount(expected.length);
  expect(await related.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('href')))).toEqual(expected);
});
