import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ENAMAD_HTML_MESSAGE, FREE_SHIPPING_THRESHOLD, parseEnamadSeal, type Slide, type StoreSettings, type StoreSettingsUpdate,
} from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, settings, slides } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { ServiceContext, UploadContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { processImage, recordImage, variantsOf } from '../media/media.service.js';

type Row = typeof slides.$inferSelect;

const toSlide = (r: Row): Slide => ({
  id: r.id, title: r.title, imageUri: r.imageUri, imageVariants: variantsOf(r.imageUri), link: r.link,
  categoryId: r.categoryId, sortOrder: r.sortOrder, isActive: r.isActive, kind: r.kind as Slide['kind'],
});

export async function listSlides(db: Db, opts: { page: number; pageSize: number; kind?: 'slide' | 'banner'; activeOnly: boolean; categoryId?: number }) {
  const where = and(
    opts.kind ? eq(slides.kind, opts.kind) : undefined,
    opts.activeOnly ? eq(slides.isActive, true) : undefined,
    opts.categoryId ? eq(slides.categoryId, opts.categoryId) : undefined,
  );
  return pageOf(db.select().from(slides).where(where).orderBy(asc(slides.sortOrder), asc(slides.id)).$dynamic(), db.$count(slides, where), opts,
    (rows) => rows.map(toSlide));
}

export interface SlideInput {
  id?: number; title?: string; link?: string; categoryId?: number; sortOrder?: number; isActive?: boolean; kind?: 'slide' | 'banner';
}

async function checkCategory(tx: DbOrTx, id?: number) {
  if (!id) return;
  const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!c) throw badRequest('دسته‌بندی پیدا نشد', { categoryId: 'دسته‌بندی پیدا نشد' });
}

export async function saveSlide(ctx: UploadContext, input: SlideInput, file?: UploadedFile) {
  if (!input.id && !file) throw badRequest('تصویر اسلاید الزامی است', { imageFile: 'تصویر اسلاید الزامی است' });
  const image = file ? await processImage(ctx.batch, file.buffer) : undefined;
  const { row } = await write(ctx, async (tx) => {
    await checkCategory(tx, input.categoryId);
    if (image) await recordImage(tx, image);
    const values = Object.fromEntries(Object.entries({
      title: input.title, link: input.link, categoryId: input.categoryId, sortOrder: input.sortOrder,
      isActive: input.isActive, kind: input.kind, imageUri: image?.uri,
    }).filter(([, v]) => v !== undefined));
    const changed = Object.keys(values).length > 0;
    if (input.id) {
      // Only the id sent: nothing to change, the slide as it is.
      const [updated] = changed
        ? await tx.update(slides).set(values).where(eq(slides.id, input.id)).returning()
        : await tx.select().from(slides).where(eq(slides.id, input.id));
      if (!updated) throw notFound('اسلاید');
      return { row: updated, values, changed };
    }
    const [created] = await tx.insert(slides).values(values).returning();
    return { row: created!, values, changed };
  }, {
    // A save that changed nothing is neither recorded nor a reason to drop the cached pages.
    invalidates: (r) => r.changed,
    audit: (r) => (r.changed ? { action: input.id ? 'slide.update' : 'slide.create', entity: 'slide', id: r.row.id, data: r.values } : undefined),
  });
  return toSlide(row);
}

export async function deleteSlide(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    const [row] = await tx.delete(slides).where(eq(slides.id, id)).returning({ id: slides.id });
    if (!row) throw notFound('اسلاید');
  }, { invalidates: true, audit: { action: 'slide.delete', entity: 'slide', id } });
}

export const DEFAULT_SETTINGS: StoreSettings = {
  storeName: 'سرخاب',
  tagline: 'فروشگاه آنلاین آرایشی و بهداشتی',
  phone: '021-91001234',
  email: 'info@sorkhab.example',
  address: 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، پلاک ۱۲',
  workingHours: 'شنبه تا پنجشنبه، ۹ تا ۱۸',
  shippingFee: 45_000,
  freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
  codEnabled: false,
  enamadId: '',
  enamadCode: '',
  about: 'سرخاب فروشگاه اینترنتی محصولات آرایشی، بهداشتی و مراقبت پوست و مو با ضمانت اصالت کالاست.',
  faq: [
    { question: 'چطور سفارشم را پیگیری کنم؟', answer: 'از صفحه پیگیری سفارش با شماره سفارش و شماره موبایل، یا از بخش سفارش‌های من در حساب کاربری.' },
    { question: 'هزینه ارسال چقدر است؟', answer: 'برای خریدهای بالای ۲ میلیون تومان ارسال رایگان است؛ در غیر این صورت هزینه ارسال هنگام پرداخت محاسبه می‌شود.' },
    { question: 'آیا امکان مرجوع کردن کالا وجود دارد؟', answer: 'بله، تا ۷ روز پس از تحویل و طبق شرایط بازگشت کالا می‌توانید کالا را مرجوع کنید.' },
    { question: 'آیا کالاها اصل هستند؟', answer: 'همه کالاهای سرخاب با ضمانت اصالت و از نمایندگی‌های رسمی تهیه می‌شوند.' },
  ],
};

const SETTING_KEYS = new Set(Object.keys(DEFAULT_SETTINGS));

/**
 * The defaults overlaid with the stored keys the shop knows; a stray or legacy key (an old `enamadHtml`) is never
 * returned. Values are read as JSON text and parsed once: Drizzle's jsonb column parses a string value a second
 * time, so a stored "123456" (an eNamad id, a store name of digits) came back as a number.
 */
export async function getSettings(db: DbOrTx): Promise<StoreSettings> {
  const rows = await db.select({ key: settings.key, json: sql<string>`${settings.value}::text` }).from(settings);
  const stored = Object.fromEntries(rows.filter((r) => SETTING_KEYS.has(r.key)).map((r) => [r.key, JSON.parse(r.json) as unknown]));
  return { ...DEFAULT_SETTINGS, ...stored } as StoreSettings;
}

/**
 * The eNamad seal of a settings write: a pasted `enamadHtml` gives its id and code (unless they are sent too) and is
 * then forgotten; the seal is both parts or neither.
 */
function sealOf(patch: StoreSettingsUpdate, current: StoreSettings): Pick<StoreSettings, 'enamadId' | 'enamadCode'> | undefined {
  const { enamadHtml } = patch;
  let { enamadId, enamadCode } = patch;
  if (enamadHtml !== undefined && enamadId === undefined && enamadCode === undefined) {
    const seal = enamadHtml.trim() ? parseEnamadSeal(enamadHtml) : { enamadId: '', enamadCode: '' };
    if (!seal) throw badRequest(ENAMAD_HTML_MESSAGE, { enamadHtml: ENAMAD_HTML_MESSAGE });
    ({ enamadId, enamadCode } = seal);
  }
  if (enamadId === undefined && enamadCode === undefined) return undefined;
  const next = { enamadId: enamadId ?? current.enamadId, enamadCode: enamadCode ?? current.enamadCode };
  if (next.enamadId && !next.enamadCode) throw badRequest('کد نماد اعتماد را هم وارد کنید', { enamadCode: 'کد نماد اعتماد را هم وارد کنید' });
  if (next.enamadCode && !next.enamadId) throw badRequest('شناسه نماد اعتماد را هم وارد کنید', { enamadId: 'شناسه نماد اعتماد را هم وارد کنید' });
  return next;
}

export async function updateSettings(ctx: ServiceContext, input: StoreSettingsUpdate) {
  await write(ctx, async (tx) => {
    const { enamadHtml: _html, ...rest } = input;
    const seal = sealOf(input, await getSettings(tx));
    const patch: Partial<StoreSettings> = { ...rest, ...seal };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || !SETTING_KEYS.has(key)) continue;
      await tx.insert(settings).values({ key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
    return patch;
  }, { invalidates: true, audit: (patch) => ({ action: 'settings.update', entity: 'settings', id: null, data: patch }) });
  return getSettings(ctx.db);
}
