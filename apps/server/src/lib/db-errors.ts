import { AppError } from './errors.js';

/** The PostgreSQL error under a driver's or Drizzle's wrapper (PGlite and node-postgres both carry `code`). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A field (`constraint`, `detail`) of the PostgreSQL error under a driver's or Drizzle's wrapper. */
function pgFieldOf(err: unknown, name: 'constraint' | 'detail'): string | undefined {
  for (let e = err as Record<string, unknown> | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e[name] === 'string') return e[name];
  }
  return undefined;
}

/** The values of a unique violation's detail: `Key (category_id, key)=(5, color) already exists.` → ['5', 'color']. */
function duplicateValuesOf(err: unknown): string[] {
  const m = /^Key \(.*\)=\((.*)\) already exists/.exec(pgFieldOf(err, 'detail') ?? '');
  return m ? m[1]!.split(', ') : [];
}

/** A category attribute key already used in its category: the service's own check and the unique index say the same. */
export function attributeKeyTaken(key: string): AppError {
  const message = key ? `کلید «${key}» در این دسته‌بندی وجود دارد` : 'این کلید در این دسته‌بندی وجود دارد';
  return new AppError(409, 'CONFLICT', message, { key: message });
}

/** Unique indexes whose violation has its own message (the index name → the answer, from the duplicated values). */
const UNIQUE_VIOLATIONS = new Map<string, (values: string[]) => AppError>([
  ['category_attributes_key_uq', ([, key]) => attributeKeyTaken(key ?? '')],
]);

/** A unique violation of an index that has its own message (with its fields), else undefined. */
export function namedUniqueViolation(err: unknown): AppError | undefined {
  if (sqlStateOf(err) !== '23505') return undefined;
  return UNIQUE_VIOLATIONS.get(pgFieldOf(err, 'constraint') ?? '')?.(duplicateValuesOf(err));
}

/**
 * Database errors a request can cause, as the answer the shopper or admin should see: constraint
 * violations are 409 (two writers raced, or the row is still in use), bad values 400. The one place
 * this mapping lives; anything else stays a 500.
 */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const state = sqlStateOf(err);
  if (!state) return undefined;
  switch (state) {
    case '23505':
      return namedUniqueViolation(err) ?? new AppError(409, 'CONFLICT', 'موردی با همین مشخصات از قبل ثبت شده است؛ مقدار دیگری انتخاب کنید');
    case '23503':
      return new AppError(409, 'IN_USE', 'این مورد به اطلاعات دیگری (مانند سفارش‌ها) وابسته است و این تغییر ممکن نیست');
    case '23P01':
    case '40001':
    case '40P01':
    case '55P03':
      return new AppError(409, 'CONFLICT', 'این درخواست هم‌زمان با درخواست دیگری انجام شد؛ دوباره تلاش کنید');
    case '23502':
    case '23514':
    case '54001':
      return new AppError(400, 'VALIDATION_ERROR', 'اطلاعات ارسال‌شده معتبر نیست');
    default:
      // Class 22: data exceptions (too long, out of range, bad encoding, bad date…).
      return state.startsWith('22') ? new AppError(400, 'VALIDATION_ERROR', 'مقداری که فرستادید معتبر نیست (بیش از حد بزرگ، طولانی یا با قالب نادرست)') : undefined;
  }
}
