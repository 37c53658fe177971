import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { galleryImages } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createProduct, pngImage } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { multipart } from '../../../test/multipart.js';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
});
afterAll(async () => { await t.close(); });

type Image = { id: number; productId: number; imageUri: string; filename: string; imageVariants: { width: number; uri: string }[] };
const gallery = (productId: number | string) => t.app.inject({ method: 'GET', url: `/api/Gallery/${productId}` });
const png = async (name: string, color: string, field = 'ImageFiles') => ({ field, filename: name, data: await pngImage(30, 30, color), type: 'image/png' });

describe('POST /api/Gallery', () => {
  it('adds several images to a product and answers the gallery', async () => {
    const product = await createProduct(t);
    await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` });
    const images = dataOf<Image[]>(await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id },
      [await png('front.png', '#ff0000'), await png('back.png', '#00ff00')]));
    expect(images.map((i) => [i.productId, i.filename])).toEqual([[product.id, 'front.png'], [product.id, 'back.png']]);
    for (const image of images) {
      expect(image.imageUri).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      expect(image.imageVariants.map((v) => v.width)).toEqual([100, 300, 600, 1200]);
    }
    // The product page shows them on the very next read.
    const detail = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` }));
    expect(detail.gallery.map((g: { id: number }) => g.id)).toEqual(images.map((i) => i.id));
  });

  it('accepts the field names in any case', async () => {
    const product = await createProduct(t);
    const images = dataOf<Image[]>(await adminForm(t, 'POST', '/api/Gallery', { productId: product.id }, [await png('a.png', '#0000ff', 'imageFiles')]));
    expect(images).toHaveLength(1);
  });

  it('answers 400 without an image', async () => {
    const product = await createProduct(t);
    expectFieldErrors(await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id }), { imageFiles: 'حداقل یک تصویر انتخاب کنید' });
  });

  it('answers 400 without a product id and 404 for an unknown product', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Gallery', {}, [await png('a.png', '#111111')]), { productId: 'محصول الزامی است' });
    const res = await adminForm(t, 'POST', '/api/Gallery', { ProductId: 999999 }, [await png('a.png', '#111111')]);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'محصول پیدا نشد' });
  });

  it('stores nothing when one of the files is not an image', async () => {
    const product = await createProduct(t);
    const res = await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id },
      [await png('ok.png', '#abcdef'), { field: 'ImageFiles', filename: 'evil.jpg', data: Buffer.from('<?php echo "hi"; ?> not an image'), type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(415);
    expect(await t.db.select().from(galleryImages).where(eq(galleryImages.productId, product.id))).toEqual([]);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Gallery', ...multipart({ ProductId: 1 }, [await png('a.png', '#222222')]) }, shopper);
  });
});

describe('GET /api/Gallery/{productId}', () => {
  it('lists a product\'s images in upload order, without a login', async () => {
    const product = await createProduct(t);
    const added = dataOf<Image[]>(await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id }, [await png('1.png', '#010101'), await png('2.png', '#020202')]));
    const listed = dataOf<Image[]>(await gallery(product.id));
    expect(listed).toEqual(added);
  });

  it('shows a draft\'s gallery to the catalogue\'s admins only, as its page is (404 to a guest or a shopper)', async () => {
    const product = await createProduct(t, { IsDraft: true });
    const added = dataOf<Image[]>(await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id }, [await png('secret-launch.png', '#0a0b0c')]));
    for (const headers of [{}, { authorization: `Bearer ${shopper}` }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Gallery/${product.id}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret-launch');
    }
    expect(dataOf<Image[]>(await asAdmin(t, 'GET', `/api/Gallery/${product.id}`))).toEqual(added);
    // Published, it is everyone's.
    dataOf(await asAdmin(t, 'PUT', '/api/Product/SetDraft', { id: product.id, isDraft: false }));
    expect(dataOf<Image[]>(await gallery(product.id))).toEqual(added);
  });

  it('answers an empty list for a product without images', async () => {
    const product = await createProduct(t);
    expect(dataOf(await gallery(product.id))).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 for a non-numeric id', async () => {
    const res = await gallery(999999);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('محصول پیدا نشد');
    expectFieldErrors(await gallery('abc'), { productId: 'محصول باید عدد باشد' });
  });
});

describe('DELETE /api/Gallery', () => {
  it('removes one image; the gallery and the product page show it gone', async () => {
    const product = await createProduct(t);
    const [a, b] = dataOf<Image[]>(await adminForm(t, 'POST', '/api/Gallery', { ProductId: product.id }, [await png('1.png', '#030303'), await png('2.png', '#040404')]));
    await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` });
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Gallery?id=${a!.id}`))).toEqual({ id: a!.id });
    expect(dataOf<Image[]>(await gallery(product.id)).map((i) => i.id)).toEqual([b!.id]);
    const detail = dataOf(await t.app.inject({ method: 'GET', url: `/api/Product/ById?id=${product.id}` }));
    expect(detail.gallery.map((g: { id: number }) => g.id)).toEqual([b!.id]);
  });

  it('answers 404 for an unknown image and 400 for a bad id', async () => {
    const res = await asAdmin(t, 'DELETE', '/api/Gallery?id=999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'تصویر پیدا نشد' });
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Gallery?id=null'), { id: 'شناسه باید عدد باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'DELETE', url: '/api/Gallery?id=1' }, shopper);
  });
});
