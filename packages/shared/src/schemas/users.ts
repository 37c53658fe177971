import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { email, id, optionalBool, optionalMobile, optionalText, text } from './fields.js';
import { requiredMessage } from '../validation/validator.js';
import { PERMISSIONS, STAFF_ROLES } from '../auth/permissions.js';

/** A staff member's role (decision 020); only meaningful for an admin user. */
const staffRole = z.preprocess((v) => (v === '' || v === null ? undefined : v),
  z.enum(STAFF_ROLES, { error: 'نقش باید یکی از مدیر کل، اپراتور سفارش‌ها یا ویرایشگر کاتالوگ باشد' }).optional()).meta({ title: 'نقش' });

const password = (title: string) =>
  z.string({ error: requiredMessage(title) }).min(1, requiredMessage(title))
    .min(8, `${title} باید دست‌کم ۸ کاراکتر باشد`).max(200, `${title} باید حداکثر ۲۰۰ کاراکتر باشد`).meta({ title });

export const LoginSchema = z.object({
  userName: text('نام کاربری', 100),
  password: z.string({ error: requiredMessage('رمز عبور') }).min(1, requiredMessage('رمز عبور')).max(200, 'رمز عبور باید حداکثر ۲۰۰ کاراکتر باشد'),
});

const repeatMatches = (data: { password?: string; newPassword?: string; repeatPassword: string }) =>
  (data.password ?? data.newPassword) === data.repeatPassword;
const repeatError = { message: 'تکرار رمز عبور با رمز عبور یکسان نیست', path: ['repeatPassword'] };

export const UpdatePasswordSchema = z.object({
  username: text('نام کاربری', 100),
  currentPassword: z.string({ error: requiredMessage('رمز عبور فعلی') }).min(1, requiredMessage('رمز عبور فعلی')).max(200),
  password: password('رمز عبور جدید'),
  repeatPassword: z.string({ error: requiredMessage('تکرار رمز عبور') }).min(1, requiredMessage('تکرار رمز عبور')),
  salt: z.unknown().optional(),
}).refine(repeatMatches, repeatError);

export const ResetPasswordSchema = z.object({
  userId: id('کاربر'),
  newPassword: password('رمز عبور جدید'),
  repeatPassword: z.string({ error: requiredMessage('تکرار رمز عبور') }).min(1, requiredMessage('تکرار رمز عبور')),
  salt: z.unknown().optional(),
}).refine(repeatMatches, repeatError);

export const UserUpdateSchema = z.object({
  id: id('کاربر'),
  username: optionalText('نام کاربری', 100),
  firstname: optionalText('نام', 100),
  lastname: optionalText('نام خانوادگی', 100),
  mobile: optionalMobile(),
  email: email(),
  isAdmin: optionalBool('مدیر'),
  isDisable: optionalBool('غیرفعال'),
  role: staffRole,
});

export const UserCreateSchema = z.object({
  username: text('نام کاربری', 100),
  password: password('رمز عبور'),
  firstname: optionalText('نام', 100),
  lastname: optionalText('نام خانوادگی', 100),
  mobile: optionalMobile(),
  email: email(),
  /** A plain user unless asked: admin rights are never the default. */
  isAdmin: optionalBool('مدیر').default(false),
  /** An admin's role; an admin created without one is an owner, as every admin was before roles (decision 020). */
  role: staffRole,
});

export const UserSchema = z.object({
  id: z.number(), username: z.string().nullable(), firstname: z.string(), lastname: z.string(),
  mobile: z.string().nullable(), email: z.string().nullable(), isAdmin: z.boolean(), isDisable: z.boolean(),
  /** The staff role of an admin; null for a shopper. */
  role: z.enum(STAFF_ROLES).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;
/** The logged-in staff member, with what their role lets them do (read afresh on every request). */
export const StaffMeSchema = UserSchema.extend({ permissions: z.array(z.enum(PERMISSIONS)) });
export type StaffMe = z.infer<typeof StaffMeSchema>;
/** A customer with orders is deactivated rather than deleted: the orders keep their buyer. */
export const LoginResultSchema = z.object({ token: z.string(), user: StaffMeSchema });
export const UserListQuerySchema = PagingQuerySchema.extend({ search: optionalText('جستجو', 100) });
