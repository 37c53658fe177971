import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const FA = '۰۱۲۳۴۵۶۷۸۹';
const latin = (s: string) => s.replace(/[۰-۹]/g, (d) => String(FA.indexOf(d))).replace(/[٬,]/g, '');
const priceOf = (text: string) => Number(latin(text).match(/\d+/)?.[0] ?? NaN);

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as T;
}

interface Item { id: number; title: string; price: number; offPrice: number; hasOff: boolean; priceVaries: boolean; stock: number; brand: { id: number; title: string } | null }
interface Detail extends Item { attributes: { colorObj?: { name: string; stock?: number }[] | null }[] }

/** The dearest in-stock product with colours under a top-level category: the journey's target. */
async function colourProduct(request: APIRequestContext, categoryId: number) {
  const list = await api<{ data: Item[] }>(request, `Product/All?categoryId=${categoryId}&pageSize=100&inStock=true&sort=dearest`);
  for (const item of list.data) {
    if (!item.brand) continue;
    const detail = await api<Detail>(request, `Product/ById?id=${item.id}`);
    if (detail.attributes.some((a) => a.colorObj?.some((c) => (c.stock ?? 1) > 0))) return detail;
  }
  throw new Error('the demo catalogue has no product with colours');
}

const cartCount = (page: Page) => page.getByTestId('cart-count');

test('from the home page through the mega menu to a listing, filters, pages, a product and the cart', async ({ page, request }) => {
  const roots = await api<{ id: number; title: string }[]>(request, 'Category/GetCategories');
  const root = roots[0]!;
  const target = await colourProduct(request, root.id);

  await page.goto('/');
  await expect(page).toHaveTitle(/سرخاب/);
  await page.getByTestId('mega-menu-button').hover();
  const menu = page.getByTestId('mega-menu');
  await expect(menu).toBeVisible();
  // The click that follows the hover (a mouse's, or a touch screen's tap) leaves it open; a second one closes it.
  await page.getByTestId('mega-menu-button').click();
  await expect(menu).toBeVisible();
  await page.getByTestId('mega-menu-button').click();
  await expect(menu).toBeHidden();
  // From the keyboard: Enter opens it, Escape inside it closes it and the focus is back on the button.
  await page.getByTestId('mega-menu-button').press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: root.title, exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('mega-menu-button')).toBeFocused();
  await page.mouse.move(0, 0);
  await page.getByTestId('mega-menu-button').hover();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: root.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product-list\\?category=.+&brand=${root.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(root.title);
  await expect(cartCount(page)).toBeHidden(); // an empty cart shows no count

  // Page through: page 2 is a real URL with its own cards.
  const firstPageTitles = await page.getByTestId('product-card').locator('h3').allTextContents();
  await page.getByRole('link', { name: 'صفحه ۲' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('link', { name: 'صفحه ۲' })).toHaveAttribute('aria-current', 'page');
  const secondPageTitles = await page.getByTestId('product-card').locator('h3').allTextContents();
  expect(secondPageTitles.length).toBeGreaterThan(0);
  expect(secondPageTitles).not.toEqual(firstPageTitles);

  // Brand filter (auto-applies, back to page 1).
  const filters = page.getByTestId('filters');
  await filters.getByRole('checkbox', { name: new RegExp(target.brand!.title) }).check();
  await expect(page).toHaveURL(new RegExp(`brands=${target.brand!.id}`));
  await expect(page).not.toHaveURL(/page=2/);
  // The panel is made anew for the new listing; the focus is back on the box the shopper ticked, not on the page.
  await expect(filters.getByRole('checkbox', { name: new RegExp(target.brand!.title) })).toBeFocused();
  const brandCards = page.getByTestId('product-card');
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expect(brandCards.first()).toBeVisible();
  for (const text of await brandCards.locator('p.truncate').allTextContents()) expect(text).toBe(target.brand!.title);

  // Price filter: the lower thumb one step up (ArrowLeft in right-to-left).
  await filters.getByRole('slider', { name: 'از' }).press('ArrowLeft');
  await expect(page).toHaveURL(/minPrice=\d+/);
  await expect(filters.getByRole('slider', { name: 'از' })).toBeFocused();
  const minPrice = Number(new URL(page.url()).searchParams.get('minPrice'));
  expect(minPrice).toBeGreaterThan(0);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const prices = await page.getByTestId('product-card').locator('p.font-bold').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) expect(priceOf(p)).toBeGreaterThanOrEqual(minPrice);

  // Open the target product (the dearest with colours, first when sorted by price).
  await page.getByRole('link', { name: 'گران‌ترین' }).click();
  await expect(page).toHaveURL(/sort=dearest/);
  await page.getByTestId('product-card').filter({ hasText: target.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);

  // Adding without a colour asks for one; picking a colour adds it and the count changes.
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(/لطفاً .+ را انتخاب کنید/)).toBeVisible();
  const swatch = page.getByTestId('swatch').and(page.locator(':not([aria-disabled="true"])')).first();
  const colour = (await swatch.getAttribute('title'))!;
  await swatch.click();
  await expect(swatch).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('به سبد خرید افزوده شد')).toBeVisible();
  await expect(cartCount(page)).toHaveText('۱');

  // The popup shows the line with its colour, and the count survives a reload (server cart).
  await page.getByTestId('cart-button').click();
  const popup = page.getByRole('dialog', { name: 'سبد خرید' });
  await expect(popup.getByText(target.title)).toBeVisible();
  await expect(popup.getByText(colour, { exact: true })).toBeVisible();
  await page.reload();
  await expect(cartCount(page)).toHaveText('۱');
});

test('a tap on add-to-cart while the cart is still loading is not lost', async ({ page, request }) => {
  // A product without options, so one tap adds it.
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100&inStock=true&sort=cheapest');
  let product: Item | undefined;
  for (const item of list.data) {
    const d = await api<{ attributes: { colorObj?: unknown[] | null; arr?: unknown[] | null; obj?: unknown[] | null }[] }>(request, `Product/ById?id=${item.id}`);
    if (!d.attributes.some((a) => a.colorObj?.length || a.arr?.length || a.obj?.length)) { product = item; break; }
  }
  expect(product, 'a plain in-stock product in the demo catalogue').toBeTruthy();

  // Hold the page's first cart load until the shopper has tapped (a slow network, made certain).
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/api\/Cart$/, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  const loading = page.waitForRequest((r) => /\/api\/Cart$/.test(r.url()) && r.method() === 'GET');
  await page.goto(`/product/${product!.id}`);
  await loading; // hydrated, and the cart is on its way
  const button = page.getByTestId('add-to-cart');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toHaveText(/در حال افزودن/); // taken, waiting behind the load
  release();
  await expect(page.getByText('به سبد خرید افزوده شد')).toBeVisible();
  await expect(cartCount(page)).toHaveText('۱');
  await expect(button).toHaveText(/افزودن به سبد خرید/);
});

test('a search with Arabic ي and ك finds the Persian-titled product', async ({ page, request }) => {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100');
  const product = list.data.find((p) => /ی/.test(p.title) && /ک/.test(p.title)) ?? list.data.find((p) => /[یک]/.test(p.title))!;
  const arabic = product.title.replace(/ی/g, 'ي').replace(/ک/g, 'ك');
  expect(arabic).not.toBe(product.title);

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'جستجو در محصولات' });
  await box.fill(arabic);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=/);
  await expect(page.getByTestId('product-card').filter({ hasText: product.title }).first()).toBeVisible();
});

test('suggestions while typing: Persian, Arabic letters, a typo and a Latin brand name; arrows and Enter open one', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const box = page.getByRole('combobox', { name: 'جستجو در محصولات' });
  const list = page.getByRole('listbox', { name: 'پیشنهادهای جستجو' });
  const options = list.getByRole('option');

  await box.pressSequentially('ر');
  await expect(box).toHaveAttribute('aria-expanded', 'false'); // one letter: nothing yet
  await box.pressSequentially('ژ');
  await expect(list.getByRole('group', { name: 'محصولات' }).getByRole('option').first()).toContainText('رژ');
  await expect(list.getByRole('group', { name: 'دسته‌بندی‌ها' })).toContainText('رژ لب');

  for (const [typed, found] of [['كرم پودر', 'کرم پودر'], ['ریمیل', 'ریمل'], ['loreal', 'لورآل']]) {
    await box.fill(typed!);
    await expect(options.first()).toContainText(found!);
  }
  await box.press('Escape');
  await expect(list).toBeHidden();

  await box.fill('رژ لب');
  await expect(options.first()).toContainText('رژ');
  const first = (await options.first().textContent())!;
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.replace(/[۰-۹٬,]+ تومان$|ناموجود$/, '').trim());
});

test('the mobile menu at 375 px: a category tab shows its children as headings and their children under them', async ({ page, request }) => {
  const roots = await api<{ id: number; title: string; children: { title: string; children: { title: string }[] }[] }[]>(request, 'Category/GetCategories');
  const root = roots.find((r, i) => i > 0 && r.children.some((c) => c.children.length > 0))!;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByTestId('mega-menu-button')).toBeHidden();
  // The dialog is the hydrated page's: a tap before that follows the link to the home page's categories (tested
  // below, without JavaScript) — on a busy machine the first click here landed before hydration.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByTestId('mobile-menu-button').click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeVisible();
  // A modal dialog: the focus is in it, Tab goes round its own controls, Escape closes it back to the bar's button.
  await expect(menu.getByRole('tab', { name: roots[0]!.title })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('mobile-menu-button')).toBeFocused();
  await page.getByTestId('mobile-menu-button').click();
  await menu.getByRole('tab', { name: root.title }).click();
  await expect(menu.getByRole('tab', { name: root.title })).toHaveAttribute('aria-selected', 'true');
  const panel = menu.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(root.children.map((c) => c.title));
  const child = root.children.find((c) => c.children.length > 0)!;
  await expect(panel.getByRole('link', { name: `همه ${child.title}`, exact: true })).toBeVisible();
  const sub = panel.getByRole('region', { name: child.title }).getByRole('link', { name: child.children[0]!.title, exact: true });
  await expect(sub.locator('img')).toBeVisible();
  const box = (await sub.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await sub.click();
  await expect(page).toHaveURL(/\/product-list\?category=/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(child.children[0]!.title);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("a phone's «دسته‌بندی‌ها» before the page is interactive takes the shopper to the home page's categories", async ({ page, request }) => {
    const roots = await api<{ title: string }[]>(request, 'Category/GetCategories');
    await page.goto('/faq');
    await page.getByTestId('mobile-menu-button').click();
    await expect(page).toHaveURL(/\/#categories$/);
    const categories = page.getByRole('navigation', { name: 'دسته‌بندی‌ها' });
    await expect(categories).toBeInViewport();
    const first = categories.getByRole('link').first();
    await expect(first).toHaveText(roots[0]!.title);
    // Not under the sticky header: the whole of the first category (its picture too) shows below it.
    const header = (await page.locator('header').first().boundingBox())!;
    expect((await first.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});

test.describe('without JavaScript, on a wide screen', () => {
  test.use({ javaScriptEnabled: false });

  test('a price range typed in the filters\' fields narrows a listing (the slider cannot move without scripts)', async ({ page, request }) => {
    const root = (await api<{ id: number; title: string }[]>(request, 'Category/GetCategories'))[0]!;
    const all = await api<{ data: Item[]; totalCount: number }>(request, `Product/All?categoryId=${root.id}&pageSize=100&sort=cheapest`);
    // A floor halfway along the category's prices, so that it leaves some products out and keeps some.
    const floor = Math.ceil(all.data[Math.floor(all.data.length / 2)]!.price / 1000) * 1000;
    const kept = await api<{ totalCount: number }>(request, `Product/Count?categoryId=${root.id}&minPrice=${floor}`);
    expect(kept.totalCount).toBeGreaterThan(0);
    expect(kept.totalCount).toBeLessThan(all.totalCount);

    await page.goto(`/product-list?category=${encodeURIComponent(root.title)}`);
    const fa = (n: number) => n.toLocaleString('en-US').replace(/\d/g, (d) => FA[Number(d)]!).replace(/,/g, '٬');
    await page.getByLabel('از (تومان)').fill(fa(floor));
    await page.getByTestId('filters-apply').click();
    await expect(page).toHaveURL(/[?&]minPrice=/);
    await expect(page.getByTestId('result-count')).toHaveText(`${fa(kept.totalCount)} کالا`);
    // The range shows as the listing's chip, and stays in its field for the next change.
    await expect(page.getByTestId('chips')).toContainText(`از ${fa(floor)} تومان`);
    await expect(page.getByLabel('از (تومان)')).toHaveValue(fa(floor));
    for (const price of await page.locator('main ul.grid li').allInnerTexts()) expect(Math.min(...(latin(price).match(/\d{4,}/g) ?? []).map(Number))).toBeGreaterThanOrEqual(floor);
  });
});

test('a search with only a typo finds nothing, suggests the word the shop has, and the suggestion finds it', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'جستجو در محصولات' });
  await box.fill('شمپوو');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=/);
  await expect(page.getByTestId('result-count')).toHaveText('۰ کالا');
  const noResult = page.getByTestId('no-result');
  await expect(noResult.getByRole('region', { name: 'پرفروش‌ترین محصولات' }).first().getByRole('link').first()).toBeVisible();
  // Nothing to narrow or order: no filter panel, no sort bar.
  await expect(page.getByTestId('filters')).toHaveCount(0);
  await expect(page.getByText('مرتب‌سازی:')).toBeHidden();
  const suggestion = noResult.getByTestId('did-you-mean').first();
  await expect(suggestion).toContainText('شامپو');
  await suggestion.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتایج جستجوی «شامپو»');
  await expect(page.getByTestId('no-result')).toHaveCount(0);
  await expect(page.locator('main ul.grid a[href^="/product/"]').first()).toBeVisible();
  await expect(page.getByTestId('filters')).toHaveCount(1);
  await expect(page.getByText('مرتب‌سازی:')).toBeVisible();
});

test('unknown product and category pages answer a Persian 404 inside the shop', async ({ page }) => {
  const res = await page.goto('/product/999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('محصول پیدا نشد');
  await expect(page.getByRole('link', { name: 'بازگشت به صفحه اصلی' })).toBeVisible();
  expect((await page.goto('/product-list?category=ناموجود-هرگز'))?.status()).toBe(404);
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
});

test('product pages carry their own title, canonical, Open Graph and Product JSON-LD in rial', async ({ page, request }) => {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=1&inStock=true');
  const p = list.data[0]!;
  await page.goto(`/product/${p.id}`);
  await expect(page).toHaveTitle(`${p.title} | سرخاب`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/product/${p.id}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(p.title));
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld['@type']).toBe('Product');
  expect(ld.offers.priceCurrency).toBe('IRR');
  const paid = (p.hasOff && p.offPrice < p.price ? p.offPrice : p.price) * 10;
  // Sold at several prices (a dearer volume): from the cheapest combination's up.
  if (p.priceVaries) expect([ld.offers['@type'], ld.offers.lowPrice, ld.offers.highPrice > paid]).toEqual(['AggregateOffer', paid, true]);
  else expect([ld.offers['@type'], ld.offers.price]).toEqual(['Offer', paid]);
  expect(ld.offers.availability).toBe('https://schema.org/InStock');
  const sitemap = await request.get('/sitemap.xml');
  expect(await sitemap.text()).toContain(`/product/${p.id}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: http.+\/sitemap\.xml/);
});

test('a returning visitor: the stylesheet comes from the cache, the menu from its cached file, and the page hydrates without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  const menuFetches: string[] = [];
  page.on('request', (r) => { if (/\/menu\/[\w-]{16}\.json$/.test(r.url())) menuFetches.push(r.url()); });
  const styleText = () => page.evaluate(() => document.getElementById('sorkhab-css')?.textContent ?? '');

  // First visit: the stylesheet inside the page; its file arrives at the end and sets the cookie.
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  expect((await styleText()).length).toBeGreaterThan(20_000);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'sorkhab_css')).toBe(true);
  expect(menuFetches).toHaveLength(1);

  // Next page: an @import of the cached file, painted in the shop's font and colours, menus working.
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  expect(await styleText()).toMatch(/^@import url\("\/assets\/app-[\w-]+\.css"\);$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Vazirmatn');
  await page.getByTestId('mega-menu-button').hover();
  await expect(page.getByTestId('mega-menu')).toBeVisible();
  // A search that finds nothing: its best sellers' row is markup the server rendered once for every such page
  // (lib/parts.tsx), which the browser's own render hydrates.
  await page.goto(`/search?search=${encodeURIComponent('شمپوو')}`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'پرفروش‌ترین محصولات' }).getByTestId('product-card').first()).toBeVisible();
  // A listing: its cards after the first two are markup written from templates (card-markup.server.tsx), which the
  // browser's own render hydrates: the last card's heart answers a click (a guest's leads to login).
  await page.goto('/product-list');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  expect(await page.getByTestId('product-card').count()).toBeGreaterThan(2);
  await page.getByTestId('heart').last().click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproduct-list/);
  expect(problems).toEqual([]);
});
