import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MODERATION_STATUS_LABELS, REVIEW_MAX_PHOTOS, REVIEW_PAGE_SIZE,
  type AdminReview, type ModerationStatus, type MyReviewState, type ProductReviews, type Review, type ReviewCreate, type ReviewSort,
} from '@sorkhab/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { orderItems, orders, products, reviewPhotos, reviews, reviewVotes, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { pageOf } from '../../lib/paging.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { removePhotos, storePhotos, type StoredPhoto } from '../media/private-photos.js';
import type { Storage } from '../media/storage.js';
import { onStorefront } from '../catalog/visible.js';
import { authorNameOf } from './author.js';

type Row = typeof reviews.$inferSelect;
type StorageCtx = ServiceContext & { storage: Storage };

const NOT_A_BUYER = 'فقط خریدارانی که این محصول را تحویل گرفته‌اند می‌توانند برای آن دیدگاه بنویسند';
const ALREADY = 'شما پیش‌تر برای این محصول دیدگاه نوشته‌اید؛ هر خریدار یک دیدگاه برای هر محصول می‌تواند بنویسد';

async function photosOf(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number }[]>();
  const rows = await db.select({ id: reviewPhotos.id, reviewId: reviewPhotos.reviewId }).from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, ids)).orderBy(asc(reviewPhotos.id));
  const by = new Map<number, { id: number }[]>();
  for (const r of rows) by.set(r.reviewId, [...(by.get(r.reviewId) ?? []), { id: r.id }]);
  return by;
}

const toReview = (r: Row, photos: { id: number }[]): Review => ({
  id: r.id, productId: r.productId, rating: r.rating, body: r.body, pros: r.pros, cons: r.cons, authorName: r.authorName,
  verifiedBuyer: r.orderId !== null, photos, reply: r.reply, repliedAt: r.repliedAt?.toISOString() ?? null,
  helpfulCount: r.helpfulCount, createdAt: r.createdAt.toISOString(),
});

const withStatus = (r: Row, photos: { id: number }[]) => ({
  ...toReview(r, photos), status: r.status as ModerationStatus, statusLabel: MODERATION_STATUS_LABELS[r.status as ModerationStatus] ?? r.status,
  adminNote: r.adminNote,
});

/** The approved reviews' count per star and their average. */
async function summaryOf(db: DbOrTx, productId: number) {
  const rows = await db.select({ rating: reviews.rating, n: sql<number>`count(*)::int` }).from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved'))).groupBy(reviews.rating);
  const distribution = [0, 0, 0, 0, 0];
  for (const r of rows) distribution[r.rating - 1] = Number(r.n);
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 100) / 100 : 0, count, distribution };
}

/** A product's approved reviews: the storefront reads them through the API after the (cached) page loads. */
export async function listForProduct(db: Db, q: { productId: number; sort?: ReviewSort; pageNumber?: number; pageSize?: number }): Promise<ProductReviews> {
  const where = and(eq(reviews.productId, q.productId), eq(reviews.status, 'approved'));
  const order = q.sort === 'helpful' ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const [summary, page] = await Promise.all([
    summaryOf(db, q.productId),
    pageOf(db.select().from(reviews).where(where).orderBy(...order).$dynamic(), db.$count(reviews, where),
      { page: q.pageNumber ?? 1, pageSize: q.pageSize ?? REVIEW_PAGE_SIZE },
      async (rows) => { const photos = await photosOf(db, rows.map((r) => r.id)); return rows.map((r) => toReview(r, photos.get(r.id) ?? [])); }),
  ]);
  return { summary, ...page };
}

/** The shopper's delivered order that contains the product (the latest), or undefined: only buyers review (decision 025). */
async function deliveredOrderOf(db: DbOrTx, userId: number, productId: number) {
  const [row] = await db.select({ id: orders.id }).from(orders).innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.id)).limit(1);
  return row?.id;
}

async function productExists(db: DbOrTx, productId: number) {
  const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), onStorefront));
  if (!p) throw notFound('محصول');
}

export async function mine(db: Db, userId: number, productId: number): Promise<MyReviewState> {
  await productExists(db, productId);
  const [[own], orderId, votes] = await Promise.all([
    db.select().from(reviews).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
    deliveredOrderOf(db, userId, productId),
    db.select({ id: reviewVotes.reviewId }).from(reviewVotes).innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .where(and(eq(reviewVotes.userId, userId), eq(reviews.productId, productId))),
  ]);
  const reason = own ? ALREADY : orderId ? null : NOT_A_BUYER;
  return {
    canReview: !reason, reason,
    review: own ? withStatus(own, (await photosOf(db, [own.id])).get(own.id) ?? []) : null,
    voted: votes.map((v) => v.id),
  };
}

/**
 * A buyer's review, pending until the owner approves it. Refused before any photo work when the shopper did not
 * receive the product (403) or has reviewed it (409); the unique index keeps two at once to one (the other 409).
 * Photos are checked by content and stored first (outside the transaction), removed again if the write fails.
 */
export async function createReview(ctx: StorageCtx, userId: number, input: ReviewCreate, files: UploadedFile[]): Promise<Review> {
  await productExists(ctx.db, input.productId);
  const state = await mine(ctx.db, userId, input.productId);
  if (!state.canReview) throw state.review ? conflict(ALREADY) : forbidden(NOT_A_BUYER);
  const photos = await storePhotos(ctx.storage, files, { folder: 'reviews', max: REVIEW_MAX_PHOTOS });
  try {
    const row = await write(ctx, async (tx) => {
      const orderId = await deliveredOrderOf(tx, userId, input.productId);
      if (!orderId) throw forbidden(NOT_A_BUYER);
      const [r] = await tx.insert(reviews).values({
        productId: input.productId, userId, orderId, rating: input.rating, body: input.body.trim(), pros: input.pros, cons: input.cons,
        authorName: await authorNameOf(tx, userId),
      }).onConflictDoNothing().returning();
      if (!r) throw conflict(ALREADY);
      if (photos.length) await tx.insert(reviewPhotos).values(photos.map((p) => ({ reviewId: r.id, key: p.key, bytes: p.bytes })));
      return r;
    }, { audit: (r) => ({ action: 'review.create', entity: 'review', id: r.id, data: { productId: input.productId, rating: input.rating } }) });
    return toReview(row, (await photosOf(ctx.db, [row.id])).get(row.id) ?? []);
  } catch (err) {
    await removePhotos(ctx.storage, photos);
    throw err;
  }
}

/**
 * "Helpful": once per shopper per review (the vote's primary key; of two at once one inserts, the other gets 409),
 * never on one's own review, only on an approved one.
 */
export async function vote(ctx: ServiceContext, userId: number, reviewId: number) {
  return write(ctx, async (tx) => {
    const [r] = await tx.select({ userId: reviews.userId, status: reviews.status }).from(reviews).where(eq(reviews.id, reviewId));
    if (!r || r.status !== 'approved') throw notFound('دیدگاه');
    if (r.userId === userId) throw forbidden('به دیدگاه خودتان نمی‌توانید رأی بدهید');
    const [added] = await tx.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning();
    if (!added) throw conflict('شما پیش‌تر این دیدگاه را مفید دانسته‌اید');
    const [done] = await tx.update(reviews).set({ helpfulCount: sql`${reviews.helpfulCount} + 1` }).where(eq(reviews.id, reviewId))
      .returning({ id: reviews.id, helpfulCount: reviews.helpfulCount });
    return done!;
  }, {});
}

/* ---------- the owner's moderation ---------- */

async function toAdmin(db: DbOrTx, rows: Row[]): Promise<AdminReview[]> {
  if (!rows.length) return [];
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])))];
  const [photos, heads, people, numbers] = await Promise.all([
    photosOf(db, rows.map((r) => r.id)),
    db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, [...new Set(rows.map((r) => r.productId))])),
    db.select({ id: users.id, first: users.firstname, last: users.lastname, mobile: users.mobile }).from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    orderIds.length ? db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds)) : [],
  ]);
  const titleOf = new Map(heads.map((h) => [h.id, h.title]));
  const numberOf = new Map(numbers.map((o) => [o.id, o.number]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = personOf.get(r.userId);
    return {
      ...withStatus(r, photos.get(r.id) ?? []), productTitle: titleOf.get(r.productId) ?? '', orderId: r.orderId,
      orderNumber: r.orderId === null ? null : numberOf.get(r.orderId) ?? null,
      customerName: `${p?.first ?? ''} ${p?.last ?? ''}`.trim() || r.authorName, mobile: p?.mobile ?? null,
    };
  });
}

export async function listAdmin(db: Db, q: { page: number; pageSize: number; status?: ModerationStatus; productId?: number }) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(reviews.status, q.status));
  if (q.productId) conds.push(eq(reviews.productId, q.productId));
  const where = conds.length ? and(...conds) : undefined;
  return pageOf(db.select().from(reviews).where(where)
    .orderBy(sql`(${reviews.status} = 'pending') desc`, desc(reviews.createdAt), desc(reviews.id)).$dynamic(),
  db.$count(reviews, where), q, (rows) => toAdmin(db, rows));
}

async function getAdmin(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!row) throw notFound('دیدگاه');
  return (await toAdmin(db, [row]))[0]!;
}

/**
 * The product's denormalised rating (cards, the in-memory catalogue, JSON-LD) from its approved reviews. The caller
 * locked the product row first, so this statement's snapshot sees every other moderation of the product committed.
 */
async function recompute(tx: Tx, productId: number) {
  await tx.update(products).set({
    ratingAverage: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'approved'), 0)`,
    ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'approved')::int`,
  }).where(eq(products.id, productId));
}

/** Locks the review's product (one moderation of a product at a time), then the review. */
async function lockReview(tx: Tx, id: number): Promise<Row> {
  const [head] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  if (!head) throw notFound('دیدگاه');
  await tx.select({ id: products.id }).from(products).where(eq(products.id, head.productId)).for('update');
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw notFound('دیدگاه');
  return row;
}

/**
 * Moves a review to `to` (approve, reject) and recomputes its product's rating in the same transaction when it
 * enters or leaves `approved`; the storefront's caches follow the product row's change (decision 004/015).
 */
async function moderate(ctx: ServiceContext, id: number, to: 'approved' | 'rejected', note: string | null) {
  const moved = await write(ctx, async (tx) => {
    const row = await lockReview(tx, id);
    if (row.status === to) throw conflict(to === 'approved' ? 'این دیدگاه پیش‌تر تأیید شده است' : 'این دیدگاه پیش‌تر رد شده است');
    await tx.update(reviews).set({ status: to, adminNote: note, decidedBy: ctx.userId ?? null, decidedAt: new Date() }).where(eq(reviews.id, id));
    const rated = row.status === 'approved' || to === 'approved';
    if (rated) await recompute(tx, row.productId);
    return { id, rated };
  }, {
    retry: true, invalidates: (r) => r.rated,
    audit: { action: to === 'approved' ? 'review.approve' : 'review.reject', entity: 'review', id, data: note ? { note } : undefined },
  });
  return getAdmin(ctx.db, moved.id);
}

export const approve = (ctx: ServiceContext, id: number) => moderate(ctx, id, 'approved', null);
export const reject = (ctx: ServiceContext, id: number, note: string) => moderate(ctx, id, 'rejected', note.trim());

export async function reply(ctx: ServiceContext, id: number, text: string) {
  await write(ctx, async (tx) => {
    const [row] = await tx.update(reviews).set({ reply: text.trim(), repliedAt: new Date() }).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (!row) throw notFound('دیدگاه');
  }, { audit: { action: 'review.reply', entity: 'review', id, data: { reply: text } } });
  return getAdmin(ctx.db, id);
}

/** Removes one photo: its row in the transaction, its file after the commit. */
export async function deletePhoto(ctx: StorageCtx, photoId: number) {
  const gone = await write(ctx, async (tx) => {
    const [p] = await tx.delete(reviewPhotos).where(eq(reviewPhotos.id, photoId)).returning();
    if (!p) throw notFound('عکس');
    return p;
  }, { audit: (p) => ({ action: 'review.photo.delete', entity: 'review', id: p.reviewId, data: { photoId } }) });
  await removePhotos(ctx.storage, [{ key: gone.key, mime: 'image/webp', bytes: gone.bytes }]);
  return getAdmin(ctx.db, gone.reviewId);
}

export async function deleteReview(ctx: StorageCtx, id: number) {
  const gone = await write(ctx, async (tx) => {
    const row = await lockReview(tx, id);
    const photos = await tx.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, id));
    await tx.delete(reviews).where(eq(reviews.id, id));
    if (row.status === 'approved') await recompute(tx, row.productId);
    return { rated: row.status === 'approved', photos: photos.map((p): StoredPhoto => ({ key: p.key, mime: 'image/webp', bytes: p.bytes })) };
  }, { retry: true, invalidates: (r) => r.rated, audit: { action: 'review.delete', entity: 'review', id } });
  await removePhotos(ctx.storage, gone.photos);
  return { id };
}

/** A review photo's key: public once its review is approved; the admin (`admin`) sees every one. */
export async function photoKey(db: Db, photoId: number, admin: boolean): Promise<string> {
  const [row] = await db.select({ key: reviewPhotos.key, status: reviews.status }).from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId)).where(eq(reviewPhotos.id, photoId));
  if (!row || (!admin && row.status !== 'approved')) throw notFound('عکس');
  return row.key;
}
