import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_CART_QUANTITY, optionGroupsOf, toPersianDigits, type Cart, type CartAdd, type CartItem, type StoreSettings } from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, carts, products, productVariants } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/password.js';
import { getSettings } from '../content/content.service.js';
import { liveVariantsOf, unitPriceOf } from '../catalog/variant.service.js';
import { onStorefront } from '../catalog/visible.js';
import { variantsOf } from '../media/media.service.js';
import { attachDiscount, cartDiscount, detachDiscount, type DiscountRow } from './discount.service.js';

/** Whose cart: a logged-in customer's, or a guest's by its cookie token. */
export interface CartOwner {
  userId?: number;
  token?: string;
}

const maxQuantityOf = (stock: number) => Math.max(0, Math.min(MAX_CART_QUANTITY, stock));

export async function findCartId(db: DbOrTx, owner: CartOwner): Promise<number | undefined> {
  if (owner.userId) {
    const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, owner.userId));
    return row?.id;
  }
  if (owner.token) {
    const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.tokenHash, sha256(owner.token)));
    return row?.id;
  }
  return undefined;
}

/** Finds or creates the cart; a new guest cart comes with a new token for the cookie. */
async function ensureCart(db: DbOrTx, owner: CartOwner): Promise<{ id: number; newToken?: string }> {
  const found = await findCartId(db, owner);
  if (found) return { id: found };
  if (owner.userId) {
    await db.insert(carts).values({ userId: owner.userId }).onConflictDoNothing();
    return { id: (await findCartId(db, owner))! };
  }
  const token = randomToken();
  const [row] = await db.insert(carts).values({ tokenHash: sha256(token) }).returning({ id: carts.id });
  return { id: row!.id, newToken: token };
}

type PricedLine = CartItem;

export interface PricedCart extends Cart {
  lines: PricedLine[];
  discountRow: DiscountRow | null;
  /** Why the attached code gives nothing right now (below minimum, expired…), or null. */
  discountProblem: string | null;
}

const emptyCart = (): Cart => ({
  items: [], itemCount: 0, subtotal: 0, discount: 0, shippingFee: 0, total: 0, discountCode: null, saving: 0, freeShippingRemaining: 0,
});

/** The cart with live prices and stock, its discount and shipping from the store settings. */
export async function priceCart(db: DbOrTx, cartId: number | undefined, settings?: StoreSettings): Promise<PricedCart> {
  const s = settings ?? await getSettings(db);
  if (!cartId) return { ...emptyCart(), freeShippingRemaining: s.freeShippingThreshold, lines: [], discountRow: null, discountProblem: null };
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  const rows = await db
    .select({
      id: cartItems.id, productId: cartItems.productId, variantId: cartItems.variantId, option: cartItems.option, quantity: cartItems.quantity,
      title: products.title, imageUri: products.imageUri, price: products.price, offPrice: products.offPrice, offPersent: products.offPersent,
      onSale: sql<boolean>`not ${products.isDeleted} and not ${products.isDraft}`, variant: productVariants,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
  const lines: PricedLine[] = rows.map((r) => {
    const v = r.variant;
    const stock = r.onSale && !v.isDeleted ? v.stock : 0;
    const unitPrice = unitPriceOf(v, r);
    const imageUri = v.imageUri ?? r.imageUri;
    return {
      id: r.id, productId: r.productId, variantId: v.id, title: r.title, imageUri, imageVariants: variantsOf(imageUri),
      option: v.label || null, unitPrice, listPrice: Math.max(unitPrice, v.price ?? r.price), quantity: r.quantity, lineTotal: unitPrice * r.quantity,
      stock, maxQuantity: maxQuantityOf(stock),
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const { row: discountRow, discount, problem } = await cartDiscount(db, cart?.discountCodeId, subtotal);
  const payable = subtotal - discount;
  const free = payable >= s.freeShippingThreshold;
  const shippingFee = lines.length === 0 || free ? 0 : s.shippingFee;
  return {
    items: lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal, discount, shippingFee, total: payable + shippingFee,
    discountCode: discountRow?.code ?? null,
    saving: lines.reduce((sum, l) => sum + (l.listPrice - l.unitPrice) * l.quantity, 0) + discount,
    freeShippingRemaining: Math.max(0, s.freeShippingThreshold - payable),
    lines, discountRow, discountProblem: problem,
  };
}

function publicCart(c: PricedCart): Cart {
  const { lines: _l, discountRow: _r, discountProblem: _p, ...cart } = c;
  return cart;
}

/** The priced cart; pass the cart id when it is known and the (cached) settings to save queries. */
export async function getCart(db: DbOrTx, owner: CartOwner, settings?: StoreSettings, cartId?: number): Promise<Cart> {
  return publicCart(await priceCart(db, cartId ?? await findCartId(db, owner), settings));
}

/**
 * The product and the variant a cart line buys: the one named (`variantId`, or its label as `option`,
 * as the spec's clients send a colour's name); a product with options must name one.
 */
async function variantForCart(db: DbOrTx, productId: number, pick: { variantId?: number | null; option?: string | null }) {
  const [p] = await db.select({ id: products.id, title: products.title, attributes: products.attributes }).from(products)
    .where(and(eq(products.id, productId), onStorefront));
  if (!p) throw notFound('محصول');
  const variants = (await liveVariantsOf(db, [p.id])).get(p.id) ?? [];
  const option = pick.option?.trim() ?? '';
  let v = pick.variantId ? variants.find((x) => x.id === pick.variantId) : option ? variants.find((x) => x.label === option) : undefined;
  if (!v && !pick.variantId && !option && variants.length === 1 && variants[0]!.label === '') v = variants[0];
  if (!v) {
    const groups = optionGroupsOf(p.attributes).map((g) => `«${g.title}»`).join(' و ');
    const message = pick.variantId || option
      ? `گزینه «${option || 'انتخاب‌شده'}» برای «${p.title}» وجود ندارد؛ یکی از ترکیب‌های موجود را انتخاب کنید`
      : `برای افزودن «${p.title}» به سبد، ${groups || 'یکی از گزینه‌ها'} را انتخاب کنید`;
    throw new AppError(400, 'VALIDATION_ERROR', message, { option: message });
  }
  const name = v.label ? `«${p.title}» (${v.label})` : `«${p.title}»`;
  return { productId: p.id, variant: v, name, max: maxQuantityOf(v.stock) };
}

export async function addItem(db: DbOrTx, owner: CartOwner, input: CartAdd) {
  const p = await variantForCart(db, input.productId, input);
  if (p.max === 0) throw conflict(`${p.name} ناموجود است`);
  const cart = await ensureCart(db, owner);
  const [existing] = await db.select({ quantity: cartItems.quantity }).from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.variantId, p.variant.id)));
  if (existing && existing.quantity >= p.max) {
    throw conflict(`از ${p.name} حداکثر ${toPersianDigits(p.max)} عدد می‌توانید در سبد داشته باشید`);
  }
  await db.insert(cartItems).values({ cartId: cart.id, productId: p.productId, variantId: p.variant.id, option: p.variant.label, quantity: Math.min(input.quantity, p.max) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + ${input.quantity}, ${p.max})` },
    });
  await touch(db, cart.id);
  return cart;
}

const itemNotFound = () => notFound('این کالا در سبد خرید شما');

export async function setQuantity(db: DbOrTx, owner: CartOwner, itemId: number, quantity: number) {
  const cartId = await findCartId(db, owner);
  if (!cartId) throw itemNotFound();
  const [item] = await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  if (!item) throw itemNotFound();
  if (quantity === 0) {
    await db.delete(cartItems).where(eq(cartItems.id, item.id));
  } else {
    const p = await variantForCart(db, item.productId, { variantId: item.variantId });
    if (quantity > p.max) {
      throw conflict(p.max === 0 ? `${p.name} ناموجود است` : `از ${p.name} حداکثر ${toPersianDigits(p.max)} عدد موجود است`);
    }
    await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
  }
  await touch(db, cartId);
  return cartId;
}

export async function removeItem(db: DbOrTx, owner: CartOwner, itemId: number) {
  const cartId = await findCartId(db, owner);
  if (!cartId) throw itemNotFound();
  const deleted = await db.delete(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId))).returning({ id: cartItems.id });
  if (!deleted.length) throw itemNotFound();
  await touch(db, cartId);
  return cartId;
}

/** Checks the code against the cart's live subtotal (rules in discount.service) and attaches it. */
export async function applyDiscount(db: DbOrTx, owner: CartOwner, rawCode: string, settings?: StoreSettings) {
  const cart = await ensureCart(db, owner);
  const priced = await priceCart(db, cart.id, settings);
  await attachDiscount(db, cart.id, rawCode, priced.subtotal);
  return cart;
}

export async function removeDiscount(db: DbOrTx, owner: CartOwner) {
  const cartId = await findCartId(db, owner);
  if (cartId) await detachDiscount(db, cartId);
  return cartId;
}

async function touch(db: DbOrTx, cartId: number) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Moves a guest cart into the customer's: quantities add up, capped at 10 and at stock. */
export async function mergeGuestCart(db: DbOrTx, token: string, userId: number) {
  const [guest] = await db.select().from(carts).where(eq(carts.tokenHash, sha256(token)));
  if (!guest) return;
  const items = await db.select().from(cartItems).where(eq(cartItems.cartId, guest.id));
  const target = await ensureCart(db, { userId });
  const withVariant = items.filter((i): i is typeof i & { variantId: number } => i.variantId !== null);
  if (withVariant.length) {
    const live = await db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(inArray(productVariants.id, withVariant.map((i) => i.variantId)), eq(productVariants.isDeleted, false), onStorefront));
    const stockOf = new Map(live.map((v) => [v.id, v.stock]));
    for (const item of withVariant) {
      const max = maxQuantityOf(stockOf.get(item.variantId) ?? 0);
      if (max === 0) continue;
      await db.insert(cartItems).values({ cartId: target.id, productId: item.productId, variantId: item.variantId, option: item.option, quantity: Math.min(item.quantity, max) })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.variantId],
          set: { quantity: sql`least(${cartItems.quantity} + ${item.quantity}, ${max})` },
        });
    }
  }
  if (guest.discountCodeId) {
    await db.update(carts).set({ discountCodeId: guest.discountCodeId }).where(and(eq(carts.id, target.id), sql`${carts.discountCodeId} is null`));
  }
  await db.delete(carts).where(eq(carts.id, guest.id));
}

/** Empties a customer's cart after a paid order. */
export async function clearCart(db: DbOrTx, userId: number) {
  const cartId = await findCartId(db, { userId });
  if (!cartId) return;
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await detachDiscount(db, cartId);
}
