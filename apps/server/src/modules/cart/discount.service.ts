import { desc, eq, ilike, sql } from 'drizzle-orm';
import { formatToman, toLatinDigits, type DeleteOrDeactivate, type Discount, type DiscountForm } from '@sorkhab/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.js';
import { carts, discountCodes, orders } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { write } from '../../lib/write.js';

/**
 * Discount codes: the rules for using one on a cart (here, not in cart.service, which calls them)
 * and the admin's list and edits.
 */
export type DiscountRow = typeof discountCodes.$inferSelect;

/** Why a code cannot be used on a cart of `subtotal`, or null when it can. */
function discountProblem(row: DiscountRow | undefined | null, code: string, subtotal: number, now = new Date()): string | null {
  if (!row || !row.isActive) return `کد تخفیف «${code}» معتبر نیست؛ آن را دوباره بررسی کنید`;
  if (row.expiresAt && row.expiresAt <= now) return `مهلت استفاده از کد تخفیف «${code}» به پایان رسیده است`;
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return `ظرفیت استفاده از کد تخفیف «${code}» تمام شده است`;
  if (subtotal < row.minOrder) {
    return `کد تخفیف «${code}» برای خریدهای از ${formatToman(row.minOrder)} به بالاست؛ ${formatToman(row.minOrder - subtotal)} دیگر به سبد خرید اضافه کنید`;
  }
  return null;
}

function discountAmount(row: DiscountRow, subtotal: number): number {
  const raw = row.kind === 'percent' ? Math.floor((subtotal * row.value) / 100) : row.value;
  return Math.max(0, Math.min(raw, subtotal));
}

/** The code attached to a cart, what it takes off `subtotal` now, and why it gives nothing (if so). */
export async function cartDiscount(db: DbOrTx, discountCodeId: number | null | undefined, subtotal: number) {
  let row: DiscountRow | null = null;
  let discount = 0;
  let problem: string | null = null;
  if (discountCodeId) {
    [row = null] = await db.select().from(discountCodes).where(eq(discountCodes.id, discountCodeId));
    if (row) {
      problem = discountProblem(row, row.code, subtotal);
      if (!problem) discount = discountAmount(row, subtotal);
    }
  }
  return { row, discount, problem };
}

/** Attaches the code a shopper typed (Persian digits and any case accepted) to a cart of `subtotal`, or refuses it with the reason. */
export async function attachDiscount(db: DbOrTx, cartId: number, rawCode: string, subtotal: number) {
  const code = toLatinDigits(rawCode).trim().toUpperCase();
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const problem = discountProblem(row, code, subtotal);
  if (problem) throw new AppError(400, 'DISCOUNT_INVALID', problem, { code: problem });
  await db.update(carts).set({ discountCodeId: row!.id, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function detachDiscount(db: DbOrTx, cartId: number) {
  await db.update(carts).set({ discountCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** An order takes one use of its code, unless the limit was reached since the cart was priced. */
export async function claimDiscountUse(tx: DbOrTx, row: DiscountRow) {
  const used = await tx.execute(sql`update discount_codes set used_count = used_count + 1
    where id = ${row.id} and (usage_limit is null or used_count < usage_limit) returning id`);
  if (!rowsOf(used).length) {
    throw new AppError(400, 'DISCOUNT_INVALID', `ظرفیت استفاده از کد تخفیف «${row.code}» تمام شده است`);
  }
}

/** A cancelled or expired order gives its use back. */
export async function returnDiscountUse(tx: DbOrTx, id: number) {
  await tx.execute(sql`update discount_codes set used_count = greatest(used_count - 1, 0) where id = ${id}`);
}

/** A late-paid order takes its use again, whatever the limit: the shopper paid that price. */
export async function retakeDiscountUse(tx: DbOrTx, id: number) {
  await tx.execute(sql`update discount_codes set used_count = used_count + 1 where id = ${id}`);
}

/* ---------- the admin's codes ---------- */
function toDiscount(r: DiscountRow): Discount {
  return {
    id: r.id, code: r.code, kind: r.kind as Discount['kind'], value: r.value, minOrder: r.minOrder,
    expiresAt: r.expiresAt?.toISOString() ?? null, usageLimit: r.usageLimit, usedCount: r.usedCount,
    isActive: r.isActive, createdAt: r.createdAt.toISOString(),
  };
}

export async function listDiscounts(db: Db, page: number, pageSize: number, search?: string) {
  const where = search ? ilike(discountCodes.code, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  return pageOf(db.select().from(discountCodes).where(where).orderBy(desc(discountCodes.id)).$dynamic(), db.$count(discountCodes, where), { page, pageSize },
    (rows) => rows.map(toDiscount));
}

const duplicate = (code: string) => conflict(`کد تخفیف «${code}» از قبل وجود دارد؛ کد دیگری انتخاب کنید`);

function values(input: DiscountForm) {
  return {
    code: input.code, kind: input.kind, value: input.value, minOrder: input.minOrder ?? 0,
    expiresAt: input.expiresAt ?? null, usageLimit: input.usageLimit ?? null, isActive: input.isActive ?? true,
  };
}

export async function createDiscount(db: Db, userId: number | undefined, input: DiscountForm) {
  return write({ db, userId }, async (tx) => {
    const [exists] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code));
    if (exists) throw duplicate(input.code);
    const [row] = await tx.insert(discountCodes).values(values(input)).returning();
    return toDiscount(row!);
  }, { audit: (d) => ({ action: 'discount.create', entity: 'discount', id: d.id, data: { code: d.code } }) });
}

export async function updateDiscount(db: Db, userId: number | undefined, input: DiscountForm & { id: number }) {
  return write({ db, userId }, async (tx) => {
    const [other] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code));
    if (other && other.id !== input.id) throw duplicate(input.code);
    const [row] = await tx.update(discountCodes).set(values(input)).where(eq(discountCodes.id, input.id)).returning();
    if (!row) throw notFound('کد تخفیف');
    return toDiscount(row);
  }, { audit: (d) => ({ action: 'discount.update', entity: 'discount', id: d.id, data: { code: d.code } }) });
}

/** A code some order used is deactivated instead of deleted, so the order keeps its history. */
export async function deleteDiscount(db: Db, userId: number | undefined, id: number): Promise<DeleteOrDeactivate> {
  const { result } = await write({ db, userId }, async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id));
    if (!row) throw notFound('کد تخفیف');
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.discountCodeId, id)).limit(1);
    if (used) await tx.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.id, id));
    else await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    return { result: { id, deactivated: Boolean(used) }, code: row.code };
  }, { audit: ({ result: r, code }) => ({ action: r.deactivated ? 'discount.deactivate' : 'discount.delete', entity: 'discount', id, data: { code } }) });
  return result;
}
