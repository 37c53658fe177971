import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ShippingMethod, ShippingMethodForm, ShippingOption, ShippingQuote, StoreSettings } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { products, productVariants, shippingMethods } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { findCartId, priceCart, type PricedCart } from '../cart/cart.service.js';
import { getSettings } from '../content/content.service.js';
import { getAddress } from '../customers/customers.service.js';
import { optionOf, reaches, type Destination, type MethodRow } from './fee.js';

const toMethod = (m: MethodRow): ShippingMethod => ({
  id: m.id, name: m.name, carrier: m.carrier as ShippingMethod['carrier'], isActive: m.isActive, baseFee: m.baseFee,
  feeOverrides: m.feeOverrides, weightIncludedGrams: m.weightIncludedGrams, weightStepGrams: m.weightStepGrams,
  weightStepFee: m.weightStepFee, freeAbove: m.freeAbove, estimate: m.estimate, regions: m.regions, sortOrder: m.sortOrder,
});

const ordered = (db: DbOrTx) => db.select().from(shippingMethods).orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));

export async function listMethods(db: DbOrTx): Promise<ShippingMethod[]> {
  return (await ordered(db)).map(toMethod);
}

/** The stored columns of a form: pickup is always free and has no weight steps or regional fees. */
function valuesOf(f: ShippingMethodForm) {
  const pickup = f.carrier === 'pickup';
  return {
    name: f.name, carrier: f.carrier, isActive: f.isActive ?? true, baseFee: pickup ? 0 : f.baseFee,
    feeOverrides: pickup ? [] : (f.feeOverrides ?? []), weightIncludedGrams: pickup ? 0 : (f.weightIncludedGrams ?? 0),
    weightStepGrams: pickup ? 0 : (f.weightStepGrams ?? 0), weightStepFee: pickup ? 0 : (f.weightStepFee ?? 0),
    freeAbove: f.freeAbove ?? null, estimate: f.estimate ?? '', regions: f.regions ?? [], sortOrder: f.sortOrder ?? 0,
  };
}

export async function saveMethod(ctx: ServiceContext, f: ShippingMethodForm & { id?: number }): Promise<ShippingMethod> {
  const values = valuesOf(f);
  const row = await write(ctx, async (tx) => {
    if (!f.id) return (await tx.insert(shippingMethods).values(values).returning())[0]!;
    const [updated] = await tx.update(shippingMethods).set({ ...values, updatedAt: new Date() }).where(eq(shippingMethods.id, f.id)).returning();
    if (!updated) throw notFound('روش ارسال');
    return updated;
  }, { audit: (r) => ({ action: f.id ? 'shipping.update' : 'shipping.create', entity: 'shipping_method', id: r.id, data: values }) });
  return toMethod(row);
}

/** Orders keep their snapshot (name, fee, estimate), so a method can go at any time. */
export async function deleteMethod(ctx: ServiceContext, id: number) {
  await write(ctx, async (tx) => {
    const [row] = await tx.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning({ id: shippingMethods.id });
    if (!row) throw notFound('روش ارسال');
  }, { audit: { action: 'shipping.delete', entity: 'shipping_method', id } });
  return { id };
}

/** Grams in the cart: each line's variant weight, or its product's. */
async function weightOf(db: DbOrTx, lines: { variantId: number | null; quantity: number }[]): Promise<number> {
  const ids = [...new Set(lines.map((l) => l.variantId).filter((v): v is number => v !== null))];
  if (!ids.length) return 0;
  const rows = await db.select({ id: productVariants.id, grams: sql<number>`coalesce(${productVariants.weightGrams}, ${products.weightGrams})` })
    .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.id, ids));
  const byId = new Map(rows.map((r) => [r.id, Number(r.grams)]));
  return lines.reduce((sum, l) => sum + (l.variantId === null ? 0 : (byId.get(l.variantId) ?? 0) * l.quantity), 0);
}

/** The options for a priced cart going to a place: the active methods that reach it, with their fee. */
async function optionsFor(db: DbOrTx, cart: PricedCart, to: Destination, settings: StoreSettings): Promise<ShippingOption[]> {
  const parcel = { weightGrams: await weightOf(db, cart.lines), payable: cart.subtotal - cart.discount };
  return (await ordered(db)).filter((m) => reaches(m, to)).map((m) => optionOf(m, to, parcel, settings.freeShippingThreshold));
}

/**
 * The method of a checkout, priced on the server (the client's idea of the fee is never asked): the one chosen, or
 * the first that reaches the address. A method that does not reach it is a 400 in Persian.
 */
export async function chooseMethod(tx: DbOrTx, cart: PricedCart, to: Destination, settings: StoreSettings, methodId?: number) {
  const options = await optionsFor(tx, cart, to, settings);
  const chosen = methodId === undefined ? options[0] : options.find((o) => o.id === methodId);
  if (chosen) return chosen;
  if (methodId !== undefined) {
    const [m] = await tx.select({ name: shippingMethods.name, isActive: shippingMethods.isActive }).from(shippingMethods).where(eq(shippingMethods.id, methodId));
    const message = !m ? 'روش ارسال انتخاب‌شده وجود ندارد؛ روش دیگری انتخاب کنید'
      : !m.isActive ? `روش ارسال «${m.name}» اکنون فعال نیست؛ روش دیگری انتخاب کنید`
        : `روش ارسال «${m.name}» به ${to.city} (${to.province}) ارسال نمی‌کند؛ روش دیگری انتخاب کنید`;
    throw new AppError(422, 'SHIPPING_UNAVAILABLE', message, { shippingMethodId: message });
  }
  const message = `هیچ روش ارسالی به ${to.city} (${to.province}) فعال نیست؛ با فروشگاه تماس بگیرید`;
  throw new AppError(422, 'SHIPPING_UNAVAILABLE', message, { shippingMethodId: message });
}

/** The shopper's quote at checkout: a saved address of theirs, or a province and city being typed. */
export async function quote(db: DbOrTx, userId: number, q: { addressId?: number; province?: string; city?: string }, settings?: StoreSettings): Promise<ShippingQuote> {
  const s = settings ?? await getSettings(db);
  const to = q.addressId !== undefined ? await getAddress(db, userId, q.addressId) : { province: q.province!, city: q.city! };
  const cart = await priceCart(db, await findCartId(db, { userId }), s);
  return { options: await optionsFor(db, cart, to, s), codEnabled: s.codEnabled };
}
