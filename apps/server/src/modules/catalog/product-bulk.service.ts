/**
 * Bulk actions of the admin's product desk (decision 023): one action on the selected products or on
 * every product matching the table's filter, in one transaction, audited once. The rows are locked in
 * id order first (the lock order of every product write); with a filter, the count the owner confirmed
 * must still be the count, or nothing is changed (409). The storefront's catalogue follows through the
 * change log and the cache generation, as after any product write (catalog-sync.ts).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { toPersianDigits, type ProductBulk, type ProductBulkAction, type ProductBulkResult } from '@sorkhab/shared';
import type { Tx } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { adminWhere, heldProducts } from './product.service.js';
import { notifyRestocked } from './restock.js';
import { inAdmin } from './visible.js';

/** Ids per statement (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 2_000;
const chunksOf = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

type PriceAction = Extract<ProductBulkAction, { kind: 'price' }>;

/** The new price: set, plus or minus toman, plus or minus a percent; rounded to whole toman or to the nearest thousand. */
export function newPrice(price: number, a: Pick<PriceAction, 'mode' | 'value' | 'round'>): number {
  const raw = a.mode === 'set' ? a.value : a.mode === 'add' ? price + a.value : (price * (100 + a.value)) / 100;
  return Math.round(raw / a.round) * a.round;
}

/** Sets (id → values) on many rows in one statement per chunk: `update … from (values …)`. */
async function setMany(tx: Tx, table: typeof products | typeof productVariants, rows: { id: number; price: number | null }[], withOff: boolean) {
  for (const part of chunksOf(rows)) {
    const values = sql.join(part.map((r) => sql`(${r.id}::int, ${r.price}::bigint)`), sql`, `);
    if (withOff) {
      // off_price as discountedPrice computes it (floor of price × (100 − percent) / 100: integer division of non-negative numbers).
      await tx.execute(sql`update ${products} set price = v.price, off_price = (v.price * (100 - ${products.offPersent})) / 100, updated_at = now()
        from (values ${values}) as v(id, price) where ${products.id} = v.id`);
    } else {
      await tx.execute(sql`update ${productVariants} set price = v.price from (values ${values}) as v(id, price) where ${productVariants.id} = v.id`);
    }
  }
}

async function changePrices(tx: Tx, ids: number[], a: PriceAction) {
  const rows = [];
  for (const part of chunksOf(ids)) rows.push(...await tx.select({ id: products.id, price: products.price, title: products.title }).from(products).where(inArray(products.id, part)));
  const priced = rows.map((r) => ({ ...r, price: newPrice(r.price, a) }));
  const bad = priced.find((r) => r.price <= 0 || r.price > 10_000_000_000);
  if (bad) throw badRequest(`قیمت «${bad.title}» با این تغییر ${bad.price <= 0 ? 'صفر یا منفی' : 'بیش از حد مجاز'} می‌شود؛ مقدار دیگری وارد کنید`, { value: 'قیمت حاصل نامعتبر است' });
  await setMany(tx, products, priced, true);
  // A variant's own price changes the same way; «set» gives every variant the product's (new) price.
  for (const part of chunksOf(ids)) {
    const own = and(inArray(productVariants.productId, part), isNotNull(productVariants.price), eq(productVariants.isDeleted, false));
    if (a.mode === 'set') {
      await tx.update(productVariants).set({ price: null }).where(own);
      continue;
    }
    const variants = await tx.select({ id: productVariants.id, price: productVariants.price }).from(productVariants).where(own);
    const next = variants.map((v) => ({ id: v.id, price: newPrice(v.price!, a) }));
    if (next.some((v) => v.price <= 0)) throw badRequest('قیمت یکی از ترکیب‌ها با این تغییر صفر یا منفی می‌شود؛ مقدار دیگری وارد کنید', { value: 'قیمت حاصل نامعتبر است' });
    await setMany(tx, productVariants, next, false);
  }
}

/** Deletes the products nobody ordered; hides the rest (decision: order history keeps them, as deleteProduct does). */
async function deleteMany(tx: Tx, ids: number[]) {
  let hidden = 0;
  for (const part of chunksOf(ids)) {
    const held = await heldProducts(tx, part);
    const keep = new Set(held);
    const drop = part.filter((id) => !keep.has(id));
    if (held.length) await tx.update(products).set({ isDeleted: true, updatedAt: new Date() }).where(inArray(products.id, held));
    if (drop.length) await tx.delete(products).where(inArray(products.id, drop));
    hidden += held.length;
  }
  return hidden;
}

async function apply(tx: Tx, ids: number[], a: ProductBulkAction): Promise<number> {
  if (a.kind === 'price') await changePrices(tx, ids, a);
  else if (a.kind === 'delete') return deleteMany(tx, ids);
  else {
    const set = a.kind === 'discount'
      ? { offPersent: a.percent, hasOff: a.percent > 0, offPrice: sql`(${products.price} * (100 - ${a.percent})) / 100` }
      : { isDraft: a.kind === 'unpublish' };
    for (const part of chunksOf(ids)) await tx.update(products).set({ ...set, updatedAt: new Date() }).where(inArray(products.id, part));
    // A product published with stock is back for whoever waited for it (restocked while it was a draft).
    if (a.kind === 'publish') for (const part of chunksOf(ids)) await notifyRestocked(tx, part);
  }
  return 0;
}

export async function bulkProducts(ctx: ServiceContext, input: ProductBulk): Promise<ProductBulkResult> {
  const where = input.filter ? await adminWhere(ctx.db, ctx.cache, input.filter) : and(inArray(products.id, input.ids!), inAdmin);
  const { action } = input;
  return write(ctx, async (tx) => {
    const ids = (await tx.select({ id: products.id }).from(products).where(where).orderBy(asc(products.id)).for('update')).map((r) => r.id);
    if (input.filter && ids.length !== input.expectedCount) {
      throw conflict(`تعداد محصولات مطابق فیلتر اکنون ${toPersianDigits(ids.length)} است، نه ${toPersianDigits(input.expectedCount!)}؛ فهرست را تازه کنید و دوباره تأیید کنید`);
    }
    if (input.ids && ids.length !== new Set(input.ids).size) throw conflict('برخی از محصولات انتخاب‌شده دیگر وجود ندارند؛ فهرست را تازه کنید');
    const hidden = await apply(tx, ids, action);
    return { count: ids.length, hidden, ids };
  }, {
    invalidates: true,
    retry: true,
    audit: (r) => ({ action: `product.bulk.${action.kind}`, entity: 'product', data: { ...action, count: r.count, hidden: r.hidden, filter: input.filter, ids: r.ids.slice(0, 1000) } }),
  }).then(({ count, hidden }) => ({ count, hidden }));
}
