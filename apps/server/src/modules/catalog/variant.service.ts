import { and, asc, eq, exists, gte, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import {
  combinationsOf, discountedPrice, isCombinationOf, MAX_VARIANTS, optionGroupsOf, spreadStock, toPersianDigits, variantLabel,
  type OptionGroup, type ProductAttributeEntry, type Variant, type VariantInput,
} from '@sorkhab/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { cartItems, galleryImages, orderItems, products, productVariants, stockSubscriptions } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { variantsOf as imageSizesOf } from '../media/media.service.js';
import { checkLowStock } from './low-stock.js';
import { notifyRestocked } from './restock.js';

/*
 * Variants: one row per combination of a product's options that exists (packages/shared/src/catalog/
 * variants.ts), each with its own stock. `products.stock` is the sum of the live variants' stock and is
 * changed in the same statement pair as theirs, always product row first (the lock order of every path).
 */

type VariantRow = typeof productVariants.$inferSelect;
type ProductPrice = { price: number; offPersent: number };

export function toVariant(v: VariantRow, p: ProductPrice): Variant {
  const price = v.price ?? p.price;
  return {
    id: v.id, options: v.options, label: v.label, sku: v.sku, barcode: v.barcode, ownPrice: v.price,
    price, offPrice: discountedPrice(price, p.offPersent), stock: v.stock, imageUri: v.imageUri, imageVariants: imageSizesOf(v.imageUri),
  };
}

/** What one unit of a variant sells at: its own price or the product's, less the product's discount. */
export const unitPriceOf = (v: Pick<VariantRow, 'price'>, p: ProductPrice & { offPrice: number }) =>
  v.price === null ? p.offPrice : discountedPrice(v.price, p.offPersent);

/** The live variants of some products, in their order. */
export async function liveVariantsOf(db: DbOrTx, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const out = new Map<number, VariantRow[]>();
  if (!productIds.length) return out;
  const rows = await db.select().from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isDeleted, false)))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r]);
  return out;
}

/**
 * The attribute entries as the spec's clients read them, with each colour's stock being the sum of
 * its variants' (the colours' own numbers are no longer a second copy of the stock).
 */
export function attributesWithStock(entries: ProductAttributeEntry[], groups: OptionGroup[], variants: VariantRow[]): ProductAttributeEntry[] {
  return entries.map((e) => {
    // Colours that carried no stock are returned as sent (the spec's clients read back what they wrote).
    if (!e.colorObj?.some((c) => typeof c.stock === 'number')) return e;
    const at = groups.findIndex((g) => g.kind === 'color' && g.title === (e.title || 'رنگ'));
    if (at < 0) return e;
    return { ...e, colorObj: e.colorObj.map((c) => ({ ...c, stock: variants.filter((v) => v.options[at] === c.name).reduce((n, v) => n + v.stock, 0) })) };
  });
}

/** One colour group whose colours carry stock (the spec's colorObj with our `stock`): each colour's own. */
function colourStocks(entries: ProductAttributeEntry[], groups: OptionGroup[]): Map<string, number> | undefined {
  if (groups.length !== 1 || groups[0]!.kind !== 'color') return undefined;
  const colours = entries.find((e) => e.colorObj?.length && (e.title || 'رنگ') === groups[0]!.title)?.colorObj ?? [];
  if (!colours.some((c) => typeof c.stock === 'number')) return undefined;
  return new Map(colours.map((c) => [c.name, c.stock ?? 0]));
}

/**
 * Stocks for combinations whose stock was given only for the whole product (rows from before
 * variants): the colours' own when they carry it, otherwise the total spread evenly
 * (docs/decisions/014-variants.md).
 */
function stocksFor(entries: ProductAttributeEntry[], groups: OptionGroup[], combos: string[][], total: number): number[] {
  const colours = colourStocks(entries, groups);
  return colours ? combos.map(([value]) => colours.get(value!) ?? 0) : spreadStock(total, combos.length);
}

/** The variants a product whose stock is given for the whole of it starts with: every combination of its options. */
export function initialVariants(entries: ProductAttributeEntry[], total: number) {
  const groups = optionGroupsOf(entries);
  const combos = combinationsOf(groups).slice(0, MAX_VARIANTS);
  const stocks = stocksFor(entries, groups, combos, total);
  return combos.map((options, i) => ({ options, label: variantLabel(options), stock: stocks[i]!, sortOrder: i }));
}

const refused = (message: string) => badRequest(message, { variants: message });

/**
 * A product's price is its cheapest combination's: the price its card, the listing's price filter and sorts, the feed
 * and the search use (one indexed column) is one the shop sells at. Given the product's price and its live variants' own
 * prices (null: the product's), answers the product's price (the cheapest) and each variant's own price against it —
 * null where it is the cheapest, so every variant keeps what it sold at (decision 014).
 */
export function settledPrices(price: number, own: readonly (number | null)[]): { price: number; own: (number | null)[] } {
  const sells = own.map((p) => p ?? price);
  const cheapest = sells.length ? Math.min(...sells) : price;
  return { price: cheapest, own: sells.map((p) => (p === cheapest ? null : p)) };
}

/** The product's price moved to its cheapest variant's, with its discounted price (inside the caller's transaction). */
async function setProductPrice(tx: DbOrTx, product: { id: number; offPersent: number }, price: number) {
  await tx.update(products).set({ price, offPrice: discountedPrice(price, product.offPersent) }).where(eq(products.id, product.id));
}

/**
 * Data step: products saved before their price was their cheapest variant's (a combination priced below the product, or
 * every combination priced apart from it) get their prices settled as a save does now.
 */
export async function settleVariantPrices(db: DbOrTx) {
  const priced = (await db.selectDistinct({ id: productVariants.productId }).from(productVariants)
    .where(and(sql`${productVariants.price} is not null`, eq(productVariants.isDeleted, false)))).map((r) => r.id);
  for (let at = 0; at < priced.length; at += 1_000) {
    const ids = priced.slice(at, at + 1_000);
    const rows = await db.select({ id: products.id, price: products.price, offPersent: products.offPersent }).from(products).where(inArray(products.id, ids));
    const variants = await liveVariantsOf(db, ids);
    for (const row of rows) {
      const live = variants.get(row.id) ?? [];
      const settled = settledPrices(row.price, live.map((v) => v.price));
      for (const [i, v] of live.entries()) {
        if (settled.own[i] !== v.price) await db.update(productVariants).set({ price: settled.own[i]! }).where(eq(productVariants.id, v.id));
      }
      if (settled.price !== row.price) await setProductPrice(db, row, settled.price);
    }
  }
}

/** products.stock = the sum of the live variants' stock, for these products. */
async function recountStock(tx: DbOrTx, productIds: number[]) {
  if (!productIds.length) return;
  await tx.update(products).set({
    stock: sql`(select coalesce(sum(${productVariants.stock}), 0) from ${productVariants} where ${productVariants.productId} = ${products.id} and not ${productVariants.isDeleted})`,
  }).where(inArray(products.id, productIds));
}

interface Wanted {
  id?: number;
  expectedStock?: number;
  options: string[];
  sku: string | null;
  barcode: string | null;
  price: number | null;
  stock: number;
  imageUri: string | null;
}

/**
 * Makes a product's variants what a write asks for, inside its transaction (the product row is
 * already locked by the caller). With `variants` (the admin's table) they are exactly those; without
 * (the spec's clients send attributes and one stock) every combination exists, the ones there keep
 * their stock, price and SKU, and a new product stock is spread as `stocksFor` says.
 */
export async function syncVariants(tx: Tx, product: { id: number; imageUri: string | null; price: number; offPersent: number },
  entries: ProductAttributeEntry[], input: { variants?: VariantInput[]; stock?: number }) {
  const groups = optionGroupsOf(entries);
  const existing = (await liveVariantsOf(tx, [product.id])).get(product.id) ?? [];
  const byLabel = new Map(existing.map((v) => [v.label, v]));
  let wanted: Wanted[];

  if (input.variants) {
    if (!input.variants.length) throw refused('دست‌کم یک ترکیب با موجودی آن لازم است');
    const seen = new Set<string>();
    const skus = new Set<string>();
    wanted = input.variants.map((v) => {
      const label = variantLabel(v.options);
      if (!isCombinationOf(groups, v.options)) {
        throw refused(groups.length
          ? `ترکیب «${label || '—'}» با گزینه‌های محصول (${groups.map((g) => g.title).join('، ')}) نمی‌خواند؛ از هر گزینه یک مقدار انتخاب کنید`
          : 'این محصول گزینه‌ای ندارد؛ تنها یک ترکیب بدون مقدار می‌پذیرد');
      }
      if (seen.has(label)) throw refused(`ترکیب «${label}» دو بار آمده است`);
      seen.add(label);
      if (v.sku) {
        if (skus.has(v.sku)) throw refused(`کد کالای «${v.sku}» برای دو ترکیب آمده است`);
        skus.add(v.sku);
      }
      return { id: v.id, expectedStock: v.expectedStock, options: v.options, sku: v.sku ?? null, barcode: v.barcode ?? null, price: v.price ?? null, stock: v.stock, imageUri: v.imageUri ?? null };
    });
  } else {
    const combos = combinationsOf(groups);
    if (combos.length > MAX_VARIANTS) {
      throw refused(`گزینه‌های این محصول ${toPersianDigits(combos.length)} ترکیب می‌سازند؛ حداکثر ${toPersianDigits(MAX_VARIANTS)} ترکیب مجاز است`);
    }
    const kept = combos.map((c) => byLabel.get(variantLabel(c)));
    const keptSum = kept.reduce((n, v) => n + (v?.stock ?? 0), 0);
    const fresh = combos.filter((_, i) => !kept[i]);
    let stocks: number[] = combos.map((_, i) => kept[i]?.stock ?? 0);
    const colours = colourStocks(entries, groups);
    if (colours) stocks = combos.map(([value]) => colours.get(value!) ?? 0);
    else if (input.stock !== undefined && combos.length === 1) stocks = [input.stock];
    else if (input.stock !== undefined && fresh.length) {
      const given = spreadStock(Math.max(0, input.stock - keptSum), fresh.length);
      let k = 0;
      stocks = combos.map((_, i) => kept[i]?.stock ?? given[k++]!);
    } else if (input.stock !== undefined && input.stock !== keptSum) stocks = spreadStock(input.stock, combos.length);
    wanted = combos.map((c, i) => ({
      id: kept[i]?.id, options: c, sku: kept[i]?.sku ?? null, barcode: kept[i]?.barcode ?? null, price: kept[i]?.price ?? null,
      stock: stocks[i]!, imageUri: kept[i]?.imageUri ?? null,
    }));
  }

  // The product sells from its cheapest combination's price (settledPrices).
  const settled = settledPrices(product.price, wanted.map((w) => w.price));
  for (const [i, w] of wanted.entries()) w.price = settled.own[i]!;
  if (settled.price !== product.price) await setProductPrice(tx, product, settled.price);

  // A variant image is one of the product's own pictures.
  const images = wanted.map((w) => w.imageUri).filter((u): u is string => !!u);
  if (images.length) {
    const own = new Set([product.imageUri, ...(await tx.select({ uri: galleryImages.imageUri }).from(galleryImages).where(eq(galleryImages.productId, product.id))).map((g) => g.uri)]);
    const stray = images.find((u) => !own.has(u));
    if (stray) throw refused('تصویر هر ترکیب باید یکی از تصاویر همین محصول باشد');
  }

  // A SKU names one live variant in the whole shop (the unique index backs this under concurrent writes).
  const skus = wanted.map((w) => w.sku).filter((x): x is string => !!x);
  if (skus.length) {
    const [taken] = await tx.select({ sku: productVariants.sku }).from(productVariants)
      .where(and(inArray(productVariants.sku, skus), eq(productVariants.isDeleted, false), ne(productVariants.productId, product.id))).limit(1);
    if (taken) throw new AppError(409, 'CONFLICT', `کد کالای «${taken.sku}» را ترکیبی از محصول دیگری دارد؛ کد دیگری بنویسید`, { variants: `کد کالای «${taken.sku}» تکراری است` });
  }

  const ids = new Set(existing.map((v) => v.id));
  for (const w of wanted) {
    if (w.id !== undefined && !ids.has(w.id)) throw refused('ترکیبی با این شناسه در این محصول نیست');
    w.id ??= byLabel.get(variantLabel(w.options))?.id;
  }
  // The form's stock against the stock now (the product row is locked: no sale moves it until the commit).
  for (const w of wanted) {
    const now = existing.find((v) => v.id === w.id);
    if (!now || w.expectedStock === undefined || now.stock === w.expectedStock) continue;
    if (w.stock === w.expectedStock) w.stock = now.stock; // the owner left it: the sale made meanwhile stands
    else {
      const label = variantLabel(w.options) || 'این محصول';
      throw new AppError(409, 'CONFLICT', `موجودی «${label}» از وقتی فرم باز شد تغییر کرده است (اکنون ${toPersianDigits(now.stock)})؛ فرم را دوباره باز کنید و موجودی را دوباره وارد کنید`,
        { variants: `موجودی «${label}» در این میان تغییر کرده است` });
    }
  }
  const keep = new Set(wanted.map((w) => w.id).filter((x): x is number => x !== undefined));
  const gone = existing.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (gone.length) {
    // A variant an order holds stays as history, and one a cart holds stays for the shopper to see it is gone (the cart
    // names it «ناموجود» and holds the checkout until it is taken out); one nobody ordered or holds goes.
    const ordered = new Set([
      ...(await tx.selectDistinct({ id: orderItems.variantId }).from(orderItems).where(inArray(orderItems.variantId, gone))).map((r) => r.id),
      ...(await tx.selectDistinct({ id: cartItems.variantId }).from(cartItems).where(inArray(cartItems.variantId, gone))).map((r) => r.id),
    ]);
    const hide = gone.filter((id) => ordered.has(id));
    const drop = gone.filter((id) => !ordered.has(id));
    if (hide.length) {
      await tx.update(productVariants).set({ isDeleted: true, stock: 0 }).where(inArray(productVariants.id, hide));
      // Nobody can buy a removed variant again: its waits go, as a dropped variant's go with its row (cascade).
      await tx.delete(stockSubscriptions).where(and(inArray(stockSubscriptions.variantId, hide), eq(stockSubscriptions.status, 'waiting')));
    }
    if (drop.length) await tx.delete(productVariants).where(inArray(productVariants.id, drop));
  }
  // Labels may swap between rows: move the kept ones out of the way of the unique index first.
  const moved = wanted.filter((w) => w.id !== undefined && existing.find((v) => v.id === w.id)!.label !== variantLabel(w.options));
  for (const w of moved) await tx.update(productVariants).set({ label: `moving:${w.id}` }).where(eq(productVariants.id, w.id!));
  for (const [i, w] of wanted.entries()) {
    const values = {
      options: w.options, label: variantLabel(w.options), sku: w.sku, barcode: w.barcode, price: w.price, stock: w.stock,
      imageUri: w.imageUri, sortOrder: i,
    };
    if (w.id !== undefined) await tx.update(productVariants).set(values).where(eq(productVariants.id, w.id));
    else await tx.insert(productVariants).values({ ...values, productId: product.id });
  }
  await recountStock(tx, [product.id]);
  const before = new Map(existing.map((v) => [v.id, v.stock]));
  const edited = wanted.filter((w) => w.id !== undefined && before.has(w.id) && before.get(w.id) !== w.stock);
  await checkLowStock(tx, {
    lowered: edited.filter((w) => w.stock < before.get(w.id!)!).map((w) => w.id!),
    raised: edited.filter((w) => w.stock > before.get(w.id!)!).map((w) => w.id!),
  });
  await notifyRestocked(tx, [product.id]);
}

/* ---------- units: the one stock code path of every product ---------- */

export interface Units {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** The variant a line without one (from before variants) draws on: the product's first live variant. */
async function variantFor(tx: DbOrTx, u: Units): Promise<number | undefined> {
  if (u.variantId !== null) return u.variantId;
  const [v] = await tx.select({ id: productVariants.id }).from(productVariants)
    .where(and(eq(productVariants.productId, u.productId), eq(productVariants.isDeleted, false))).orderBy(asc(productVariants.sortOrder), asc(productVariants.id)).limit(1);
  return v?.id;
}

/** Takes units of one variant if it has them (a conditional update: no oversell under any concurrency). */
export async function takeUnits(tx: Tx, u: Units): Promise<boolean> {
  const variantId = await variantFor(tx, u);
  if (variantId === undefined) return false;
  const [v] = await tx.update(productVariants).set({ stock: sql`${productVariants.stock} - ${u.quantity}` })
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, u.productId), eq(productVariants.isDeleted, false), gte(productVariants.stock, u.quantity)))
    .returning({ id: productVariants.id });
  if (!v) return false;
  await tx.update(products).set({ stock: sql`${products.stock} - ${u.quantity}`, updatedAt: new Date() }).where(eq(products.id, u.productId));
  await checkLowStock(tx, { lowered: [v.id] });
  return true;
}

/** Gives units back to their variant (a variant removed since keeps them out of the product's stock). */
export async function returnUnits(tx: Tx, u: Units): Promise<void> {
  const variantId = await variantFor(tx, u);
  if (variantId === undefined) return;
  const [v] = await tx.update(productVariants).set({ stock: sql`${productVariants.stock} + ${u.quantity}` })
    .where(eq(productVariants.id, variantId)).returning({ live: sql<boolean>`not ${productVariants.isDeleted}` });
  if (v?.live) await tx.update(products).set({ stock: sql`${products.stock} + ${u.quantity}` }).where(eq(products.id, u.productId));
  await checkLowStock(tx, { raised: [variantId] });
  await notifyRestocked(tx, [u.productId]);
}

/* ---------- products from before variants, and rows written without the admin (the demo seed) ---------- */

/**
 * Gives every product that has no variant its variants (every combination of its options; stock as
 * `stocksFor` says), and points cart and order lines from before variants at theirs. Idempotent: at
 * every start it finds nothing to do once done.
 */
export async function ensureVariants(db: DbOrTx): Promise<number> {
  let made = 0;
  for (;;) {
    const rows = await db.select({ id: products.id, attributes: products.attributes, stock: products.stock }).from(products)
      .where(notExists(db.select({ one: sql`1` }).from(productVariants).where(eq(productVariants.productId, products.id))))
      .orderBy(asc(products.id)).limit(500);
    if (!rows.length) break;
    const values = rows.flatMap((r) => initialVariants(r.attributes, r.stock).map((v) => ({ productId: r.id, ...v })));
    for (let i = 0; i < values.length; i += 1000) await db.insert(productVariants).values(values.slice(i, i + 1000));
    await recountStock(db, rows.map((r) => r.id));
    made += rows.length;
  }
  // Lines from before variants: the variant whose label is the line's option (a colour's name, say).
  for (const t of [cartItems, orderItems]) {
    const match = db.select({ id: productVariants.id }).from(productVariants)
      .where(and(eq(productVariants.productId, t.productId), eq(productVariants.label, t.option), eq(productVariants.isDeleted, false)));
    await db.update(t).set({ variantId: sql`(${match})` }).where(and(isNull(t.variantId), exists(match)));
  }
  // A cart line that matches no variant cannot be bought; an order line keeps its history as it is.
  await db.delete(cartItems).where(isNull(cartItems.variantId));
  return made;
}
