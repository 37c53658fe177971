/**
 * Checkout benchmark: N shoppers in parallel, each loop = add to cart → checkout (order awaiting
 * payment, stock reserved) → pay on the fake gateway → callback verifies and marks it paid.
 *
 *   node --import tsx scripts/bench-checkout.ts [seconds=10] [shoppers=10]
 *     runs the API in-process over HTTP on a fresh PGlite (or DATABASE_URL) in a temporary DATA_DIR;
 *   `npm run bench` runs the same loop (runCheckout) against its production server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CheckoutResult {
  seconds: number;
  shoppers: number;
  checkouts: number;
  requests: number;
  errors: number;
  checkoutsPerSecond: number;
  requestsPerSecond: number;
}

export const ADDRESS = { firstname: 'مریم', lastname: 'احمدی', province: 'تهران', city: 'تهران', address: 'خیابان ولیعصر، پلاک ۱۲', postalCode: '1234567890', mobile: '09121234567' };

/**
 * Logs a shopper in through SendCode/VerifyCode, reading the code from the console provider's SMS_LOG_FILE; the code
 * may be checked by another copy of the server (`verifyBase`), and every request may carry `headers`.
 */
export async function loginBySms(base: string, mobile: string, smsFile: string, opts: { verifyBase?: string; headers?: Record<string, string> } = {}): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { ...opts.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const send = await post(`${base}/api/Auth/SendCode`, { mobile });
  if (!send.ok) throw new Error(`SendCode ${send.status} ${await send.text()}`);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const lines = fs.existsSync(smsFile) ? fs.readFileSync(smsFile, 'utf8').trim().split('\n') : [];
    code = lines.reverse().find((l) => l.startsWith(`[sms] to=${mobile} `))?.match(/(\d{4})\s*$/)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no SMS to ${mobile} in ${smsFile}`);
  const res = await post(`${opts.verifyBase ?? base}/api/Auth/VerifyCode`, { mobile, code });
  if (!res.ok) throw new Error(`VerifyCode ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

/** The loop, against a running server with RATE_LIMIT=false and PAYMENT_PROVIDER=fake. */
export async function runCheckout(opts: { base: string; tokens: string[]; productIds: number[]; seconds: number }): Promise<CheckoutResult> {
  let requests = 0;
  let checkouts = 0;
  let errors = 0;
  let next = 0;
  const call = async (method: string, url: string, token: string, body?: unknown, form = false) => {
    requests++;
    return fetch(opts.base + url, {
      method, redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : form ? '' : undefined,
    });
  };
  const until = Date.now() + opts.seconds * 1000;
  const shopper = async (token: string) => {
    while (Date.now() < until) {
      try {
        // Products run out of stock during the run: a refused add just moves on to the next product.
        const productId = opts.productIds[next++ % opts.productIds.length]!;
        // The shopper opens the product and picks one of its variants in stock (a colour, a size…).
        const page = await call('GET', `/api/Product/ById?id=${productId}`, token);
        if (!page.ok) continue;
        const inStock = ((await page.json()).data.variants as { id: number; stock: number }[]).filter((v) => v.stock > 0);
        if (!inStock.length) continue;
        const variantId = inStock[next % inStock.length]!.id;
        const added = await call('POST', '/api/Cart/Add', token, { productId, variantId, quantity: 1 });
        if (added.status === 409 || added.status === 404) continue;
        if (!added.ok) throw new Error(`Cart/Add ${added.status}`);
        const checkout = await call('POST', '/api/Order/Checkout', token, { address: ADDRESS, saveAddress: false });
        if (checkout.status === 409) {
          await call('DELETE', '/api/Cart/Remove?itemId=' + ((await (await call('GET', '/api/Cart', token)).json()).data.items[0]?.id ?? 0), token);
          continue;
        }
        if (!checkout.ok) throw new Error(`Order/Checkout ${checkout.status} ${await checkout.text()}`);
        const authority = (await checkout.json()).data.paymentUrl.split('/').pop();
        const paid = await call('POST', `/payment/fake/${authority}/pay`, token, undefined, true);
        const back = await call('GET', paid.headers.get('location')!, token);
        if (!back.headers.get('location')?.includes('result=paid')) throw new Error(`not paid: ${back.headers.get('location')}`);
        checkouts++;
      } catch (err) {
        errors++;
        if (errors <= 3) console.error('  checkout:', (err as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(opts.tokens.map(shopper));
  const elapsed = (Date.now() - started) / 1000;
  return {
    seconds: elapsed, shoppers: opts.tokens.length, checkouts, requests, errors,
    checkoutsPerSecond: checkouts / elapsed, requestsPerSecond: requests / elapsed,
  };
}

export const describeCheckout = (r: CheckoutResult) =>
  `checkout (product → cart → order → fake payment), ${r.shoppers} shoppers: ${r.checkoutsPerSecond.toFixed(1)} checkouts/s, ${Math.round(r.requestsPerSecond)} req/s, ${r.errors} errors`;

async function standalone() {
  const { eq } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { readConfig } = await import('../apps/server/src/config.js');
  const { categories, products } = await import('../apps/server/src/db/schema/index.js');
  const { ensureVariants } = await import('../apps/server/src/modules/catalog/variant.service.js');
  const seconds = Number(process.argv[2] ?? 10);
  const shoppers = Number(process.argv[3] ?? 10);
  const port = Number(process.env.BENCH_PORT ?? 4471);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-bench-'));
  const smsFile = path.join(dataDir, 'sms.log');
  const config = readConfig({
    ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', RATE_LIMIT: 'false', DATA_DIR: dataDir,
    PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'console', SMS_LOG_FILE: smsFile, ADMIN_PASSWORD: 'bench-admin-password',
  });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const db = app.services.database.db;
  const [cat] = await db.insert(categories).values({ title: 'بنچمارک' }).returning();
  const [prod] = await db.insert(products).values({
    title: 'کرم آبرسان بنچمارک', alias: 'bench', price: 250000, offPrice: 250000, categoryId: cat!.id, stock: 10_000_000,
  }).returning();
  await ensureVariants(db); // its stock moves into its one variant, where checkout takes units
  const tokens = await Promise.all(Array.from({ length: shoppers }, (_, i) => loginBySms(base, `98935${String(i).padStart(7, '0')}`, smsFile)));
  const r = await runCheckout({ base, tokens, productIds: [prod!.id], seconds });
  const [left] = await db.select({ stock: products.stock, sold: products.soldCount }).from(products).where(eq(products.id, prod!.id));
  console.log(`${describeCheckout(r)} — ${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${seconds} s; units sold ${left!.sold}, stock consistent: ${10_000_000 - left!.stock === left!.sold}`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await standalone();
