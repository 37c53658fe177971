import crypto from 'node:crypto';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { permissionsOf, type DeleteOrDeactivate, type StaffMe, type StaffRole, type User } from '@sorkhab/shared';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders, sessions, users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { write } from '../../lib/write.js';

type Row = typeof users.$inferSelect;

function toUser(row: Row): User {
  return {
    id: row.id, username: row.username, firstname: row.firstname, lastname: row.lastname, mobile: row.mobile,
    email: row.email, isAdmin: row.isAdmin, isDisable: row.isDisable, role: row.isAdmin ? row.staffRole ?? null : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The logged-in staff member and what their role allows now (the web app's menu and pages follow it). */
export async function getMe(db: DbOrTx, id: number): Promise<StaffMe> {
  return toMe(await getUser(db, id));
}
const toMe = (user: User): StaffMe => ({ ...user, permissions: user.role ? [...permissionsOf(user.role)] : [] });

const badLogin = () => new AppError(401, 'INVALID_CREDENTIALS', 'نام کاربری یا رمز عبور نادرست است');

export async function adminLogin(db: Db, userName: string, password: string, days: number) {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.username})`, userName.toLowerCase()));
  const valid = await verifyPassword(password, row?.passwordHash);
  if (!row || !valid) throw badLogin();
  if (row.isDisable) throw new AppError(403, 'USER_DISABLED', 'حساب کاربری شما غیرفعال شده است؛ با مدیر فروشگاه تماس بگیرید');
  if (!row.isAdmin) throw new AppError(403, 'FORBIDDEN', 'این حساب دسترسی مدیریت ندارد');
  const session = await createSession(db, row.id, 'admin', days);
  return { token: session.token, expiresAt: session.expiresAt, user: toMe(toUser(row)) };
}

export async function logout(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function changePassword(db: Db, input: { username: string; currentPassword: string; password: string }) {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError(401, 'INVALID_CREDENTIALS', 'نام کاربری یا رمز عبور فعلی نادرست است');
  }
  if (row.isDisable) throw new AppError(403, 'USER_DISABLED', 'حساب کاربری شما غیرفعال شده است');
  const hash = await hashPassword(input.password);
  await write({ db, userId: row.id }, async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.id)); // other devices must log in again
  }, { audit: { action: 'user.change-password', entity: 'user', id: row.id } });
}

/** Staff other than the owner (an order operator looking up a customer) see shoppers only, never the staff. */
export async function listUsers(db: Db, page: number, pageSize: number, search?: string, shoppersOnly = false) {
  // The search text is literal: % and _ match themselves, not anything.
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const where = and(
    search ? or(ilike(users.username, pattern), ilike(users.firstname, pattern), ilike(users.lastname, pattern), ilike(users.mobile, pattern)) : undefined,
    shoppersOnly ? eq(users.isAdmin, false) : undefined,
  );
  return pageOf(db.select().from(users).where(where).orderBy(asc(users.id)).$dynamic(), db.$count(users, where), { page, pageSize }, (rows) => rows.map(toUser));
}

export async function getUser(db: DbOrTx, id: number, shoppersOnly = false) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row || (shoppersOnly && row.isAdmin)) throw notFound('کاربر');
  return toUser(row);
}

async function otherActiveOwners(tx: DbOrTx, exceptId: number) {
  const [r] = (await tx.select({ n: count() }).from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isDisable, false), eq(users.staffRole, 'owner'), ne(users.id, exceptId)))) as [{ n: number }];
  return Number(r.n);
}
const isActiveOwner = (u: { isAdmin: boolean; isDisable: boolean; staffRole: StaffRole | null }) =>
  u.isAdmin && !u.isDisable && u.staffRole === 'owner';
/**
 * Locks the active admins' rows in id order before a user is changed: two admins changing each other
 * at once then wait in turn instead of deadlocking, and cannot both step down and leave no admin.
 */
async function lockActiveAdmins(tx: DbOrTx) {
  await tx.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), eq(users.isDisable, false)))
    .orderBy(asc(users.id)).for('no key update');
}
const lastOwner = () => conflict('این آخرین مدیر کل فعال فروشگاه است؛ ابتدا نقش مدیر کل را به کاربر دیگری بدهید');
const roleWithoutAdmin = () => badRequest('نقش فقط برای مدیران فروشگاه است', { role: 'نقش فقط برای کاربری که مدیر فروشگاه است تعیین می‌شود' });

async function assertUnique(tx: DbOrTx, field: 'username' | 'mobile', value: string | null | undefined, exceptId?: number) {
  if (!value) return;
  const col = field === 'username' ? sql`lower(${users.username})` : sql`${users.mobile}`;
  const v = field === 'username' ? value.toLowerCase() : value;
  const [dup] = await tx.select({ id: users.id }).from(users).where(exceptId ? and(eq(col, v), ne(users.id, exceptId)) : eq(col, v));
  if (dup) {
    const label = field === 'username' ? 'نام کاربری' : 'شماره موبایل';
    throw new AppError(409, 'CONFLICT', `${label} «${value}» برای کاربر دیگری ثبت شده است`, { [field]: `این ${label} تکراری است` });
  }
}

export interface UserUpdate {
  id: number; username?: string; firstname?: string; lastname?: string; mobile?: string; email?: string;
  isAdmin?: boolean; isDisable?: boolean; role?: StaffRole;
}

export async function updateUser(db: Db, actorId: number | undefined, input: UserUpdate) {
  const { user } = await write({ db, userId: actorId }, async (tx) => {
    await lockActiveAdmins(tx);
    const [row] = await tx.select().from(users).where(eq(users.id, input.id)).for('no key update');
    if (!row) throw notFound('کاربر');
    const isAdmin = input.isAdmin ?? row.isAdmin;
    if (input.role && !isAdmin) throw roleWithoutAdmin();
    // An admin keeps their role; one made admin without a role is an owner, as before roles (decision 020).
    const staffRole = isAdmin ? input.role ?? row.staffRole ?? 'owner' : null;
    const after = { isAdmin, isDisable: input.isDisable ?? row.isDisable, staffRole };
    if (isActiveOwner(row) && !isActiveOwner(after) && (await otherActiveOwners(tx, row.id)) === 0) throw lastOwner();
    await assertUnique(tx, 'username', input.username, row.id);
    await assertUnique(tx, 'mobile', input.mobile, row.id);
    const values = Object.fromEntries(Object.entries({
      username: input.username, firstname: input.firstname, lastname: input.lastname, mobile: input.mobile,
      email: input.email, isAdmin: input.isAdmin, isDisable: input.isDisable,
      staffRole: staffRole === row.staffRole ? undefined : staffRole,
    }).filter(([, v]) => v !== undefined));
    // Nothing to change (a form saved as it was, a role given that the user already has): the user as they are.
    const [updated] = Object.keys(values).length ? await tx.update(users).set(values).where(eq(users.id, row.id)).returning() : [row];
    // Disabling or demoting ends the sessions the user had.
    if (input.isDisable === true) await tx.delete(sessions).where(eq(sessions.userId, row.id));
    else if (input.isAdmin === false) await tx.delete(sessions).where(and(eq(sessions.userId, row.id), eq(sessions.role, 'admin')));
    return { user: toUser(updated!), values };
  }, { audit: (r) => (Object.keys(r.values).length ? { action: 'user.update', entity: 'user', id: r.user.id, data: { ...r.values } } : undefined) });
  return user;
}

export async function createUser(db: Db, actorId: number | undefined, input: {
  username: string; password: string; firstname?: string; lastname?: string; mobile?: string; email?: string; isAdmin?: boolean;
  role?: StaffRole;
}) {
  if (input.role && !input.isAdmin) throw roleWithoutAdmin();
  const passwordHash = await hashPassword(input.password);
  return write({ db, userId: actorId }, async (tx) => {
    await assertUnique(tx, 'username', input.username);
    await assertUnique(tx, 'mobile', input.mobile);
    const [row] = await tx.insert(users).values({
      username: input.username, passwordHash, firstname: input.firstname ?? '', lastname: input.lastname ?? '',
      mobile: input.mobile ?? null, email: input.email ?? null, isAdmin: input.isAdmin ?? false,
      staffRole: input.isAdmin ? input.role ?? 'owner' : null,
    }).returning();
    return toUser(row!);
  }, { audit: (u) => ({ action: 'user.create', entity: 'user', id: u.id, data: { username: input.username, isAdmin: u.isAdmin, role: u.role } }) });
}

/**
 * Deletes a user; a customer with orders is deactivated instead (the orders, the shop's records,
 * keep their buyer) and logged out everywhere. Says which of the two happened.
 */
export async function deleteUser(db: Db, actorId: number | undefined, id: number): Promise<DeleteOrDeactivate> {
  const { result } = await write({ db, userId: actorId }, async (tx) => {
    await lockActiveAdmins(tx);
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!row) throw notFound('کاربر');
    if (isActiveOwner(row) && (await otherActiveOwners(tx, id)) === 0) throw lastOwner();
    const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1);
    if (ordered) {
      await tx.update(users).set({ isDisable: true }).where(eq(users.id, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      return { result: { id, deactivated: true }, username: row.username };
    }
    await tx.delete(users).where(eq(users.id, id));
    return { result: { id, deactivated: false }, username: row.username };
  }, {
    audit: ({ result: r, username }) => r.deactivated
      ? { action: 'user.deactivate', entity: 'user', id, data: { username, reason: 'has orders' } }
      : { action: 'user.delete', entity: 'user', id, data: { username } },
  });
  return result;
}

export async function resetPassword(db: Db, actorId: number | undefined, userId: number, newPassword: string) {
  const hash = await hashPassword(newPassword);
  await write({ db, userId: actorId }, async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!row) throw notFound('کاربر');
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  }, { audit: { action: 'user.reset-password', entity: 'user', id: userId } });
}

/** On first start: the first admin from ADMIN_USERNAME / ADMIN_PASSWORD, or a random password printed once. */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (existing) return;
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.insert(users).values({ username: config.ADMIN_USERNAME, passwordHash, firstname: 'مدیر', lastname: 'فروشگاه', isAdmin: true, staffRole: 'owner' })
    .onConflictDoNothing();
  if (generated && config.NODE_ENV !== 'test') {
    // Printed once, on purpose: the owner needs it to log in the first time.
    process.stdout.write(`\n  First admin created: username "${config.ADMIN_USERNAME}", password "${password}"\n  Change it after logging in at /admin.\n\n`);
  }
  log.info({ username: config.ADMIN_USERNAME }, 'first admin created');
}
