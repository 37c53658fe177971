import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from '../../../scripts/lib/child.js';
import { ADDRESS, loginBySms } from '../../../scripts/bench-checkout.js';
import { emptyDatabase, findNginx, freePorts, startCopy, startNginx, until } from './deployment.js';
import { startS3, type TestS3 } from './s3.js';

/**
 * The scale-out of docs/deployment.md, for real: two server processes on one PostgreSQL database, Redis and an
 * S3-compatible store (s3rver), behind Debian's nginx. Runs once (vitest.config.ts), on TEST_DATABASE_URL's server.
 */
const NGINX = findNginx();
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const missing = [!NGINX && 'nginx (apt-get install nginx)', !DATABASE_URL && 'TEST_DATABASE_URL'].filter(Boolean);
if (missing.length > 0) console.warn(`deployment.test.ts skipped: it needs ${missing.join(' and ')}`);

const ADMIN = { userName: 'owner', password: 'deploy-owner-pass' };
// The copies trust X-Forwarded-For (they sit behind nginx): each run's shopper comes from its own address, so the shared
// rate-limit counters in Redis, which outlive a run, never carry one run's SMS into the next.
const shopperIp = `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

describe.skipIf(missing.length > 0)(`two copies behind nginx on PostgreSQL${REDIS_URL ? ', Redis' : ''} and S3`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-deploy-'));
  const smsFile = path.join(dir, 'sms.log');
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  let a: Child;
  let b: Child;
  let lb: string;
  let s3: TestS3;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const [s3Port, portA, portB, lbPort] = await freePorts(4);
    s3 = await startS3({ port: s3Port, bucket: 'sorkhab-deploy' });
    cleanup.push(() => s3.close());
    const database = await emptyDatabase(DATABASE_URL!, `sorkhab_deploy_${process.pid}_${crypto.randomBytes(3).toString('hex')}`);
    cleanup.push(() => database.drop());
    const env = (name: string) => ({
      DATABASE_URL: database.url, ...(REDIS_URL ? { REDIS_URL } : {}), DATA_DIR: fs.mkdtempSync(path.join(dir, `${name}-`)),
      ...Object.fromEntries(Object.entries(s3.config('uploads')).map(([k, v]) => [k, String(v)])),
      SEED_DEMO: 'false', TRUST_PROXY: 'true', LOG_LEVEL: 'info', SMS_PROVIDER: 'console', SMS_LOG_FILE: smsFile,
      PAYMENT_PROVIDER: 'fake', ADMIN_USERNAME: ADMIN.userName, ADMIN_PASSWORD: ADMIN.password,
    });
    // Both start at once on the empty database: migrations run under an advisory lock, the second copy finds them done.
    const copies = await Promise.allSettled([
      startCopy('copy A', portA!, env('a'), path.join(dir, 'a.log')), startCopy('copy B', portB!, env('b'), path.join(dir, 'b.log')),
    ]);
    for (const c of copies) if (c.status === 'fulfilled') cleanup.push(() => c.value.stop());
    for (const c of copies) if (c.status === 'rejected') throw c.reason;
    [a, b] = copies.map((c) => (c as PromiseFulfilledResult<Child>).value) as [Child, Child];
    const nginx = await startNginx(NGINX!, { prefix: fs.mkdtempSync(path.join(dir, 'nginx-')), listen: lbPort!, upstreams: [portA!, portB!] });
    cleanup.push(() => nginx.stop());
    lb = nginx.base;
    const login = await fetch(`${a.base}/api/User/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    admin = { authorization: `Bearer ${(await login.json()).data.token}` };
  }, 90_000);

  afterAll(async () => {
    // Last started, first stopped; every step runs even when one before it failed.
    for (const step of cleanup.reverse()) await Promise.resolve().then(step).catch((err) => console.error('cleanup:', err));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const json = async (res: Response) => {
    const body = await res.json();
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const form = (fields: Record<string, string | number>, image?: Buffer) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
    if (image) f.append('ImageFile', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
    return f;
  };
  const bytes = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    return Buffer.from(await res.arrayBuffer());
  };
  let product: { id: number; imageUri: string; imageVariants: { uri: string }[]; categoryId: number };
  let original: Buffer;
  const productFields = (title: string, price: number) => ({
    Title: title, Alias: 'deploy-serum', Tags: 'سرم', Price: price, Description: 'سرم آبرسان', CategoryId: product?.categoryId, Stock: 20,
  });

  it('balances requests round robin over both copies', async () => {
    const probes = Array.from({ length: 6 }, (_, i) => `probe-${process.pid}-${i}`);
    for (const id of probes) expect((await fetch(`${lb}/api/health`, { headers: { 'x-request-id': id } })).status).toBe(200);
    const served = (log: string) => probes.filter((id) => fs.readFileSync(log, 'utf8').includes(`"reqId":"${id}"`)).length;
    await until(() => served(path.join(dir, 'a.log')) + served(path.join(dir, 'b.log')) === 6, 'both logs to show the probes');
    expect([served(path.join(dir, 'a.log')), served(path.join(dir, 'b.log'))]).toEqual([3, 3]);
  });

  it('serves an image uploaded through copy A from copy B and through nginx, byte for byte, variants included', async () => {
    original = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c2185b' } }).jpeg().toBuffer();
    const category = await json(await fetch(`${a.base}/api/Category/Create`, { method: 'POST', headers: admin, body: form({ Title: 'مراقبت پوست' }) }));
    product = { categoryId: category.id } as typeof product;
    product = await json(await fetch(`${a.base}/api/Product/Create`, { method: 'POST', headers: admin, body: form(productFields('سرم', 250_000), original) }));
    expect(product.imageUri).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    expect((await bytes(b.base + product.imageUri)).equals(original)).toBe(true);
    for (let i = 0; i < 2; i++) expect((await bytes(lb + product.imageUri)).equals(original)).toBe(true); // each copy once
    for (const v of product.imageVariants) {
      const fromB = await bytes(b.base + v.uri);
      expect(fromB.equals(await bytes(a.base + v.uri)), v.uri).toBe(true);
      expect((await sharp(fromB).metadata()).format).toBe('webp');
    }
  });

  it('reads an admin write on copy A from copy B and through nginx on the very next request', async () => {
    const byId = async (base: string) => json(await fetch(`${base}/api/Product/ById?id=${product.id}`));
    expect(await byId(b.base)).toMatchObject({ title: 'سرم', price: 250_000 }); // B keeps it in memory now
    await json(await fetch(`${a.base}/api/Product/Update`, { method: 'PUT', headers: admin, body: form({ ...productFields('سرم آبرسان ویژه', 310_000), Id: product.id }) }));
    expect(await byId(b.base)).toMatchObject({ title: 'سرم آبرسان ویژه', price: 310_000 });
    for (let i = 0; i < 2; i++) expect(await byId(lb)).toMatchObject({ title: 'سرم آبرسان ویژه', price: 310_000 });
    const listed = await json(await fetch(`${b.base}/api/Product/All?Title=${encodeURIComponent('آبرسان ویژه')}`));
    expect(JSON.stringify(listed)).toContain('سرم آبرسان ویژه');
  });

  it('completes a checkout whose requests alternate between the copies; the paid order is visible on both', async () => {
    const mobile = `98912${crypto.randomInt(1_000_000, 9_999_999)}`;
    const ip = { 'x-forwarded-for': shopperIp };
    const token = await loginBySms(a.base, mobile, smsFile, { verifyBase: b.base, headers: ip });
    const shopper = { ...ip, authorization: `Bearer ${token}` };
    const call = (base: string, method: string, url: string, body?: unknown) => fetch(base + url, {
      method, redirect: 'manual', body: body === undefined ? undefined : JSON.stringify(body),
      headers: { ...shopper, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
    const variantId = (await json(await call(a.base, 'GET', `/api/Product/ById?id=${product.id}`))).variants[0].id;
    await json(await call(b.base, 'POST', '/api/Cart/Add', { productId: product.id, variantId, quantity: 2 }));
    expect((await json(await call(a.base, 'GET', '/api/Cart'))).items).toHaveLength(1);
    const order = await json(await call(b.base, 'POST', '/api/Order/Checkout', { address: ADDRESS, saveAddress: false }));
    const authority = new URL(order.paymentUrl, a.base).pathname.split('/').pop();
    const paid = await fetch(`${a.base}/payment/fake/${authority}/pay`, {
      method: 'POST', redirect: 'manual', headers: { ...ip, 'content-type': 'application/x-www-form-urlencoded' }, body: '',
    });
    const callback = new URL(paid.headers.get('location')!, a.base);
    const back = await call(b.base, 'GET', callback.pathname + callback.search);
    expect(back.headers.get('location')).toContain('result=paid');
    for (const base of [a.base, b.base, lb]) {
      expect(await json(await call(base, 'GET', `/api/Order/MineById?id=${order.orderId}`)), base).toMatchObject({ status: 'paid', total: order.total });
      const seen = await json(await fetch(`${base}/api/Order/AdminById?id=${order.orderId}`, { headers: admin }));
      expect(seen, base).toMatchObject({ status: 'paid', number: order.number });
      expect((await json(await fetch(`${base}/api/Product/ById?id=${product.id}`))).stock, base).toBe(18);
    }
  });

  it.skipIf(!REDIS_URL)('holds a shopper\'s SMS limit across the copies (counters in Redis)', async () => {
    const mobile = `98935${crypto.randomInt(1_000_000, 9_999_999)}`;
    const send = (base: string) => fetch(`${base}/api/Auth/SendCode`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': shopperIp }, body: JSON.stringify({ mobile }),
    });
    // Three codes per mobile per 10 minutes, wherever they were asked for.
    expect([(await send(a.base)).status, (await send(b.base)).status, (await send(a.base)).status, (await send(b.base)).status]).toEqual([200, 200, 200, 429]);
  });
});
