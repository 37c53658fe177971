import { count, desc, eq, ilike } from 'drizzle-orm';
import type { Discount, DiscountForm } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { discountCodes, orders } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';

type Row = typeof discountCodes.$inferSelect;

export function toDiscount(r: Row): Discount {
  return {
    id: r.id, code: r.code, kind: r.kind as Discount['kind'], value: r.value, minOrder: r.minOrder,
    expiresAt: r.expiresAt?.toISOString() ?? null, usageLimit: r.usageLimit, usedCount: r.usedCount,
    isActive: r.isActive, createdAt: r.createdAt.toISOString(),
  };
}

export async function listDiscounts(db: Db, page: number, pageSize: number, search?: string) {
  const where = search ? ilike(discountCodes.code, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(discountCodes).where(where).orderBy(desc(discountCodes.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { data: rows.map(toDiscount), page, pageSize, totalCount: Number(total?.n ?? 0) };
}

const duplicate = (code: string) => conflict(`کد تخفیف «${code}» از قبل وجود دارد؛ کد دیگری انتخاب کنید`);

function values(input: DiscountForm) {
  return {
    code: input.code, kind: input.kind, value: input.value, minOrder: input.minOrder ?? 0,
    expiresAt: input.expiresAt ?? null, usageLimit: input.usageLimit ?? null, isActive: input.isActive ?? true,
  };
}

export async function createDiscount(db: Db, userId: number | undefined, input: DiscountForm) {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code));
    if (exists) throw duplicate(input.code);
    const [row] = await tx.insert(discountCodes).values(values(input)).returning();
    await audit(tx, userId, 'discount.create', 'discount', row!.id, { code: row!.code });
    return toDiscount(row!);
  });
}

export async function updateDiscount(db: Db, userId: number | undefined, input: DiscountForm & { id: number }) {
  return db.transaction(async (tx) => {
    const [other] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code));
    if (other && other.id !== input.id) throw duplicate(input.code);
    const [row] = await tx.update(discountCodes).set(values(input)).where(eq(discountCodes.id, input.id)).returning();
    if (!row) throw notFound('کد تخفیف');
    await audit(tx, userId, 'discount.update', 'discount', row.id, { code: row.code });
    return toDiscount(row);
  });
}

/** A code some order used is deactivated instead of deleted, so the order keeps its history. */
export async function deleteDiscount(db: Db, userId: number | undefined, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id));
    if (!row) throw notFound('کد تخفیف');
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.discountCodeId, id)).limit(1);
    if (used) await tx.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.id, id));
    else await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await audit(tx, userId, used ? 'discount.deactivate' : 'discount.delete', 'discount', id, { code: row.code });
    return { id, deactivated: Boolean(used) };
  });
}
