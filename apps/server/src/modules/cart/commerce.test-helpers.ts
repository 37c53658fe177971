import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BuildOptions } from '../../app.js';
import type { Config } from '../../config.js';
import { payments, users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/api.js';
import { createProduct } from '../../../test/factories.js';

/** A test app whose console SMS lines also go to a file, so tests can read the login codes. */
export async function buildShopApp(overrides: Partial<Config> = {}, opts: Omit<BuildOptions, 'database'> = {}) {
  const smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-sms-')), 'sms.log');
  const t = await buildTestApp({ SMS_LOG_FILE: smsFile, ...overrides }, opts);
  return Object.assign(t, { smsFile, lastCode: (mobile: string) => lastCode(smsFile, mobile) });
}
export type ShopApp = Awaited<ReturnType<typeof buildShopApp>>;

function lastCode(file: string, mobile: string): string {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  const line = lines.reverse().find((l) => l.startsWith(`[sms] to=${mobile} `));
  const m = line && /(\d{4})\s*$/.exec(line);
  if (!m) throw new Error(`no code sent to ${mobile}`);
  return m[1]!;
}

let seq = 0;
export const newMobile = () => `98912${String(process.pid % 1000).padStart(3, '0')}${String(seq++).padStart(4, '0')}`;

/** Logs a shopper in through the real SendCode/VerifyCode; returns the session token. */
export async function loginCustomer(t: ShopApp, mobile = newMobile(), cookies: Record<string, string> = {}) {
  const send = await t.app.inject({ method: 'POST', url: '/api/Auth/SendCode', payload: { mobile } });
  if (send.statusCode !== 200) throw new Error(`SendCode ${send.statusCode} ${send.body}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/Auth/VerifyCode', payload: { mobile, code: t.lastCode(mobile) }, cookies });
  if (res.statusCode !== 200) throw new Error(`VerifyCode ${res.statusCode} ${res.body}`);
  return { token: res.json().data.token as string, userId: res.json().data.user.id as number, mobile };
}

/** A customer made directly in the database (fast, for many shoppers at once). */
export async function quickCustomer(t: TestApp, mobile = newMobile()) {
  const [u] = await t.db.insert(users).values({ mobile }).returning();
  const s = await createSession(t.db, u!.id, 'customer', 1);
  return { token: s.token, userId: u!.id, mobile, headers: bearer(s.token) };
}

/** Sets the stock of a product without options (its one variant), as a stock count by the owner would. */
export async function setStock(t: TestApp, productId: number, stock: number) {
  const { products, productVariants } = await import('../../db/schema/index.js');
  const variants = await t.db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId)).returning();
  if (variants.length !== 1) throw new Error(`setStock: product ${productId} has ${variants.length} variants`);
  await t.db.update(products).set({ stock }).where(eq(products.id, productId));
}

export const NEW_ADDRESS = {
  firstname: 'مریم', lastname: 'احمدی', province: 'تهران', city: 'تهران',
  address: 'خیابان ولیعصر، کوچه بهار، پلاک ۱۲', postalCode: '۱۲۳۴۵۶۷۸۹۰', mobile: '۰۹۱۲۱۲۳۴۵۶۷',
};

type Shopper = Awaited<ReturnType<typeof quickCustomer>>;

/**
 * A shopper's order of `quantity` units (1 unless given) of a product (a new one at `price`, stock 10, unless
 * `productId`), checked out and paid: on the fake gateway by its pay button, on another (a test's stubbed Zarinpal) by
 * the gateway's callback alone. `checkout` adds to the checkout's body (a shipping method). `callback` replays that callback.
 */
export async function paidOrder(t: ShopApp, opts: { quantity?: number; s?: Shopper; productId?: number; price?: number; checkout?: object } = {}) {
  const productId = opts.productId ?? (await createProduct(t, { Price: opts.price ?? 200_000, Stock: 10 })).id;
  const s = opts.s ?? await quickCustomer(t);
  await t.app.inject({ method: 'POST', url: '/api/Cart/Add', payload: { productId, quantity: opts.quantity ?? 1 }, headers: s.headers });
  const order = dataOf<{ orderId: number; number: string; total: number }>(
    await t.app.inject({ method: 'POST', url: '/api/Order/Checkout', payload: { address: NEW_ADDRESS, ...opts.checkout }, headers: s.headers }));
  const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
  if (pay!.provider === 'fake') {
    await t.app.inject({ method: 'POST', url: `/payment/fake/${pay!.authority}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  }
  const callback = () => t.app.inject({ method: 'GET', url: `/api/Payment/Callback?Authority=${pay!.authority}&Status=OK` });
  expect(new URL(String((await callback()).headers.location), 'http://x').searchParams.get('result')).toBe('paid');
  return { orderId: order.orderId, number: order.number, total: order.total, productId, s, callback };
}

/** A shopper's order (`paidOrder`, 3 units unless given) moved to delivered (or only to processing with `deliver: false`). */
export async function deliveredOrder(t: ShopApp, opts: { quantity?: number; s?: Shopper; deliver?: boolean; productId?: number } = {}) {
  const { orderId, number, productId, s } = await paidOrder(t, { ...opts, quantity: opts.quantity ?? 3 });
  const admin = bearer(await t.adminToken());
  for (const status of opts.deliver === false ? ['processing'] : ['processing', 'shipped', 'delivered']) {
    dataOf(await t.app.inject({ method: 'PUT', url: '/api/Order/SetStatus', payload: { id: orderId, status }, headers: admin }));
  }
  const full = dataOf(await t.app.inject({ method: 'GET', url: `/api/Order/MineById?id=${orderId}`, headers: s.headers }));
  return { orderId, number, itemId: full.items[0].id as number, productId, s };
}
