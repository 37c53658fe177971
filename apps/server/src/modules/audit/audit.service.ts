import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { localMobile, tehranDayStart, toPersianDigits, type AuditEntry, type AuditQuery } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { pageOf } from '../../lib/paging.js';

const DAY = 86_400_000;

/** Who acted, as the owner reads it: a name, a username, or a shopper by their mobile (shoppers sign in by it alone). */
const nameOf = (u: { firstname: string | null; lastname: string | null; username: string | null; mobile: string | null }) =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username
  || (u.mobile ? `خریدار ${toPersianDigits(localMobile(u.mobile))}` : null);

/** The audit log, newest first: who changed what and when; filters use the (user|entity, created_at) indexes. */
export async function listAudit(db: Db, q: AuditQuery) {
  const where = and(...([
    q.userId ? eq(auditLog.userId, q.userId) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.from ? gte(auditLog.createdAt, tehranDayStart(q.from)) : undefined,
    q.to ? lt(auditLog.createdAt, new Date(tehranDayStart(q.to).getTime() + DAY)) : undefined,
  ] satisfies (SQL | undefined)[]));
  const rows = db.select({
    id: auditLog.id, userId: auditLog.userId, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId,
    data: auditLog.data, createdAt: auditLog.createdAt, firstname: users.firstname, lastname: users.lastname, username: users.username, mobile: users.mobile,
  }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).$dynamic();
  return pageOf(rows, db.$count(auditLog, where), { page: q.pageNumber ?? 1, pageSize: q.pageSize ?? 20 }, (found) =>
    found.map((r): AuditEntry => ({
      id: r.id, userId: r.userId, userName: r.userId ? nameOf(r) : null, action: r.action, entity: r.entity,
      entityId: r.entityId, data: r.data, createdAt: r.createdAt.toISOString(),
    })));
}

/** The users and entities present in the log, for the screen's filters. */
export async function auditFacets(db: Db) {
  const [actors, entities] = await Promise.all([
    db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username, mobile: users.mobile }).from(users)
      .where(sql`exists (select 1 from ${auditLog} where ${auditLog.userId} = ${users.id})`).orderBy(users.id),
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
  ]);
  return {
    users: actors.map((u) => ({ id: u.id, name: nameOf(u) ?? `کاربر ${toPersianDigits(u.id)}` })),
    entities: entities.map((e) => e.entity),
  };
}
