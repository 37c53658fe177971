import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { StockAlert, StockAlertSubscribe, Wishlist, WishlistIds } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { products, productVariants, stockSubscriptions, wishlistItems } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { storefrontCards } from '../catalog/product.service.js';
import { onStorefront } from '../catalog/visible.js';

/** More saved products than anyone keeps; the list is one page. */
const MAX_LISTED = 500;

const waiting = (userId: number) => and(eq(stockSubscriptions.userId, userId), eq(stockSubscriptions.status, 'waiting'));

/** The hearts and waits of the pages a shopper opens (one small answer, products off the storefront left out). */
export async function wishlistIds(db: Db, userId: number): Promise<WishlistIds> {
  const [saved, alerts] = await Promise.all([
    db.select({ id: wishlistItems.productId }).from(wishlistItems).innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), onStorefront)).orderBy(desc(wishlistItems.createdAt)).limit(MAX_LISTED),
    db.select({ id: stockSubscriptions.id, productId: stockSubscriptions.productId, variantId: stockSubscriptions.variantId })
      .from(stockSubscriptions).where(waiting(userId)).limit(MAX_LISTED),
  ]);
  return { productIds: saved.map((s) => s.id), alerts };
}

export async function getWishlist(db: Db, cache: ReadCache, userId: number): Promise<Wishlist> {
  const [saved, alerts] = await Promise.all([
    db.select({ id: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id)).limit(MAX_LISTED),
    db.select({ id: stockSubscriptions.id, productId: stockSubscriptions.productId, variantId: stockSubscriptions.variantId,
      label: productVariants.label, createdAt: stockSubscriptions.createdAt })
      .from(stockSubscriptions).leftJoin(productVariants, eq(productVariants.id, stockSubscriptions.variantId))
      .where(waiting(userId)).orderBy(desc(stockSubscriptions.createdAt), desc(stockSubscriptions.id)).limit(MAX_LISTED),
  ]);
  const cards = await storefrontCards(db, cache, [...new Set([...saved.map((s) => s.id), ...alerts.map((a) => a.productId)])]);
  return {
    items: saved.flatMap((s) => cards.get(s.id) ?? []),
    alerts: alerts.flatMap((a) => {
      const product = cards.get(a.productId);
      return product ? [{ ...a, label: a.label ?? '', createdAt: a.createdAt.toISOString(), product }] : [];
    }),
  };
}

async function assertOnStorefront(db: Pick<Db, 'select'>, productId: number) {
  const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), onStorefront));
  if (!p) throw notFound('محصول');
}

/** Saves a product; saving it again (or twice at once) leaves one row: the unique index decides, nothing is refused. */
export async function addToWishlist(db: Db, userId: number, productId: number) {
  await assertOnStorefront(db, productId);
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return { id: productId };
}

export async function removeFromWishlist(db: Db, userId: number, productId: number) {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return { id: productId };
}

/**
 * Waits for an out-of-stock product (no variant) or variant. The product row is read FOR SHARE: a restock of it
 * (every stock path updates that row) waits for this wait to commit and then notifies it, or has committed before
 * and this sees the stock and refuses (409), so no wait is taken between a restock and its notification.
 */
export async function subscribe(ctx: Omit<ServiceContext, 'cache'>, userId: number, input: StockAlertSubscribe, productLink: (id: number, variantId?: number) => string): Promise<StockAlert> {
  return write(ctx, async (tx) => {
    const [p] = await tx.select({ id: products.id, stock: products.stock }).from(products)
      .where(and(eq(products.id, input.productId), onStorefront)).for('share');
    if (!p) throw notFound('محصول');
    let label = '';
    if (input.variantId !== undefined) {
      const [v] = await tx.select({ stock: productVariants.stock, label: productVariants.label }).from(productVariants)
        .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, p.id), eq(productVariants.isDeleted, false)));
      if (!v) throw notFound('ترکیب');
      if (v.stock > 0) throw conflict(`«${v.label || 'این کالا'}» موجود است؛ همین حالا می‌توانید آن را بخرید`);
      label = v.label;
    } else if (p.stock > 0) throw conflict('این کالا موجود است؛ همین حالا می‌توانید آن را بخرید');
    const variantId = input.variantId ?? null;
    await tx.insert(stockSubscriptions).values({ userId, productId: p.id, variantId, link: productLink(p.id, input.variantId) }).onConflictDoNothing();
    const [row] = await tx.select().from(stockSubscriptions).where(and(waiting(userId), eq(stockSubscriptions.productId, p.id),
      variantId === null ? sql`${stockSubscriptions.variantId} is null` : eq(stockSubscriptions.variantId, variantId)));
    return { id: row!.id, productId: row!.productId, variantId: row!.variantId, label, createdAt: row!.createdAt.toISOString() };
  }, {});
}

/** Stops a wait of the shopper's own (someone else's, or one already notified, answers 404). */
export async function cancelAlert(db: Db, userId: number, id: number) {
  const gone = await db.delete(stockSubscriptions).where(and(eq(stockSubscriptions.id, id), waiting(userId))).returning({ id: stockSubscriptions.id });
  if (!gone.length) throw notFound('درخواست خبرم کن');
  return { id };
}

/** The owner's view of demand for one product: waiting shoppers, in all and per variant (none: for the product). */
export async function waitingCount(db: Db, productId: number) {
  const rows = await db.select({ variantId: stockSubscriptions.variantId, label: productVariants.label, waiting: sql<number>`count(*)::int` })
    .from(stockSubscriptions).leftJoin(productVariants, eq(productVariants.id, stockSubscriptions.variantId))
    .where(and(eq(stockSubscriptions.productId, productId), eq(stockSubscriptions.status, 'waiting')))
    .groupBy(stockSubscriptions.variantId, productVariants.label).orderBy(asc(productVariants.label));
  return {
    waiting: rows.reduce((n, r) => n + r.waiting, 0),
    variants: rows.map((r) => ({ variantId: r.variantId, label: r.label ?? '', waiting: r.waiting })),
  };
}

