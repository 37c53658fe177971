import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { auditLog, orderItems, orders, products, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { asAdmin, customerToken, dataOf, errorOf, expectAdminOnly } from '../../../test/api.js';
import { setLowStockThreshold } from './low-stock.js';
import { newPrice } from './product-bulk.service.js';
import { quickCustomer } from '../cart/commerce.test-helpers.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

const admin = async (query: string) => dataOf(await asAdmin(t, 'GET', `/api/Product/Admin?pageSize=100&${query}`));
const idsOf = (page: { data: { id: number }[] }) => page.data.map((p) => p.id).sort((a, b) => a - b);
const bulk = (body: unknown) => asAdmin(t, 'POST', '/api/Product/Bulk', body);
const storefront = async (query: string) => dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/All?pageSize=100&${query}` }));
const colours = JSON.stringify([{ title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#f00' }, { name: 'آبی', color: '#00f' }] }]);
const variantsJson = (stocks: number[]) => JSON.stringify(stocks.map((stock, i) => ({ options: [i ? 'آبی' : 'قرمز'], stock })));

describe('GET /api/Product/Admin filters', () => {
  let root: { id: number }, child: { id: number }, other: { id: number }, brand: { id: number };
  const made: Record<string, number> = {};
  beforeAll(async () => {
    root = await createCategory(t, { title: 'فیلتر ریشه' });
    child = await createCategory(t, { title: 'فیلتر فرزند', parentId: root.id });
    other = await createCategory(t, { title: 'فیلتر دیگر' });
    brand = await createBrand(t, 'برند فیلتر');
    made.inRoot = (await createProduct(t, { CategoryId: root.id, Stock: 50, Title: 'فیلترشده یک' })).id;
    made.inChild = (await createProduct(t, { CategoryId: child.id, Stock: 50, brandId: brand.id, Title: 'فیلترشده دو' })).id;
    made.draft = (await createProduct(t, { CategoryId: other.id, Stock: 50, isDraft: true, Title: 'فیلترشده سه' })).id;
    made.off = (await createProduct(t, { CategoryId: other.id, Stock: 50, OffPersent: 10, Title: 'فیلترشده چهار' })).id;
    made.none = (await createProduct(t, { CategoryId: other.id, Stock: 0, Title: 'فیلترشده پنج' })).id;
    // Two colours: one at 2 (low), one at 40: the product is low, not out of stock.
    made.oneLow = (await createProduct(t, { CategoryId: other.id, Attribute: colours, variants: variantsJson([2, 40]), Title: 'فیلترشده شش' })).id;
    // Both colours at 0: out of stock (and low).
    made.allZero = (await createProduct(t, { CategoryId: other.id, Attribute: colours, variants: variantsJson([0, 0]), Title: 'فیلترشده هفت' })).id;
  });

  it('takes a category with its descendants', async () => {
    expect(idsOf(await admin(`categoryId=${root.id}`))).toEqual([made.inRoot, made.inChild]);
    expect(idsOf(await admin(`categoryId=${child.id}`))).toEqual([made.inChild]);
  });

  it('filters by brand', async () => {
    expect(idsOf(await admin(`brandIds=${brand.id}`))).toEqual([made.inChild]);
  });

  it('filters drafts and published products', async () => {
    const drafts = idsOf(await admin(`status=draft&title=${encodeURIComponent('فیلترشده')}`));
    expect(drafts).toEqual([made.draft]);
    const published = idsOf(await admin(`status=published&title=${encodeURIComponent('فیلترشده')}`));
    expect(published).not.toContain(made.draft);
    expect(published).toContain(made.inRoot);
  });

  it('filters by discount, with or without', async () => {
    const q = `title=${encodeURIComponent('فیلترشده')}`;
    expect(idsOf(await admin(`${q}&hasOff=true`))).toEqual([made.off]);
    expect(idsOf(await admin(`${q}&hasOff=false`))).not.toContain(made.off);
  });

  it('stock none: every variant at 0; low: any variant at or below 5', async () => {
    const q = `title=${encodeURIComponent('فیلترشده')}`;
    expect(idsOf(await admin(`${q}&stock=none`))).toEqual([made.none, made.allZero]);
    expect(idsOf(await admin(`${q}&stock=low`))).toEqual([made.none, made.oneLow, made.allZero]);
  });

  it('«low» follows the owner\'s low-stock threshold', async () => {
    const q = `title=${encodeURIComponent('فیلترشده')}`;
    await t.db.transaction((tx) => setLowStockThreshold(tx, 1));
    try {
      expect(idsOf(await admin(`${q}&stock=low`))).toEqual([made.none, made.allZero]); // the variant at 2 is above 1
    } finally {
      await t.db.transaction((tx) => setLowStockThreshold(tx, 5));
    }
  });

  it('combines filters with the text search, pages, and answers a Persian 400 for a bad stock value', async () => {
    const page = await admin(`categoryId=${other.id}&stock=low&title=${encodeURIComponent('شش')}`);
    expect(idsOf(page)).toEqual([made.oneLow]);
    const paged = dataOf(await asAdmin(t, 'GET', `/api/Product/Admin?pageSize=2&pageNumber=2&categoryId=${other.id}`));
    expect(paged).toMatchObject({ page: 2, pageSize: 2, totalCount: 5 });
    expect(paged.data).toHaveLength(2);
    const bad = await asAdmin(t, 'GET', '/api/Product/Admin?stock=many');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('فیلتر موجودی باید «کم» یا «ناموجود» باشد');
  });
});

describe('newPrice', () => {
  it('sets, adds and changes by a percent, rounded to toman or to a thousand', () => {
    expect(newPrice(123_456, { mode: 'set', value: 99_999, round: 1 })).toBe(99_999);
    expect(newPrice(123_456, { mode: 'set', value: 99_999, round: 1000 })).toBe(100_000);
    expect(newPrice(123_456, { mode: 'add', value: -3_456, round: 1 })).toBe(120_000);
    expect(newPrice(100_001, { mode: 'percent', value: 10, round: 1 })).toBe(110_001);
    expect(newPrice(123_456, { mode: 'percent', value: -10, round: 1000 })).toBe(111_000);
  });
});

describe('POST /api/Product/Bulk', () => {
  let cat: { id: number };
  let a: number, b: number, c: number;
  beforeAll(async () => {
    cat = await createCategory(t, { title: 'گروهی' });
    a = (await createProduct(t, { CategoryId: cat.id, Price: 100_000, Title: 'گروهی الف' })).id;
    b = (await createProduct(t, { CategoryId: cat.id, Price: 250_000, Title: 'گروهی ب' })).id;
    c = (await createProduct(t, { CategoryId: cat.id, Price: 80_000, Attribute: colours, variants: JSON.stringify([{ options: ['قرمز'], stock: 3, price: 90_000 }, { options: ['آبی'], stock: 3 }]), Title: 'گروهی ج' })).id;
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Product/Bulk', payload: { ids: [a], action: { kind: 'publish' } } }, shopper);
  });

  it('raises prices by a percent (variant own prices too), and the storefront listing shows the new price at once', async () => {
    expect(idsOf(await storefront(`categoryId=${cat.id}`))).toEqual([a, b, c]); // loaded into the catalogue before the change
    const res = dataOf(await bulk({ ids: [a, c], action: { kind: 'price', mode: 'percent', value: 10, round: 1000 } }));
    expect(res).toEqual({ count: 2, hidden: 0 });
    const shown = new Map((await storefront(`categoryId=${cat.id}`)).data.map((p: { id: number; price: number }) => [p.id, p.price]));
    expect([shown.get(a), shown.get(b), shown.get(c)]).toEqual([110_000, 250_000, 88_000]);
    const page = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${c}` }));
    expect(page.variants.map((v: { price: number }) => v.price)).toEqual([99_000, 88_000]);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'product.bulk.price', entity: 'product' });
    expect(entry!.data).toMatchObject({ mode: 'percent', value: 10, count: 2, ids: [a, c] });
  });

  it('sets a discount on every product matching the filter, after the owner confirmed their count', async () => {
    const stale = await bulk({ filter: { categoryId: cat.id }, expectedCount: 2, action: { kind: 'discount', percent: 20 } });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('تعداد محصولات مطابق فیلتر اکنون ۳ است، نه ۲؛ فهرست را تازه کنید و دوباره تأیید کنید');
    expect((await storefront(`categoryId=${cat.id}&hasOff=true`)).totalCount).toBe(0); // nothing changed
    expect(dataOf(await bulk({ filter: { categoryId: cat.id }, expectedCount: 3, action: { kind: 'discount', percent: 20 } }))).toEqual({ count: 3, hidden: 0 });
    const listed = (await storefront(`categoryId=${cat.id}&hasOff=true`)).data as { id: number; offPrice: number; offPersent: number }[];
    expect(listed.map((p) => [p.id, p.offPersent, p.offPrice]).sort((x, y) => x[0]! - y[0]!)).toEqual([[a, 20, 88_000], [b, 20, 200_000], [c, 20, 70_400]]);
    dataOf(await bulk({ ids: [a, b, c], action: { kind: 'discount', percent: 0 } }));
    expect((await storefront(`categoryId=${cat.id}&hasOff=true`)).totalCount).toBe(0);
  });

  it('unpublishes and publishes: the storefront stops and starts listing them', async () => {
    dataOf(await bulk({ ids: [a, b], action: { kind: 'unpublish' } }));
    expect(idsOf(await storefront(`categoryId=${cat.id}`))).toEqual([c]);
    expect(idsOf(await admin(`categoryId=${cat.id}&status=draft`))).toEqual([a, b]);
    dataOf(await bulk({ ids: [a, b], action: { kind: 'publish' } }));
    expect(idsOf(await storefront(`categoryId=${cat.id}`))).toEqual([a, b, c]);
  });

  it('refuses a price change that would make a price zero or negative, changing nothing', async () => {
    const res = await bulk({ ids: [a, b], action: { kind: 'price', mode: 'add', value: -200_000, round: 1 } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('قیمت «گروهی الف» با این تغییر صفر یا منفی می‌شود؛ مقدار دیگری وارد کنید');
    const [row] = await t.db.select({ price: products.price }).from(products).where(eq(products.id, b));
    expect(row!.price).toBe(250_000);
  });

  it('answers 400 for neither ids nor filter, and 409 when a selected product is gone', async () => {
    const none = await bulk({ action: { kind: 'publish' } });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields).toMatchObject({ ids: 'محصولات انتخاب‌شده یا «همه نتایج فیلتر» را مشخص کنید' });
    const gone = await bulk({ ids: [a, 99_999_999], action: { kind: 'publish' } });
    expect(gone.statusCode).toBe(409);
  });

  it('two bulk changes of the same products at once both apply, one after the other (the rows are locked)', async () => {
    const x = (await createProduct(t, { CategoryId: cat.id, Price: 100_000, Title: 'همزمان' })).id;
    const change = () => bulk({ ids: [x, a], action: { kind: 'price', mode: 'percent', value: 10, round: 1 } });
    const before = (await t.db.select({ price: products.price }).from(products).where(eq(products.id, a)))[0]!.price;
    const results = await Promise.all([change(), change()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [row] = await t.db.select({ price: products.price }).from(products).where(eq(products.id, x));
    expect(row!.price).toBe(121_000);
    const [other] = await t.db.select({ price: products.price }).from(products).where(eq(products.id, a));
    expect(other!.price).toBe(Math.round(Math.round(before * 1.1) * 1.1));
    await t.db.delete(products).where(eq(products.id, x));
    await bulk({ ids: [a], action: { kind: 'price', mode: 'set', value: before, round: 1 } });
  });

  it('deletes products nobody ordered or holds in a cart, and hides the others', async () => {
    const d1 = (await createProduct(t, { CategoryId: cat.id, Title: 'حذفی یک' })).id;
    const d2 = (await createProduct(t, { CategoryId: cat.id, Title: 'حذفی دو' })).id;
    // An order line of d2 (written directly: the orders module is not under test here).
    const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
    const [order] = await t.db.insert(orders).values({
      number: `B${Date.now()}`, userId: user!.id, status: 'delivered', firstname: 'ا', lastname: 'ب', province: 'تهران', city: 'تهران',
      address: 'خیابان', postalCode: '1234567890', mobile: '09120000000', subtotal: 1, total: 1, reservedUntil: new Date(),
    }).returning({ id: orders.id });
    await t.db.insert(orderItems).values({ orderId: order!.id, productId: d2, title: 'حذفی دو', unitPrice: 1, quantity: 1, lineTotal: 1 });
    // d3 is in a shopper's cart: kept hidden too, so the cart shows it sold out instead of losing the line.
    const d3 = (await createProduct(t, { CategoryId: cat.id, Title: 'حذفی سه', Stock: 3 })).id;
    const s = await quickCustomer(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: d3, quantity: 1 }, headers: s.headers })).statusCode).toBe(200);
    const res = dataOf(await bulk({ ids: [d1, d2, d3], action: { kind: 'delete' } }));
    expect(res).toEqual({ count: 3, hidden: 2 });
    const left = await t.db.select({ id: products.id, isDeleted: products.isDeleted }).from(products).where(inArray(products.id, [d1, d2, d3])).orderBy(products.id);
    expect(left).toEqual([{ id: d2, isDeleted: true }, { id: d3, isDeleted: true }]);
    expect(idsOf(await storefront(`categoryId=${cat.id}`))).toEqual([a, b, c]);
  });
});
