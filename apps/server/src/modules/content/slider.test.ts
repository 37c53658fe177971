import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isSafeLink, SAFE_LINK_MESSAGE } from '@sorkhab/shared';
import { slides } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory, pngImage } from '../../../test/factories.js';
import { adminForm, asAdmin, customerToken, dataOf, errorOf, expectAdminOnly, expectFieldErrors } from '../../../test/api.js';
import { bearer } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';

let t: TestApp;
let shopper: string;
let image: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await customerToken(t);
  image = await pngImage(120, 40, '#ad1457');
});
afterAll(async () => { await t.close(); });

type Slide = { id: number; title: string; imageUri: string | null; imageVariants: { width: number; uri: string }[]; link: string; categoryId: number | null; sortOrder: number; isActive: boolean; kind: 'slide' | 'banner' };
const addSlide = async (fields: Record<string, string | number | boolean>) =>
  dataOf<Slide>(await adminForm(t, 'POST', '/api/Slider', fields, [{ field: 'ImageFile', filename: 's.png', data: image, type: 'image/png' }]));
const publicList = async (query = 'PageNumber=1&PageSize=100') => dataOf(await t.app.inject({ method: 'GET', url: `/api/Slider/Get?${query}` }));
const adminList = async (query = 'PageNumber=1&PageSize=100') => dataOf(await asAdmin(t, 'GET', `/api/Slider/Get?${query}`));
const idsOf = (page: { data: Slide[] }) => page.data.map((s) => s.id);

describe('POST /api/Slider', () => {
  it('adds a slide with its image and fields', async () => {
    const cat = await createCategory(t);
    const slide = await addSlide({ title: 'حراج زمستانه', link: '/category/makeup', categoryId: cat.id, sortOrder: 3, isActive: 'true', kind: 'slide' });
    expect(slide).toMatchObject({ title: 'حراج زمستانه', link: '/category/makeup', categoryId: cat.id, sortOrder: 3, isActive: true, kind: 'slide' });
    expect(slide.imageUri).toMatch(/^\/uploads\/.+\.png$/);
    expect(slide.imageVariants).toHaveLength(4);
  });

  it('adds a banner, active by default', async () => {
    const banner = await addSlide({ Title: 'بنر', KIND: 'banner' });
    expect(banner).toMatchObject({ title: 'بنر', kind: 'banner', isActive: true, link: '', categoryId: null, sortOrder: 0 });
  });

  it('answers 400 without an image', async () => {
    expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { title: 'x' }), { imageFile: 'تصویر اسلاید الزامی است' });
  });

  it('answers 400 for an unknown kind or category, and 415 for a non-image', async () => {
    const file = [{ field: 'ImageFile', filename: 's.png', data: image }];
    expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { kind: 'popup' }, file), { kind: 'نوع باید slide یا banner باشد' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { categoryId: 999999 }, file), { categoryId: 'دسته‌بندی پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { sortOrder: -1 }, file), { sortOrder: 'ترتیب باید حداقل ۰ باشد' });
    expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { link: 'l'.repeat(501) }, file), { link: 'پیوند باید حداکثر ۵۰۰ کاراکتر باشد' });
    const res = await adminForm(t, 'POST', '/api/Slider', { title: 'x' }, [{ field: 'ImageFile', filename: 's.jpg', data: Buffer.from('not an image at all, really') }]);
    expect(res.statusCode).toBe(415);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'POST', url: '/api/Slider', ...multipart({ title: 'x' }, [{ field: 'ImageFile', filename: 's.png', data: image }]) }, shopper);
  });
});

describe('GET /api/Slider/Get', () => {
  it('answers active slides to the public, paged, by sortOrder', async () => {
    await t.db.delete(slides);
    await t.app.services.cache.invalidate();
    const second = await addSlide({ title: 'دوم', sortOrder: 2 });
    const first = await addSlide({ title: 'اول', sortOrder: 1 });
    const hidden = await addSlide({ title: 'پنهان', sortOrder: 0, isActive: 'false' });
    const page = await publicList();
    expect(page).toMatchObject({ page: 1, pageSize: 100, totalCount: 2 });
    expect(idsOf(page)).toEqual([first.id, second.id]);
    expect(idsOf(page)).not.toContain(hidden.id);
  });

  it('answers inactive slides too when an admin asks, unless activeOnly', async () => {
    const hidden = await addSlide({ title: 'غیرفعال', isActive: 'false' });
    expect(idsOf(await adminList())).toContain(hidden.id);
    expect(idsOf(await adminList('activeOnly=true'))).not.toContain(hidden.id);
    // A shopper's or a broken token is just the public view.
    const asShopper = dataOf(await t.app.inject({ method: 'GET', url: '/api/Slider/Get', headers: bearer(shopper) }));
    expect(idsOf(asShopper)).not.toContain(hidden.id);
    const broken = dataOf(await t.app.inject({ method: 'GET', url: '/api/Slider/Get', headers: bearer('junk') }));
    expect(idsOf(broken)).not.toContain(hidden.id);
  });

  it('filters by kind', async () => {
    const banner = await addSlide({ title: 'بنر ویژه', kind: 'banner' });
    const banners = await publicList('kind=banner');
    expect(banners.data.every((s: Slide) => s.kind === 'banner')).toBe(true);
    expect(idsOf(banners)).toContain(banner.id);
    expect(idsOf(await publicList('kind=slide'))).not.toContain(banner.id);
  });

  it('pages with PageNumber and PageSize', async () => {
    const all = await publicList();
    const second = await publicList('PageNumber=2&PageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, totalCount: all.totalCount });
    expect(idsOf(second)).toEqual([all.data[1].id]);
  });

  it('answers 400 with a Persian message for an unknown kind', async () => {
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Slider/Get?kind=popup' }), { kind: 'نوع باید slide یا banner باشد' });
  });

  it('answers 400 for a huge page size or a negative page', async () => {
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Slider/Get?PageSize=100000' }), { pageSize: 'اندازه صفحه باید حداکثر ۱۰۰ باشد' });
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Slider/Get?PageNumber=-2' }), { pageNumber: 'شماره صفحه باید حداقل ۱ باشد' });
  });
});

describe('GET /api/Slider/GetByCId', () => {
  it('answers the active slides of one category', async () => {
    const cat = await createCategory(t);
    const other = await createCategory(t);
    const on = await addSlide({ title: 'فعال', categoryId: cat.id });
    await addSlide({ title: 'خاموش', categoryId: cat.id, isActive: 'false' });
    await addSlide({ title: 'دیگر', categoryId: other.id });
    const page = dataOf(await t.app.inject({ method: 'GET', url: `/api/Slider/GetByCId?categoryId=${cat.id}` }));
    expect(page).toMatchObject({ page: 1, pageSize: 100, totalCount: 1 });
    expect(idsOf(page)).toEqual([on.id]);
  });

  it('answers an empty page for a category without slides and 400 for a bad id', async () => {
    const cat = await createCategory(t);
    expect(dataOf(await t.app.inject({ method: 'GET', url: `/api/Slider/GetByCId?CategoryId=${cat.id}` }))).toEqual({ data: [], page: 1, pageSize: 100, totalCount: 0 });
    expectFieldErrors(await t.app.inject({ method: 'GET', url: '/api/Slider/GetByCId?categoryId=abc' }), { categoryId: 'دسته‌بندی باید عدد باشد' });
  });
});

describe('PUT /api/Slider', () => {
  it('deactivating a slide hides it from the public on the very next read', async () => {
    const slide = await addSlide({ title: 'موقت' });
    expect(idsOf(await publicList())).toContain(slide.id);
    const updated = dataOf<Slide>(await adminForm(t, 'PUT', '/api/Slider', { id: slide.id, isActive: 'false' }));
    expect(updated).toMatchObject({ id: slide.id, title: 'موقت', isActive: false, imageUri: slide.imageUri });
    expect(idsOf(await publicList())).not.toContain(slide.id);
  });

  it('changes title, link and image', async () => {
    const slide = await addSlide({ title: 'قدیم' });
    const updated = dataOf<Slide>(await adminForm(t, 'PUT', '/api/Slider', { id: slide.id, title: 'جدید', link: '/x' },
      [{ field: 'ImageFile', filename: 'n.png', data: await pngImage(60, 20, '#004d40') }]));
    expect(updated).toMatchObject({ title: 'جدید', link: '/x' });
    expect(updated.imageUri).not.toBe(slide.imageUri);
  });

  it('answers 404 for an unknown slide and 400 without an id', async () => {
    const res = await adminForm(t, 'PUT', '/api/Slider', { id: 999999, title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'اسلاید پیدا نشد' });
    expectFieldErrors(await adminForm(t, 'PUT', '/api/Slider', { title: 'x' }), { id: 'شناسه اسلاید الزامی است' });
  });

  it('answers the slide as it is when only its id is sent (as a form or as JSON), and 404 for an unknown one', async () => {
    const slide = await addSlide({ title: 'بی‌تغییر' });
    expect(dataOf<Slide>(await adminForm(t, 'PUT', '/api/Slider', { id: slide.id }))).toMatchObject({ id: slide.id, title: 'بی‌تغییر', imageUri: slide.imageUri });
    expect(dataOf<Slide>(await asAdmin(t, 'PUT', '/api/Slider', { id: slide.id }))).toMatchObject({ id: slide.id, title: 'بی‌تغییر' });
    expect(errorOf(await asAdmin(t, 'PUT', '/api/Slider', { id: 999_999 }))).toEqual({ code: 'NOT_FOUND', message: 'اسلاید پیدا نشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'PUT', url: '/api/Slider', ...multipart({ id: 1, title: 'x' }) }, shopper);
  });
});

describe('DELETE /api/Slider', () => {
  it('deletes a slide; the next read leaves it out', async () => {
    const slide = await addSlide({ title: 'حذفی' });
    await publicList();
    expect(dataOf(await asAdmin(t, 'DELETE', `/api/Slider?id=${slide.id}`))).toEqual({ id: slide.id });
    expect(idsOf(await publicList())).not.toContain(slide.id);
  });

  it('answers 404 for an unknown slide and 400 for a bad id', async () => {
    const res = await asAdmin(t, 'DELETE', '/api/Slider?id=999999');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('اسلاید پیدا نشد');
    expectFieldErrors(await asAdmin(t, 'DELETE', '/api/Slider?id=1;DROP'), { id: 'شناسه باید عدد باشد' });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, { method: 'DELETE', url: '/api/Slider?id=1' }, shopper);
  });
});

describe('slide and banner links (issue 9)', () => {
  const file = () => [{ field: 'ImageFile', filename: 's.png', data: image, type: 'image/png' }];
  const unsafe = [
    'javascript:alert(document.cookie)', 'JaVaScRiPt:alert(1)', '  javascript:alert(1)', 'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example/x',
    '/\\evil.example', '/\t/evil.example', 'https:evil.example', 'http://', 'ftp://example.com/a', 'product/1',
  ];

  it('answers 400 with a Persian message for a link that is not relative or http(s), on add and on edit, storing nothing', async () => {
    const slide = await addSlide({ title: 'پیوند امن', link: '/product/1' });
    const before = (await adminList()).totalCount;
    for (const link of unsafe) {
      for (const kind of ['slide', 'banner']) {
        expectFieldErrors(await adminForm(t, 'POST', '/api/Slider', { title: 'x', kind, link }, file()), { link: SAFE_LINK_MESSAGE });
      }
      expectFieldErrors(await adminForm(t, 'PUT', '/api/Slider', { id: slide.id, link }), { link: SAFE_LINK_MESSAGE });
    }
    expect((await adminList()).totalCount).toBe(before);
    const [row] = await t.db.select().from(slides).where(eq(slides.id, slide.id));
    expect(row!.link).toBe('/product/1');
  });

  it('accepts paths on the shop, http(s) addresses and no link', async () => {
    for (const link of ['/product-list?category=آرایش&brand=2', '/', 'https://example.com/a?b=1#c', 'HTTP://shop.example.ir', '']) {
      const slide = await addSlide({ title: 'مجاز', kind: 'banner', link });
      expect(slide.link).toBe(link);
    }
  });

  it('isSafeLink is the same rule for the storefront', () => {
    for (const link of unsafe) expect(isSafeLink(link), link).toBe(false);
    expect(isSafeLink('/x')).toBe(true);
    expect(isSafeLink('https://example.com')).toBe(true);
    expect(isSafeLink('')).toBe(false);
  });
});
