import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  isIranProvince, listedCity, OTP_CODE_LENGTH, provinceOfCapital, toPersianDigits, OTP_COUNTDOWN_SECONDS, OTP_MAX_TRIES,
  type Address, type AddressForm, type Customer, type ProfileUpdate,
} from '@sorkhab/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { addresses, otpCodes, sessions, users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/password.js';
import { mergeGuestCart } from '../cart/cart.service.js';
import type { SmsProvider } from './sms.js';

type UserRow = typeof users.$inferSelect;

function toCustomer(u: UserRow): Customer {
  return { id: u.id, mobile: u.mobile ?? '', firstname: u.firstname, lastname: u.lastname, email: u.email, nationalCode: u.nationalCode };
}

const hashCode = (salt: string, mobile: string, code: string) => sha256(`${salt}:${mobile}:${code}`);
const randomCode = () => crypto.randomInt(0, 10 ** OTP_CODE_LENGTH).toString().padStart(OTP_CODE_LENGTH, '0');

/** A new code replaces every earlier one of this mobile. */
export async function sendCode(db: Db, sms: SmsProvider, mobile: string, code = randomCode()) {
  const salt = crypto.randomBytes(12).toString('hex');
  const expiresAt = new Date(Date.now() + OTP_COUNTDOWN_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx.update(otpCodes).set({ usedAt: new Date() }).where(and(eq(otpCodes.mobile, mobile), isNull(otpCodes.usedAt)));
    await tx.insert(otpCodes).values({ mobile, salt, codeHash: hashCode(salt, mobile, code), expiresAt });
  });
  try {
    await sms.sendCode(mobile, code);
  } catch {
    throw new AppError(502, 'SMS_FAILED', 'ارسال پیامک ناموفق بود؛ چند لحظه بعد دوباره تلاش کنید');
  }
  return { mobile, expiresIn: OTP_COUNTDOWN_SECONDS };
}

const expired = () => new AppError(400, 'CODE_EXPIRED', 'کد تأیید منقضی شده است؛ کد جدید درخواست کنید');
const locked = () => new AppError(429, 'CODE_LOCKED', 'به دلیل ورود نادرست مکرر، این کد باطل شد؛ کد جدید درخواست کنید');

/** Checks a code (5 wrong tries kill it), then logs the mobile in, creating the customer on first login. */
export async function verifyCode(db: Db, input: { mobile: string; code: string; guestCartToken?: string; sessionDays: number }) {
  const { mobile, code } = input;
  const [otp] = await db.select().from(otpCodes)
    .where(and(eq(otpCodes.mobile, mobile), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.id)).limit(1);
  if (!otp) throw expired();
  if (otp.tries >= OTP_MAX_TRIES) throw locked();
  if (otp.expiresAt <= new Date()) throw expired();
  if (hashCode(otp.salt, mobile, code) !== otp.codeHash) {
    const [row] = await db.update(otpCodes).set({ tries: sql`${otpCodes.tries} + 1` })
      .where(and(eq(otpCodes.id, otp.id), lt(otpCodes.tries, OTP_MAX_TRIES))).returning({ tries: otpCodes.tries });
    const left = OTP_MAX_TRIES - (row?.tries ?? OTP_MAX_TRIES);
    if (left <= 0) throw locked();
    throw new AppError(400, 'CODE_INVALID', `کد تأیید نادرست است؛ ${toPersianDigits(left)} بار دیگر می‌توانید تلاش کنید`, { code: 'کد تأیید نادرست است' });
  }
  // Consuming the code is conditional, so two parallel verifications cannot both log in.
  const used = await db.update(otpCodes).set({ usedAt: new Date() })
    .where(and(eq(otpCodes.id, otp.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, new Date()), lt(otpCodes.tries, OTP_MAX_TRIES)))
    .returning({ id: otpCodes.id });
  if (!used.length) throw expired();

  return db.transaction(async (tx) => {
    await tx.insert(users).values({ mobile }).onConflictDoNothing();
    const [user] = await tx.select().from(users).where(eq(users.mobile, mobile));
    if (!user) throw expired();
    if (user.isDisable) throw new AppError(403, 'USER_DISABLED', 'حساب کاربری شما غیرفعال شده است؛ با پشتیبانی فروشگاه تماس بگیرید');
    const session = await createSession(tx, user.id, 'customer', input.sessionDays);
    if (input.guestCartToken) await mergeGuestCart(tx, input.guestCartToken, user.id);
    return { token: session.token, expiresAt: session.expiresAt, user: toCustomer(user) };
  });
}

export async function logout(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function getCustomer(db: DbOrTx, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('کاربر');
  return toCustomer(u);
}

export async function updateProfile(db: Db, userId: number, input: ProfileUpdate) {
  const [u] = await db.update(users).set({
    firstname: input.firstname, lastname: input.lastname, email: input.email ?? null, nationalCode: input.nationalCode ?? null,
  }).where(eq(users.id, userId)).returning();
  if (!u) throw notFound('کاربر');
  return toCustomer(u);
}

/* ---------- addresses ---------- */
type AddressRow = typeof addresses.$inferSelect;
const toAddress = (r: AddressRow): Address => ({
  id: r.id, firstname: r.firstname, lastname: r.lastname, province: r.province, city: r.city,
  address: r.address, postalCode: r.postalCode, mobile: r.mobile,
});

/**
 * The province must be one of the 31. The city is the list's name or any place the shopper types (a village the
 * list does not have: the schema has already made it non-empty Persian text of at most 50 characters); only the
 * centre of another province («شیراز» under «تهران») is refused, as a province picked by mistake.
 */
export function checkPlace(input: Pick<AddressForm, 'province' | 'city'>) {
  if (!isIranProvince(input.province)) {
    throw badRequest('استان انتخاب‌شده معتبر نیست', { province: 'استان را از فهرست استان‌ها انتخاب کنید' });
  }
  const centreOf = provinceOfCapital(input.city);
  if (centreOf && centreOf !== input.province && !listedCity(input.province, input.city)) {
    throw badRequest('استان یا شهر انتخاب‌شده معتبر نیست', { city: `${input.city} مرکز استان ${centreOf} است؛ استان را درست انتخاب کنید` });
  }
}

const MAX_ADDRESSES = 20;

export async function listAddresses(db: DbOrTx, userId: number) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.id));
  return rows.map(toAddress);
}

/** Someone else's address answers 404, the same as a missing one. */
export async function getAddress(db: DbOrTx, userId: number, id: number) {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound('نشانی');
  return toAddress(row);
}

export async function createAddress(db: DbOrTx, userId: number, input: AddressForm) {
  checkPlace(input);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId)) as [{ n: number }];
  if (n >= MAX_ADDRESSES) throw badRequest(`حداکثر ${MAX_ADDRESSES} نشانی می‌توانید ذخیره کنید؛ یکی از نشانی‌های قدیمی را حذف کنید`);
  const [row] = await db.insert(addresses).values({ ...input, userId }).returning();
  return toAddress(row!);
}

export async function updateAddress(db: DbOrTx, userId: number, input: AddressForm & { id: number }) {
  checkPlace(input);
  const { id, ...values } = input;
  const [row] = await db.update(addresses).set(values).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning();
  if (!row) throw notFound('نشانی');
  return toAddress(row);
}

export async function deleteAddress(db: DbOrTx, userId: number, id: number) {
  const rows = await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning({ id: addresses.id });
  if (!rows.length) throw notFound('نشانی');
}
