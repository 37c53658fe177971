import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.js';
import { buildShopApp, NEW_ADDRESS, quickCustomer, type ShopApp } from '../cart/commerce.test-helpers.js';

// The province must be one of the 31; the city may be a place the list does not have (a village), typed in Persian.
let t: ShopApp;
beforeAll(async () => { t = await buildShopApp(); });
afterAll(async () => { await t?.close(); });

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;
const postAddress = (s: Shopper, payload: object) => t.app.inject({ method: 'POST', url: '/api/Address', headers: s.headers, payload });
const VILLAGE = 'قلعه‌نو خالصه';

describe('the address city', () => {
  it('accepts a village that the list does not have, and a city of the full list', async () => {
    const s = await quickCustomer(t);
    const village = await postAddress(s, { ...NEW_ADDRESS, city: VILLAGE });
    expect(village.statusCode).toBe(200);
    expect(village.json().data).toMatchObject({ province: 'تهران', city: VILLAGE });
    for (const city of ['اندیشه', 'نسیم‌شهر', 'کهریزک', 'باقرشهر', 'صالحیه']) {
      expect((await postAddress(s, { ...NEW_ADDRESS, city })).statusCode, city).toBe(200);
    }
    const edited = await t.app.inject({ method: 'PUT', url: '/api/Address', headers: s.headers,
      payload: { ...NEW_ADDRESS, id: village.json().data.id, city: 'ده  نو' } });
    expect(edited.json().data.city).toBe('ده نو');
  });

  it('refuses a province that is not one of the 31', async () => {
    const s = await quickCustomer(t);
    const res = await postAddress(s, { ...NEW_ADDRESS, province: 'استان ناموجود' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.province).toBe('استان را از فهرست استان‌ها انتخاب کنید');
  });

  it('refuses a city in Latin letters, and the centre of another province under the wrong province', async () => {
    const s = await quickCustomer(t);
    const latin = await postAddress(s, { ...NEW_ADDRESS, city: 'Tehran' });
    expect(latin.statusCode).toBe(400);
    expect(latin.json().error.fields.city).toBe('شهر را با حروف فارسی بنویسید');
    const wrong = await postAddress(s, { ...NEW_ADDRESS, province: 'تهران', city: 'اصفهان' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.city).toContain('مرکز استان اصفهان');
    // Khorramabad is Lorestan's centre and also a town of Mazandaran: there it is a listed city.
    expect((await postAddress(s, { ...NEW_ADDRESS, province: 'مازندران', city: 'خرم‌آباد' })).statusCode).toBe(200);
  });
});

describe('checkout to a place that is not listed', () => {
  it('creates the order with the typed village; an unknown province is refused', async () => {
    const p = await createProduct(t, { Price: 200000, Stock: 5 });
    const s = await quickCustomer(t);
    await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId: p.id, quantity: 1 }, headers: s.headers });
    const bad = await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', headers: s.headers,
      payload: { address: { ...NEW_ADDRESS, province: 'استان ناموجود' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.province).toBeTruthy();
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', headers: s.headers,
      payload: { address: { ...NEW_ADDRESS, province: 'فارس', city: 'روستای دهنو' } } });
    expect(res.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${res.json().data.orderId}`, headers: s.headers });
    expect(mine.json().data).toMatchObject({ province: 'فارس', city: 'روستای دهنو' });
  });
});
