/** An error a service throws on purpose: an English code, a Persian message, an HTTP status. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'مورد درخواستی') => new AppError(404, 'NOT_FOUND', `${what} پیدا نشد`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message = 'برای این کار باید وارد حساب کاربری شوید') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'شما اجازه انجام این کار را ندارید') => new AppError(403, 'FORBIDDEN', message);
export const tooMany = (message = 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید') =>
  new AppError(429, 'RATE_LIMITED', message);
