import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 14's filters on the phone (decision 027): the sheet at 375 px stays open while two brands and
 * «in stock» are chosen, its apply button follows the live count, closing without applying changes
 * nothing, applying shows the chips and a chip removes its filter; and the category filter of /search.
 */
const FA = '۰۱۲۳۴۵۶۷۸۹';
const persian = (n: number) => n.toLocaleString('en-US').replace(/\d/g, (d) => FA[Number(d)]!).replace(/,/g, '٬');

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`);
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

interface Facets { totalCount: number; brands: { id: number; title: string; count: number }[]; categories: { id: number; title: string; count: number }[] }

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

test('the phone\'s filter sheet: two brands and in stock with a live count, applied as chips, one chip removed', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const all = await api<Facets>(request, 'Product/Facets');
  const [a, b] = all.brands;
  const expected = (await api<{ totalCount: number }>(request, `Product/Count?brandIds=${a!.id},${b!.id}&inStock=true`)).totalCount;
  const onlyB = (await api<{ totalCount: number }>(request, `Product/Count?brandIds=${b!.id}&inStock=true`)).totalCount;

  await page.goto('/last-products');
  await hydrated(page);
  const sheet = page.getByTestId('filter-sheet');
  const apply = page.getByTestId('filters-apply');
  await expect(sheet).toBeHidden();
  await page.getByTestId('filters-open').click();
  await expect(page.getByRole('dialog', { name: 'فیلترها' })).toBeVisible();
  await expect(apply).toHaveText(`نمایش ${persian(all.totalCount)} کالا`, { useInnerText: true });
  // Modal for the keyboard too: Shift+Tab from the title goes to the sheet's last control, Tab from there to its first.
  const focusInSheet = () => page.evaluate(() => !!document.activeElement?.closest('#filter-sheet form'));
  await page.keyboard.press('Shift+Tab');
  await expect(apply).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('filters-close')).toBeFocused();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInSheet(), `Tab ${i + 1} stays in the sheet`).toBe(true);
  }

  // Several filters in a row: the sheet stays open, the listing does not move, the count follows.
  await sheet.getByRole('checkbox', { name: new RegExp(a!.title) }).check();
  await expect(apply).toHaveText(`نمایش ${persian(a!.count)} کالا`, { useInnerText: true });
  await sheet.getByRole('checkbox', { name: new RegExp(b!.title) }).check();
  await sheet.getByRole('checkbox', { name: 'فقط کالاهای موجود' }).check();
  await expect(apply).toHaveText(`نمایش ${persian(expected)} کالا`, { useInnerText: true });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/\/last-products$/);

  // Closed without applying: nothing changed, and the form is back as the listing has it.
  await page.getByTestId('filters-close').click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/last-products$/);
  await expect(page.getByTestId('chips')).toHaveCount(0);
  await page.getByTestId('filters-open').click();
  await expect(sheet.getByRole('checkbox', { name: new RegExp(a!.title) })).not.toBeChecked();
  await expect(apply).toHaveText(`نمایش ${persian(all.totalCount)} کالا`, { useInnerText: true });

  // Chosen again and applied.
  await sheet.getByRole('checkbox', { name: new RegExp(a!.title) }).check();
  await sheet.getByRole('checkbox', { name: new RegExp(b!.title) }).check();
  await sheet.getByRole('checkbox', { name: 'فقط کالاهای موجود' }).check();
  await expect(apply).toHaveText(`نمایش ${persian(expected)} کالا`, { useInnerText: true });
  await apply.click();
  await expect(page).toHaveURL(/inStock=1/);
  await expect(sheet).toBeHidden();
  // Applied from the sheet: the focus is back on the button that opened it.
  await expect(page.getByTestId('filters-open')).toBeFocused();
  await expect(page.getByTestId('result-count')).toHaveText(`${persian(expected)} کالا`);
  const chips = page.getByTestId('chip');
  await expect(chips).toHaveText([...[a!, b!].sort((x, y) => x.id - y.id).map((x) => x.title), 'فقط کالاهای موجود']); // brands in id order

  // A chip removes its filter.
  await chips.filter({ hasText: a!.title }).click();
  await expect(chips).toHaveText([b!.title, 'فقط کالاهای موجود']);
  await expect(page.getByTestId('result-count')).toHaveText(`${persian(onlyB)} کالا`);
  await page.getByTestId('chips-clear').click();
  await expect(page.getByTestId('chips')).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toHaveText(`${persian(all.totalCount)} کالا`);
});

test('a category filter on /search: the result\'s categories with counts, one chosen narrows it and shows as a chip', async ({ page, request }) => {
  const word = 'کرم';
  const facets = await api<Facets>(request, `Product/Facets?Title=${encodeURIComponent(word)}&withCategories=true`);
  const target = facets.categories[0]!;
  expect(facets.categories.length).toBeGreaterThan(1);

  await page.goto(`/search?search=${encodeURIComponent(word)}`);
  await hydrated(page);
  const list = page.getByTestId('category-facet');
  await expect(list.getByRole('radio')).toHaveCount(facets.categories.length + 1);
  await list.getByRole('radio', { name: target.title, exact: false }).first().check();
  await expect(page).toHaveURL(new RegExp(`brand=${target.id}`));
  await expect(page.getByTestId('result-count')).toHaveText(`${persian(target.count)} کالا`);
  await expect(page.getByTestId('chip')).toHaveText([target.title]);
  // The other categories stay listed, to switch to.
  await expect(page.getByTestId('category-facet').getByRole('radio')).toHaveCount(facets.categories.length + 1);
  await page.getByTestId('chip').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${persian(facets.totalCount)} کالا`);
  await expect(page).toHaveURL(/\/search\?search=/);
});
