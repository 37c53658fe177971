import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { smsCode } from './sms';

interface Item { id: number; title: string; stock: number }
interface Detail extends Item { attributes: { colorObj?: unknown[] | null; arr?: unknown[] | null; obj?: unknown[] | null }[] }

async function api<T>(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.get(`/api/${path}`, { headers });
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

/** Two in-stock products without options to choose, so "add to cart" needs one click. */
async function plainProducts(request: APIRequestContext): Promise<Item[]> {
  const list = await api<{ data: Item[] }>(request, 'Product/All?pageSize=100&inStock=true&sort=cheapest');
  const picked: Item[] = [];
  for (const item of list.data) {
    if (item.stock < 3) continue;
    const d = await api<Detail>(request, `Product/ById?id=${item.id}`);
    if (d.attributes.some((a) => a.colorObj?.length || a.arr?.length || a.obj?.length)) continue;
    picked.push(item);
    if (picked.length === 2) return picked;
  }
  throw new Error('the demo catalogue has no two plain in-stock products');
}

test('a guest fills a cart, logs in with the SMS code, pays with a discount code and a new address, and the admin sees it paid', async ({ page, request }) => {
  const adminLogin = await request.post('/api/User/Login', { data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } });
  const admin = { authorization: `Bearer ${(await adminLogin.json()).data.token}` };
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  expect((await request.post('/api/Discount', { data: { code, kind: 'percent', value: 10 }, headers: admin })).ok()).toBeTruthy();
  const [first, second] = await plainProducts(request);

  // A guest adds two products, tapping as soon as the button is there (no waiting for the cart to load):
  // each tap shows its confirmation and the header's count.
  for (const [i, p] of [first!, second!].entries()) {
    await page.goto(`/product/${p.id}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByText('به سبد خرید افزوده شد')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(['۱', '۲'][i]!);
  }

  // Logs in: Persian digits with a leading zero, the code from the console SMS line.
  const local = `912${String(Date.now()).slice(-7)}`;
  const mobile = `98${local}`;
  await page.goto('/login?next=/cart');
  await expect(page.locator('main').getByRole('button', { name: 'دریافت کد تأیید' })).toBeEnabled();
  await page.locator('#mobile').fill(`۰${local.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`);
  await page.locator('main').getByRole('button', { name: 'دریافت کد تأیید' }).click();
  await expect(page).toHaveURL(/\/key\?/);
  await expect(page.getByTestId('countdown')).toHaveText(/^۰[۰-۲]:[۰-۵][۰-۹]$/);
  await expect(page.getByTestId('otp-box').first()).toBeEnabled();
  await page.getByTestId('otp-box').first().focus();
  await page.keyboard.type(await smsCode(mobile));

  // The guest cart is now the customer's.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-row')).toHaveCount(2);
  await expect(page.getByTestId('cart-row').filter({ hasText: first!.title })).toBeVisible();
  // The header knows the shopper now (no name yet: the mobile number as they typed it).
  await expect(page.getByTestId('account-name')).toHaveText(`0${local}`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));

  await page.locator('#discount-code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'ثبت کد' }).click();
  await expect(page.getByTestId('cart-discount')).toBeVisible();

  // Checkout with a new address typed in Persian digits.
  await page.getByTestId('to-shipping').click();
  await expect(page).toHaveURL(/\/shiping$/);
  await expect(page.getByTestId('pay')).toBeEnabled();
  // Sent empty: each field says what it needs; a field filled in loses its error, the others keep theirs.
  await page.getByTestId('pay').click();
  await expect(page.locator('#ship-firstname')).toHaveAttribute('aria-invalid', 'true');
  const fixNote = page.getByText('لطفاً خطاهای فرم نشانی را برطرف کنید');
  await expect(fixNote).toBeVisible();
  await page.locator('#ship-firstname').fill('مریم');
  await expect(page.locator('#ship-firstname')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#ship-lastname')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#ship-lastname').fill('احمدی');
  await expect(page.locator('#ship-lastname')).not.toHaveAttribute('aria-invalid', 'true');
  await page.locator('#ship-province').selectOption('فارس');
  await page.locator('#ship-city').fill('شیراز');
  await page.locator('#ship-address').fill('خیابان زند، کوچه ۱۴، پلاک ۲۷');
  await page.locator('#ship-postalCode').fill('۷۱۳۴۵۶۷۸۹۰');
  await page.locator('#ship-mobile').fill('۰۹۱۷۱۲۳۴۵۶۷');
  // Every field fixed: the note that pointed at them is gone before «پرداخت» is pressed again.
  await expect(fixNote).toBeHidden();
  await page.getByTestId('pay').click();

  // The built-in gateway.
  await expect(page).toHaveURL(/\/payment\/fake\/FAKE/);
  // In Persian digits and the shop's font, like the shop's own pages.
  await expect(page.locator('main dd').first()).toHaveText(/^[۰-۹]+$/);
  expect(await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.includes('Vazirmatn') && f.status === 'loaded').length;
  })).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/result\?result=paid/);
  const number = new URL(page.url()).searchParams.get('number')!;
  await expect(page.getByTestId('payment-result')).toContainText('پرداخت با موفقیت انجام شد');

  // The order in the profile, with a Jalali date.
  await page.goto('/profile/order');
  const card = page.getByTestId('order-card').first();
  await expect(card).toContainText(number.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
  await expect(card.getByTestId('order-status')).toHaveText('پرداخت‌شده');
  await expect(card.getByTestId('order-date')).toHaveText(/۱۴[۰-۹]{2}/);
  await expect(page.getByTestId('cart-count')).toBeHidden();

  // The admin sees it paid, with the discount and the address.
  const orders = await api<{ data: { number: string; status: string; discountCode: string; postalCode: string; city: string }[] }>(request, 'Order/Admin?status=paid&pageSize=50', admin);
  expect(orders.data.find((o) => o.number === number)).toMatchObject({ status: 'paid', discountCode: code, postalCode: '7134567890', city: 'شیراز' });
});

test('/profile pages send a guest to /login and back there after login; addresses, profile save and logout work', async ({ page }) => {
  await page.goto('/profile/address');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Faddress$/);
  await expect(page.locator('main').getByRole('button', { name: 'دریافت کد تأیید' })).toBeEnabled();
  const local = `935${String(Date.now()).slice(-7)}`;
  await page.locator('#mobile').fill(local);
  await page.locator('main').getByRole('button', { name: 'دریافت کد تأیید' }).click();
  await expect(page).toHaveURL(/\/key\?/);
  // Pasting the whole code (here in Persian digits) fills the four boxes and logs in.
  await expect(page.getByTestId('otp-box').first()).toBeEnabled();
  const latin = await smsCode(`98${local}`);
  // A wrong code: the Persian refusal, the boxes emptied and the first one focused again.
  const wrong = latin.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
  await page.getByTestId('otp-box').first().fill(wrong[0]!);
  for (let i = 1; i < wrong.length; i++) await page.keyboard.type(wrong[i]!);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('otp-box').first()).toHaveValue('');
  await expect(page.getByTestId('otp-box').first()).toBeFocused();
  const code = latin.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
  await page.getByTestId('otp-box').first().evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  await expect(page).toHaveURL(/\/profile\/address$/);
  await expect(page.getByRole('heading', { name: 'نشانی‌ها' })).toBeVisible();

  // Addresses: a refused form keeps its field errors; add, edit and delete go through the route's action.
  await page.getByRole('button', { name: 'افزودن نشانی' }).click();
  await page.getByRole('button', { name: 'ذخیره نشانی' }).click();
  await expect(page.locator('#new-firstname')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#new-firstname').fill('مریم');
  await page.locator('#new-lastname').fill('کاظمی');
  await page.locator('#new-province').selectOption('فارس');
  await page.locator('#new-city').fill('شیراز');
  await page.locator('#new-address').fill('خیابان زند، کوچه ۳، پلاک ۷');
  await page.locator('#new-postalCode').fill('7134567890');
  await page.locator('#new-mobile').fill(`0${local}`);
  await page.getByRole('button', { name: 'ذخیره نشانی' }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'ویرایش' }).click();
  await page.locator('[id^="edit-"][id$="-address"]').fill('خیابان زند، کوچه ۵');
  await page.getByRole('button', { name: 'ذخیره نشانی' }).click();
  await expect(page.getByTestId('address-card')).toContainText('کوچه ۵');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'حذف' }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(0);

  // The profile: a bad email is refused in Persian, a good save says so and the page shows it after revalidation.
  await page.goto('/profile/dashboard');
  // Typed before hydration, a controlled field is reset to its loaded value: wait for the page to be live (its
  // save button is enabled only then), as the login form above does.
  await expect(page.getByRole('button', { name: 'ذخیره اطلاعات' })).toBeEnabled();
  await page.locator('#firstname').fill('سارا');
  await page.locator('#lastname').fill('رضایی');
  await page.locator('#email').fill('not-an-email');
  await page.getByRole('button', { name: 'ذخیره اطلاعات' }).click();
  await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#email').fill('sara@example.com');
  await page.getByRole('button', { name: 'ذخیره اطلاعات' }).click();
  await expect(page.getByText('اطلاعات شما ذخیره شد')).toBeVisible();
  await page.reload();
  await expect(page.locator('#firstname')).toHaveValue('سارا');

  // Logout goes through the profile layout's action and lands on the home page as a guest.
  await page.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile/dashboard');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('a cart line the stock no longer covers is named and holds the way to checkout until it is removed', async ({ page, request }) => {
  const adminLogin = await request.post('/api/User/Login', { data: { userName: 'admin', password: E2E_ADMIN_PASSWORD } });
  const admin = { authorization: `Bearer ${(await adminLogin.json()).data.token}` };
  const categoryId = (await api<{ data: { categoryId: number }[] }>(request, 'Product/All?pageSize=1')).data[0]!.categoryId;
  const title = `تونر گل رز ${Date.now() % 100000}`;
  const fields = { Title: title, Alias: 'rose-toner', Tags: 'تونر', Price: '180000', Description: '<p>تونر</p>', CategoryId: String(categoryId) };
  const made = await request.post('/api/Product/Create', { headers: admin, multipart: { ...fields, Stock: '2' } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const product = (await made.json()).data as { id: number };

  await page.goto(`/product/${product.id}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('به سبد خرید افزوده شد')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('to-shipping')).toHaveAttribute('href', '/shiping');
  await expect(page.getByTestId('cart-short')).toHaveCount(0);

  // Sold out meanwhile (the owner's stock to 0): the line says so, the totals box says why, no way on.
  expect((await request.put('/api/Product/Update', { headers: admin, multipart: { ...fields, Id: String(product.id), Stock: '0' } })).ok()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('line-short')).toHaveText('ناموجود؛ این کالا را از سبد بردارید');
  await expect(page.getByTestId('cart-short')).toContainText('موجودی ۱ کالای سبد کمتر از تعداد آن است');
  await expect(page.getByTestId('to-shipping')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('to-shipping')).not.toHaveAttribute('href', /./);
  await expect(page.getByTestId('quantity-limit')).toHaveCount(0); // said once, under the title

  // Removed: the cart is empty, nothing blocks.
  await page.getByRole('button', { name: `حذف ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'سبد خرید شما خالی است' })).toBeVisible();
});
