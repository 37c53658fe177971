import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../src/db/schema/index.js';
import { fromDatabaseError } from '../src/lib/db-errors.js';
import { jsonTooDeep } from '../src/lib/input-guard.js';
import { dataOf, errorOf } from './api.js';
import { bearer, buildTestApp, type TestApp } from './helpers.js';

/** Writers racing on a unique value, and rows still in use: 409 with a Persian message, never 500. */
describe('constraint violations', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t.close(); });

  const admin = async () => bearer(await t.adminToken());

  it('concurrent creates of the same brand title: one 200, the rest 409', async () => {
    for (let round = 0; round < 5; round++) {
      const headers = await admin();
      const title = `برند هم‌زمان ${round}`;
      const results = await Promise.all(Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/Brand/Create', payload: { title }, headers })));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(errorOf(r).message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('concurrent creates of the same discount code: one 200, the rest 409', async () => {
    for (let round = 0; round < 5; round++) {
      const headers = await admin();
      const payload = { code: `RACE${round}`, kind: 'percent', value: 10 };
      const results = await Promise.all(Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/Discount', payload, headers })));
      expect(results.map((r) => r.statusCode).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, 409, 409, 409, 409, 409]);
    }
  });

  it('deleting a customer who has orders deactivates them instead (the orders keep their buyer)', async () => {
    const [u] = await t.db.insert(users).values({ mobile: '989120000001', firstname: 'خریدار' }).returning();
    await t.db.insert(orders).values({
      number: '55501234', userId: u!.id, status: 'delivered', firstname: 'الف', lastname: 'ب', province: 'تهران', city: 'تهران',
      address: 'نشانی', postalCode: '1234567890', mobile: '09120000001', subtotal: 1000, discount: 0, shippingFee: 0, total: 1000,
      reservedUntil: new Date(),
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/User?id=${u!.id}`, headers: await admin() });
    expect(dataOf(res)).toEqual({ id: u!.id, deactivated: true });
    const [after] = await t.db.select().from(users).where(eq(users.id, u!.id));
    expect(after?.isDisable).toBe(true);
    expect(await t.db.select().from(orders).where(eq(orders.userId, u!.id))).toHaveLength(1);

    const [plain] = await t.db.insert(users).values({ mobile: '989120000002' }).returning();
    expect(dataOf(await t.app.inject({ method: 'DELETE', url: `/api/User?id=${plain!.id}`, headers: await admin() }))).toEqual({ id: plain!.id, deactivated: false });
    expect(await t.db.select().from(users).where(eq(users.id, plain!.id))).toHaveLength(0);
  });

  it('maps a foreign-key violation raised by the database to 409, whatever wraps it', async () => {
    const err = await t.db.insert(orders).values({
      number: '55509999', userId: 999_999, status: 'paid', firstname: '', lastname: '', province: '', city: '', address: '',
      postalCode: '', mobile: '', subtotal: 0, discount: 0, shippingFee: 0, total: 0, reservedUntil: new Date(),
    }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeDefined();
    expect(fromDatabaseError(err)).toMatchObject({ status: 409, code: 'IN_USE' });
    expect(fromDatabaseError(new Error('something else'))).toBeUndefined();
  });
});

describe('jsonTooDeep', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":"[[[[[[\\"[["}', 3)).toBe(false);
  });
});
