import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { media, orderItems, orders, products, productVariants, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory, pngImage } from '../../../test/factories.js';
import { adminForm, asAdmin, dataOf } from '../../../test/api.js';
import { startS3, type TestS3 } from '../../../test/s3.js';
import { processImage, UPLOAD_PREFIX, UploadBatch, variantsOf } from './media.service.js';
import { startUploadSweeper, sweepUploads } from './sweep.js';

const HOUR = 60 * 60 * 1000;
let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => { await s3.close(); });

// The same races and sweeps on the default folder and on an S3-compatible store (s3rver on loopback).
describe.each(['local', 's3'] as const)('uploads on %s storage', (backend) => {
  let t: TestApp;
  let categoryId: number;
  beforeAll(async () => {
    t = await buildTestApp(backend === 's3' ? s3.config(`race-${process.pid}`) : {});
    categoryId = (await createCategory(t)).id;
  });
  afterAll(async () => { await t.close(); });

  const storage = () => t.app.services.storage;
  const keyOf = (uri: string) => uri.slice(UPLOAD_PREFIX.length);
  /** The original and its WebP variants. */
  const keysOfImage = (uri: string) => [uri, ...variantsOf(uri).map((v) => v.uri)].map(keyOf);
  const existing = async (uri: string) => (await Promise.all(keysOfImage(uri).map((k) => storage().exists(k)))).filter(Boolean).length;
  const allExist = async (uri: string) => await existing(uri) === keysOfImage(uri).length;
  const noneExist = async (uri: string) => await existing(uri) === 0;
  /** Makes a file as old as time would: its mtime, and on S3 also the Last-Modified a listing shows. */
  const age = async (key: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    expect(await storage().touch(key, when.getTime())).toBe(true);
    if (backend === 's3') s3.age(`race-${process.pid}/${key}`, when);
  };
  const ageImage = async (uri: string, ms = 2 * HOUR) => { for (const k of keysOfImage(uri)) await age(k, ms); };
  const allKeys = async () => {
    const keys = [];
    for await (const f of storage().list()) keys.push(f.key);
    return keys.sort();
  };
  let shade = 0;
  /** A picture no earlier test stored. */
  const freshPicture = () => pngImage(40 + (shade % 20), 40, `#${(0x103050 + 7919 * ++shade).toString(16).slice(-6)}`);

  const create = (image: Buffer, extra: Record<string, string | number> = {}) =>
    adminForm(t, 'POST', '/api/Product/Create',
      { Title: 'سرم', Alias: 'serum', Tags: 'سرم', Price: 5000, Description: 'خوب', CategoryId: categoryId, ...extra },
      [{ field: 'ImageFile', filename: 'p.png', data: image }]);

  describe('uploads under races', () => {
    it('a failed request never removes a picture another request stored or reuses (same bytes, half of them failing)', async () => {
      const ROUNDS = 6;
      const N = 6;
      let succeeded = 0;
      let failed = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const image = await freshPicture();
        // Half the requests name a category that does not exist: refused inside the service, after the
        // image was stored. Which half alternates, so the request that writes the file is sometimes one that fails.
        const fails = (i: number) => i % 2 === round % 2;
        const responses = await Promise.all(Array.from({ length: N }, (_, i) =>
          create(image, fails(i) ? { CategoryId: 999_999 } : {})));
        for (const [i, res] of responses.entries()) {
          expect(res.statusCode, `round ${round}, request ${i}`).toBe(fails(i) ? 400 : 200);
          if (res.statusCode === 200) succeeded++; else failed++;
        }
        const uri = dataOf(responses.find((r) => r.statusCode === 200)!).imageUri as string;
        expect(await allExist(uri), `round ${round}`).toBe(true);
      }
      expect({ succeeded, failed }).toEqual({ succeeded: ROUNDS * N / 2, failed: ROUNDS * N / 2 });
      // Every product left standing shows a picture that is on disk, variants included.
      const rows = await t.db.select({ id: products.id, imageUri: products.imageUri }).from(products);
      expect(rows.length).toBeGreaterThanOrEqual(ROUNDS * N / 2);
      for (const row of rows) expect(await allExist(row.imageUri!), `product ${row.id}`).toBe(true);
    });

    it('a failed request that stored a new picture leaves no file', async () => {
      const image = await freshPicture();
      const before = await allKeys();
      const res = await create(image, { CategoryId: 999_999 });
      expect(res.statusCode).toBe(400);
      expect(await allKeys()).toEqual(before);
    });

    it('a request removes only what it wrote, and only while nobody else claimed it or a row references it', async () => {
      // Written by A, then reused by B: A's failure keeps it, and B's failure (it did not write it) too.
      const shared = await freshPicture();
      const a = new UploadBatch(storage(), t.db);
      const b = new UploadBatch(storage(), t.db);
      const { uri } = await processImage(a, shared);
      await processImage(b, shared);
      expect(a.created.size).toBe(1);
      expect(b.created.size).toBe(0);
      await a.rollback();
      await b.rollback();
      expect(await allExist(uri)).toBe(true);

      // Written by C, and a row references it by the time C fails (it failed after its commit).
      const committed = await freshPicture();
      const c = new UploadBatch(storage(), t.db);
      const stored = await processImage(c, committed);
      await t.db.insert(products).values({ title: 'x', alias: 'x', price: 1, offPrice: 1, categoryId, imageUri: stored.uri });
      await c.rollback();
      expect(await allExist(stored.uri)).toBe(true);

      // Written by D alone, referenced by nothing: gone on failure.
      const d = new UploadBatch(storage(), t.db);
      const alone = await processImage(d, await freshPicture());
      expect(await allExist(alone.uri)).toBe(true);
      await d.rollback();
      expect(await noneExist(alone.uri)).toBe(true);
    });

    it('completes the variants of a picture a crash left half-written', async () => {
      const image = await freshPicture();
      const first = dataOf(await create(image));
      await storage().remove(keyOf(first.imageVariants[2].uri));
      expect(await allExist(first.imageUri)).toBe(false);
      dataOf(await create(image));
      expect(await allExist(first.imageUri)).toBe(true);
    });
  });

  describe('uploads sweep', () => {
    it('removes stale temporary and unreferenced old files; keeps referenced, fresh and foreign ones', async () => {
      const referenced = dataOf(await create(await freshPicture())).imageUri as string;
      const orphan = dataOf(await create(await freshPicture()));
      expect((await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${orphan.id}`)).statusCode).toBe(200);
      const fresh = new UploadBatch(storage(), t.db);
      const freshUri = (await processImage(fresh, await freshPicture())).uri; // stored, never referenced, just now
      await ageImage(referenced);
      await ageImage(orphan.imageUri);
      const [staleTmp, freshTmp, foreign] = ['ab/cut-short.jpg.123.abcd.tmp', 'ab/being-written.jpg.123.ef01.tmp', 'README.txt'];
      for (const key of [staleTmp, freshTmp, foreign]) await storage().put(key, Buffer.from('x'));
      await age(staleTmp, 2 * HOUR);
      await age(foreign, 2 * HOUR);

      const result = await sweepUploads(t.db, storage());

      expect(result).toEqual({ temporary: 1, images: 1, files: 6 });
      expect(await storage().exists(staleTmp)).toBe(false);
      expect(await noneExist(orphan.imageUri)).toBe(true);
      expect(await t.db.select().from(media).where(eq(media.uri, orphan.imageUri))).toEqual([]);
      expect(await allExist(referenced)).toBe(true);
      expect(await allExist(freshUri)).toBe(true);
      expect(await storage().exists(freshTmp)).toBe(true);
      expect(await storage().exists(foreign)).toBe(true);
      await storage().remove(freshTmp);
      await storage().remove(foreign);
    });

    it('keeps a picture another row still references when one of its users is deleted (same bytes stored once)', async () => {
      const image = await freshPicture();
      const one = dataOf(await create(image));
      const two = dataOf(await create(image, { Title: 'دیگری' }));
      expect(two.imageUri).toBe(one.imageUri);
      await ageImage(one.imageUri);
      expect((await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${one.id}`)).statusCode).toBe(200);
      await sweepUploads(t.db, storage());
      expect(await allExist(one.imageUri)).toBe(true);
      expect((await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${two.id}`)).statusCode).toBe(200);
      await sweepUploads(t.db, storage());
      expect(await noneExist(one.imageUri)).toBe(true);
    });

    it('never removes an old unreferenced picture a request has just claimed', async () => {
      const image = await freshPicture();
      const p = dataOf(await create(image));
      expect((await asAdmin(t, 'DELETE', `/api/Product/Delete?id=${p.id}`)).statusCode).toBe(200);
      await ageImage(p.imageUri);
      const claimant = new UploadBatch(storage(), t.db);
      await processImage(claimant, image); // about to reference it; not committed yet
      expect(await sweepUploads(t.db, storage())).toMatchObject({ images: 0 });
      expect(await allExist(p.imageUri)).toBe(true);
    });

    it('keeps pictures only an order line snapshot or a product description names', async () => {
      const image = await freshPicture();
      const p = dataOf(await create(image, { Description: '<p>نمونه</p>' }));
      const variant = p.imageVariants[1].uri as string;
      // The product drops its picture; its description shows one variant of it.
      await t.db.update(products).set({ imageUri: null, description: `<p><img src="${variant}"></p>` }).where(eq(products.id, p.id));
      await ageImage(p.imageUri);
      await sweepUploads(t.db, storage());
      expect(await allExist(p.imageUri)).toBe(true);
      await t.db.update(products).set({ description: 'بی‌تصویر' }).where(eq(products.id, p.id));

      // An old order line still shows it.
      const [admin] = await t.db.select({ id: users.id }).from(users).limit(1);
      const [order] = await t.db.insert(orders).values({
        number: `T${Date.now()}`, userId: admin!.id, status: 'delivered', firstname: 'ا', lastname: 'ب', province: 'تهران', city: 'تهران',
        address: 'خیابان', postalCode: '1234567890', mobile: '09120000000', subtotal: 1, total: 1, reservedUntil: new Date(),
      }).returning({ id: orders.id });
      const [line] = await t.db.insert(orderItems).values({
        orderId: order!.id, productId: p.id, title: 'سرم', imageUri: p.imageUri, unitPrice: 1, quantity: 1, lineTotal: 1,
      }).returning({ id: orderItems.id });
      await sweepUploads(t.db, storage());
      expect(await allExist(p.imageUri)).toBe(true);

      await t.db.delete(orderItems).where(eq(orderItems.id, line!.id));
      await sweepUploads(t.db, storage());
      expect(await noneExist(p.imageUri)).toBe(true);
    });

    it('keeps a picture only a product option names (its gallery image deleted)', async () => {
      const image = await freshPicture();
      const p = dataOf(await create(image));
      // The product shows another picture now; one of its options still shows this one.
      const [option] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, p.id));
      await t.db.update(productVariants).set({ imageUri: p.imageUri }).where(eq(productVariants.id, option!.id));
      await t.db.update(products).set({ imageUri: null }).where(eq(products.id, p.id));
      await ageImage(p.imageUri);
      await sweepUploads(t.db, storage());
      expect(await allExist(p.imageUri)).toBe(true);
      await t.db.update(productVariants).set({ imageUri: null }).where(eq(productVariants.id, option!.id));
      await sweepUploads(t.db, storage());
      expect(await noneExist(p.imageUri)).toBe(true);
    });

    it('the sweeper runs its first sweep after the start, and stops on close without waiting for its timers', async () => {
      const stale = 'cd/old.png.1.aaaa.tmp';
      await storage().put(stale, Buffer.from('x'));
      await age(stale, 2 * HOUR);
      const sweeper = startUploadSweeper(t.db, storage(), t.app.log, HOUR, 20);
      expect(await storage().exists(stale)).toBe(true); // not during the start itself
      await vi.waitFor(async () => expect(await storage().exists(stale)).toBe(false), { timeout: 10_000, interval: 20 });
      const idle = startUploadSweeper(t.db, storage(), t.app.log);
      await Promise.all([sweeper.stop(), idle.stop()]); // an hour's and a minute's timers do not hold the close
    });
  });
});
