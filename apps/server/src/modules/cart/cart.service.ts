import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_CART_QUANTITY, toPersianDigits, type Cart, type CartAdd, type CartItem, type ProductAttributeEntry, type StoreSettings,
} from '@sorkhab/shared';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, carts, products } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/password.js';
import { getSettings } from '../content/content.service.js';
import { variantsOf } from '../media/media.service.js';
import { attachDiscount, cartDiscount, detachDiscount, type DiscountRow } from './discount.service.js';

/** Whose cart: a logged-in customer's, or a guest's by its cookie token. */
export interface CartOwner {
  userId?: number;
  token?: string;
}

/** The options a shopper may pick on a product: colour names, list values, object titles. */
function optionsOf(attributes: ProductAttributeEntry[]): string[] {
  const out: string[] = [];
  for (const a of attributes) {
    for (const c of a.colorObj ?? []) out.push(c.name);
    for (const v of a.arr ?? []) out.push(v);
    for (const o of a.obj ?? []) out.push(o.title);
  }
  return out;
}

/** Stock of one colour, when the product's colour entries carry stock; otherwise undefined. */
export function colourStockOf(attributes: ProductAttributeEntry[], option: string): number | undefined {
  if (!option) return undefined;
  for (const a of attributes) {
    const c = a.colorObj?.find((x) => x.name === option);
    if (c && typeof c.stock === 'number') return c.stock;
  }
  return undefined;
}

const maxQuantityOf = (stock: number, colourStock: number | undefined) =>
  Math.max(0, Math.min(MAX_CART_QUANTITY, stock, colourStock ?? Infinity));

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

interface PricedLine extends CartItem {
  attributes: ProductAttributeEntry[];
  isDeleted: boolean;
}

export interface PricedCart extends Cart {
  lines: PricedLine[];
  discountRow: DiscountRow | null;
  /** Why the attached code gives nothing right now (below minimum, expired…), or null. */
  discountProblem: string | null;
}

const emptyCart = (): Cart => ({
  items: [], itemCount: 0, subtotal: 0, discount: 0, shippingFee: 0, total: 0, discountCode: null, freeShippingRemaining: 0,
});

/** The cart with live prices and stock, its discount and shipping from the store settings. */
export async function priceCart(db: DbOrTx, cartId: number | undefined, settings?: StoreSettings): Promise<PricedCart> {
  const s = settings ?? await getSettings(db);
  if (!cartId) return { ...emptyCart(), freeShippingRemaining: s.freeShippingThreshold, lines: [], discountRow: null, discountProblem: null };
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  const rows = await db
    .select({
      id: cartItems.id, productId: cartItems.productId, option: cartItems.option, quantity: cartItems.quantity,
      title: products.title, imageUri: products.imageUri, offPrice: products.offPrice, stock: products.stock,
      attributes: products.attributes, isDeleted: products.isDeleted,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
  const lines: PricedLine[] = rows.map((r) => {
    const colourStock = colourStockOf(r.attributes, r.option);
    const stock = r.isDeleted ? 0 : Math.min(r.stock, colourStock ?? Infinity);
    return {
      id: r.id, productId: r.productId, title: r.title, imageUri: r.imageUri, imageVariants: variantsOf(r.imageUri),
      option: r.option || null, unitPrice: r.offPrice, quantity: r.quantity, lineTotal: r.offPrice * r.quantity,
      stock, maxQuantity: maxQuantityOf(stock, undefined), attributes: r.attributes, isDeleted: r.isDeleted,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const { row: discountRow, discount, problem } = await cartDiscount(db, cart?.discountCodeId, subtotal);
  const payable = subtotal - discount;
  const free = payable >= s.freeShippingThreshold;
  const shippingFee = lines.length === 0 || free ? 0 : s.shippingFee;
  return {
    items: lines.map(({ attributes: _a, isDeleted: _d, ...item }) => item),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal, discount, shippingFee, total: payable + shippingFee,
    discountCode: discountRow?.code ?? null,
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

async function productForCart(db: DbOrTx, productId: number, option: string) {
  const [p] = await db.select({ id: products.id, title: products.title, stock: products.stock, attributes: products.attributes, isDeleted: products.isDeleted })
    .from(products).where(eq(products.id, productId));
  if (!p || p.isDeleted) throw notFound('محصول');
  if (option && !optionsOf(p.attributes).includes(option)) {
    throw new AppError(400, 'VALIDATION_ERROR', `گزینه «${option}» برای این محصول وجود ندارد`, { option: `گزینه «${option}» برای این محصول وجود ندارد` });
  }
  return { ...p, max: maxQuantityOf(p.stock, colourStockOf(p.attributes, option)) };
}

export async function addItem(db: DbOrTx, owner: CartOwner, input: CartAdd) {
  const option = input.option ?? '';
  const p = await productForCart(db, input.productId, option);
  if (p.max === 0) throw conflict(`«${p.title}»${option ? ` (${option})` : ''} ناموجود است`);
  const cart = await ensureCart(db, owner);
  const [existing] = await db.select({ quantity: cartItems.quantity }).from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, p.id), eq(cartItems.option, option)));
  if (existing && existing.quantity >= p.max) {
    throw conflict(`از «${p.title}» حداکثر ${toPersianDigits(p.max)} عدد می‌توانید در سبد داشته باشید`);
  }
  await db.insert(cartItems).values({ cartId: cart.id, productId: p.id, option, quantity: Math.min(input.quantity, p.max) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.option],
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
    const p = await productForCart(db, item.productId, item.option);
    if (quantity > p.max) {
      throw conflict(p.max === 0 ? `«${p.title}» ناموجود است` : `از «${p.title}» حداکثر ${toPersianDigits(p.max)} عدد موجود است`);
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
  if (items.length) {
    const prods = await db.select({ id: products.id, stock: products.stock, attributes: products.attributes, isDeleted: products.isDeleted })
      .from(products).where(inArray(products.id, items.map((i) => i.productId)));
    const byId = new Map(prods.map((p) => [p.id, p]));
    for (const item of items) {
      const p = byId.get(item.productId);
      if (!p || p.isDeleted) continue;
      const max = maxQuantityOf(p.stock, colourStockOf(p.attributes, item.option));
      if (max === 0) continue;
      await db.insert(cartItems).values({ cartId: target.id, productId: item.productId, option: item.option, quantity: Math.min(item.quantity, max) })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId, cartItems.option],
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
