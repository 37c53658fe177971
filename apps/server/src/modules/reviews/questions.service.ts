import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MODERATION_STATUS_LABELS, type AdminQuestion, type ModerationStatus, type Question, type QuestionCreate } from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { productQuestions, products, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { ServiceContext } from '../../lib/service-context.js';
import { write } from '../../lib/write.js';
import { onStorefront } from '../catalog/visible.js';
import { authorNameOf } from './author.js';

type Row = typeof productQuestions.$inferSelect;

/** A shopper may have this many questions waiting on one product (a flood waits for the owner). */
const PENDING_PER_PRODUCT = 3;

const toQuestion = (r: Row): Question => ({
  id: r.id, productId: r.productId, authorName: r.authorName, body: r.body, answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
});

export async function listForProduct(db: Db, q: { productId: number; pageNumber?: number; pageSize?: number }) {
  const where = and(eq(productQuestions.productId, q.productId), eq(productQuestions.status, 'approved'));
  return pageOf(db.select().from(productQuestions).where(where).orderBy(desc(productQuestions.createdAt), desc(productQuestions.id)).$dynamic(),
    db.$count(productQuestions, where), { page: q.pageNumber ?? 1, pageSize: q.pageSize ?? 5 }, (rows) => rows.map(toQuestion));
}

/** A logged-in shopper's question (bought or not); shown once the owner answers or approves it. */
export async function ask(ctx: ServiceContext, userId: number, input: QuestionCreate): Promise<Question> {
  const row = await write(ctx, async (tx) => {
    // The shopper's row is the lock: two questions at once are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [p] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, input.productId), onStorefront));
    if (!p) throw notFound('محصول');
    const waiting = await tx.$count(productQuestions, and(eq(productQuestions.productId, input.productId), eq(productQuestions.userId, userId),
      eq(productQuestions.status, 'pending')));
    if (waiting >= PENDING_PER_PRODUCT) throw conflict('پرسش‌های قبلی شما دربارهٔ این محصول هنوز در انتظار پاسخ است؛ پس از پاسخ دوباره بپرسید');
    const [q] = await tx.insert(productQuestions).values({ productId: input.productId, userId, body: input.body.trim(), authorName: await authorNameOf(tx, userId) }).returning();
    return q!;
  }, { audit: (q) => ({ action: 'question.create', entity: 'question', id: q.id, data: { productId: input.productId } }) });
  return toQuestion(row);
}

async function toAdmin(db: DbOrTx, rows: Row[]): Promise<AdminQuestion[]> {
  if (!rows.length) return [];
  const [heads, people] = await Promise.all([
    db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, [...new Set(rows.map((r) => r.productId))])),
    db.select({ id: users.id, first: users.firstname, last: users.lastname, mobile: users.mobile }).from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
  ]);
  const titleOf = new Map(heads.map((h) => [h.id, h.title]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = personOf.get(r.userId);
    const status = r.status as ModerationStatus;
    return {
      ...toQuestion(r), status, statusLabel: MODERATION_STATUS_LABELS[status] ?? status, adminNote: r.adminNote,
      productTitle: titleOf.get(r.productId) ?? '', customerName: `${p?.first ?? ''} ${p?.last ?? ''}`.trim() || r.authorName, mobile: p?.mobile ?? null,
    };
  });
}

export async function listAdmin(db: Db, q: { page: number; pageSize: number; status?: ModerationStatus; productId?: number }) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(productQuestions.status, q.status));
  if (q.productId) conds.push(eq(productQuestions.productId, q.productId));
  const where = conds.length ? and(...conds) : undefined;
  return pageOf(db.select().from(productQuestions).where(where)
    .orderBy(sql`(${productQuestions.status} = 'pending') desc`, desc(productQuestions.createdAt), desc(productQuestions.id)).$dynamic(),
  db.$count(productQuestions, where), q, (rows) => toAdmin(db, rows));
}

async function getAdmin(db: DbOrTx, id: number) {
  const [row] = await db.select().from(productQuestions).where(eq(productQuestions.id, id));
  if (!row) throw notFound('پرسش');
  return (await toAdmin(db, [row]))[0]!;
}

async function update(ctx: ServiceContext, id: number, set: Partial<typeof productQuestions.$inferInsert>, action: string, data?: object) {
  await write(ctx, async (tx) => {
    const [row] = await tx.update(productQuestions).set(set).where(eq(productQuestions.id, id)).returning({ id: productQuestions.id });
    if (!row) throw notFound('پرسش');
  }, { audit: { action, entity: 'question', id, data } });
  return getAdmin(ctx.db, id);
}

const decided = (ctx: ServiceContext) => ({ decidedBy: ctx.userId ?? null, decidedAt: new Date() });

export const answer = (ctx: ServiceContext, id: number, text: string) =>
  update(ctx, id, { answer: text.trim(), answeredAt: new Date(), status: 'approved', adminNote: null, ...decided(ctx) }, 'question.answer', { answer: text });
export const approve = (ctx: ServiceContext, id: number) =>
  update(ctx, id, { status: 'approved', adminNote: null, ...decided(ctx) }, 'question.approve');
export const reject = (ctx: ServiceContext, id: number, note: string) =>
  update(ctx, id, { status: 'rejected', adminNote: note.trim(), ...decided(ctx) }, 'question.reject', { note });
