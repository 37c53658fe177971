import { describe, expect, it } from 'vitest';
import { bool, digitText, id, int, num, mobile, optionalDigitText, optionalMobile, text } from './fields.js';
import { localMobile } from '../fa/mobile.js';
import { CartSetQuantitySchema } from './cart.js';
import { PagingQuerySchema } from './common.js';
import { nationalCode, postalCode, VerifyCodeSchema } from './customers.js';
import { DiscountFormSchema, DiscountListQuerySchema, OrderAdminQuerySchema, TrackQuerySchema } from './orders.js';
import { RefundTotalsQuerySchema, ReturnRefundSchema } from './returns.js';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('mobile', () => {
  it('stores every common spelling as 98XXXXXXXXXX', () => {
    for (const input of ['09121234567', '9121234567', '989121234567', '+989121234567', '+98 912 123 4567', '0912-123-4567', '(0912) 1234567']) {
      expect(mobile().parse(input)).toBe('989121234567');
    }
  });

  it('is shown as a shopper types it (localMobile), back to the stored form when typed again', () => {
    expect(localMobile('989121234567')).toBe('09121234567');
    expect(mobile().parse(localMobile('989121234567'))).toBe('989121234567');
    expect(localMobile('09121234567')).toBe('09121234567'); // not stored form: as it is
  });

  it('accepts Persian and Arabic-Indic digits', () => {
    expect(mobile().parse('۰۹۱۲۱۲۳۴۵۶۷')).toBe('989121234567');
    expect(mobile().parse('٠٩١٢١٢٣٤٥٦٧')).toBe('989121234567');
  });

  it('refuses a landline or a short number with a Persian message', () => {
    expect(issue(mobile().safeParse('02112345678'))).toBe('شماره موبایل باید ۱۱ رقم و با ۰۹ شروع شود، مانند ۰۹۱۲۱۲۳۴۵۶۷');
    expect(issue(mobile().safeParse('0912123'))).toBe('شماره موبایل باید ۱۱ رقم و با ۰۹ شروع شود، مانند ۰۹۱۲۱۲۳۴۵۶۷');
  });

  it('says the field is required when it is missing or empty', () => {
    expect(issue(mobile().safeParse(undefined))).toBe('شماره موبایل الزامی است');
    expect(issue(mobile().safeParse(''))).toBe('شماره موبایل الزامی است');
  });

  it('lets an optional mobile be empty', () => {
    expect(optionalMobile().parse('')).toBeUndefined();
    expect(optionalMobile().parse(undefined)).toBeUndefined();
  });
});

describe('text', () => {
  it('uses the validator messages with the field\'s own len', () => {
    expect(issue(text('عنوان', 5).safeParse(''))).toBe('عنوان الزامی است');
    expect(issue(text('عنوان', 5).safeParse(undefined))).toBe('عنوان الزامی است');
    expect(issue(text('عنوان', 5).safeParse('abcdef'))).toBe('عنوان باید حداکثر ۵ کاراکتر باشد');
  });

  it('trims and turns Arabic yeh/kaf into Persian', () => {
    expect(text('عنوان', 50).parse('  كرم مرطوب كننده ي  ')).toBe('کرم مرطوب کننده ی');
  });

  it('keeps the digits a person wrote in plain text', () => {
    expect(text('نشانی', 50).parse('پلاک ۱۲')).toBe('پلاک ۱۲');
  });
});

describe('digitText', () => {
  it('turns Persian and Arabic-Indic digits into Latin (an order number as the site prints it)', () => {
    expect(digitText('شماره سفارش', 20).parse('۲۷۹۸۸۹۶۵')).toBe('27988965');
    expect(digitText('شماره سفارش', 20).parse('٢٧٩٨٨٩٦٥')).toBe('27988965');
    expect(digitText('شماره سفارش', 20).parse(' 27988965 ')).toBe('27988965');
    expect(optionalDigitText('جستجو', 50).parse('سفارش ۱۲۳')).toBe('سفارش 123');
    expect(optionalDigitText('جستجو', 50).parse(undefined)).toBeUndefined();
  });

  it('answers the same Persian messages as text', () => {
    expect(issue(digitText('شماره سفارش', 20).safeParse(''))).toBe('شماره سفارش الزامی است');
    expect(issue(digitText('شماره سفارش', 3).safeParse('۱۲۳۴'))).toBe('شماره سفارش باید حداکثر ۳ کاراکتر باشد');
  });
});

describe('int', () => {
  it('reads Persian digits and thousands separators', () => {
    expect(int('قیمت').parse('۱۲۳٬۰۰۰')).toBe(123000);
    expect(int('قیمت').parse('1,250,000')).toBe(1250000);
  });

  it('reads Arabic-Indic digits and the Arabic thousands separator', () => {
    expect(int('تعداد').parse('٣')).toBe(3);
    expect(int('قیمت').parse('١٢٣٬٠٠٠')).toBe(123000);
    expect(num('امتیاز').parse('۴')).toBe(4);
  });

  it('answers Persian messages for a non-number, a fraction and bounds', () => {
    const price = int('قیمت', { min: 0, max: 100 });
    expect(issue(price.safeParse('abc'))).toBe('قیمت باید عدد باشد');
    expect(issue(price.safeParse('1.5'))).toBe('قیمت باید عدد صحیح باشد');
    expect(issue(price.safeParse('-1'))).toBe('قیمت باید حداقل ۰ باشد');
    expect(issue(price.safeParse('101'))).toBe('قیمت باید حداکثر ۱۰۰ باشد');
    expect(issue(price.safeParse(undefined))).toBe('قیمت الزامی است');
  });

  it('prints large bounds grouped, in Persian digits', () => {
    expect(issue(int('قیمت', { max: 10_000_000_000 }).safeParse('1e11'))).toBe('قیمت باید حداکثر ۱۰٬۰۰۰٬۰۰۰٬۰۰۰ باشد');
    expect(issue(id().safeParse('2147483648'))).toBe('شناسه باید حداکثر ۲٬۱۴۷٬۴۸۳٬۶۴۷ باشد');
    expect(issue(num('امتیاز', { min: 0, max: 5 }).safeParse('5.5'))).toBe('امتیاز باید حداکثر ۵ باشد');
  });
});

describe('id', () => {
  it('refuses zero, negatives and numbers beyond a 32-bit id', () => {
    expect(id().safeParse('0').success).toBe(false);
    expect(id().safeParse('-3').success).toBe(false);
    expect(id().safeParse('2147483648').success).toBe(false);
    expect(id().parse('2147483647')).toBe(2147483647);
  });
});

describe('bool', () => {
  it('reads form spellings', () => {
    const b = bool('فعال');
    expect([b.parse('true'), b.parse('1'), b.parse('on'), b.parse('false'), b.parse('0'), b.parse(''), b.parse(true)])
      .toEqual([true, true, true, false, false, false, true]);
    expect(issue(b.safeParse('maybe'))).toBe('فعال باید درست یا نادرست باشد');
  });
});

describe('every field a person types digits into', () => {
  const FA = '۰۱۲۳۴۵۶۷۸۹';
  const AR = '٠١٢٣٤٥٦٧٨٩';
  const as = (latin: string, digits: string) => latin.replace(/[0-9]/g, (d) => digits[Number(d)]!);
  const spellings = (latin: string) => [latin, as(latin, FA), as(latin, AR)];

  it('order tracking: the number and the mobile', () => {
    for (const number of spellings('27988965')) {
      for (const m of spellings('09121234567')) expect(TrackQuerySchema.parse({ number, mobile: m })).toEqual({ number: '27988965', mobile: '989121234567' });
    }
  });

  it('login: the mobile and the code', () => {
    for (const code of spellings('1234')) expect(VerifyCodeSchema.parse({ mobile: as('09121234567', FA), code }).code).toBe('1234');
    expect(issue(VerifyCodeSchema.safeParse({ mobile: '09121234567', code: '۱۲۳' }))).toBe('کد تأیید باید ۴ رقم باشد');
  });

  it('profile and address: national code and postal code', () => {
    for (const code of spellings('0013542419')) expect(nationalCode().parse(code)).toBe('0013542419');
    for (const code of spellings('1234567890')) expect(postalCode().parse(code)).toBe('1234567890');
    expect(postalCode().parse('۱۲۳۴۵-۶۷۸۹۰')).toBe('1234567890');
    expect(issue(postalCode().safeParse('۱۲۳'))).toBe('کد پستی باید ۱۰ رقم باشد');
  });

  it('cart: quantities', () => {
    for (const q of spellings('3')) expect(CartSetQuantitySchema.parse({ itemId: as('12', FA), quantity: q })).toEqual({ itemId: 12, quantity: 3 });
    expect(issue(CartSetQuantitySchema.safeParse({ itemId: 1, quantity: '۱۱' }))).toBe('تعداد باید حداکثر ۱۰ باشد');
  });

  it('admin: discount codes and amounts, order and discount searches, paging', () => {
    const d = DiscountFormSchema.parse({ code: 'yalda۱۴۰۵', kind: 'fixed', value: '۵۰٬۰۰۰', minOrder: '٢٠٠٠٠٠', usageLimit: '۱۰' });
    expect(d).toMatchObject({ code: 'YALDA1405', value: 50000, minOrder: 200000, usageLimit: 10 });
    expect(issue(DiscountFormSchema.safeParse({ code: 'OFF', kind: 'fixed', value: '۰' }))).toBe('مقدار تخفیف باید حداقل ۱ باشد');
    expect(OrderAdminQuerySchema.parse({ search: '۲۷۹۸۸۹۶۵', pageNumber: '۲' })).toMatchObject({ search: '27988965', pageNumber: 2 });
    expect(DiscountListQuerySchema.parse({ search: 'off۱۰' }).search).toBe('off10');
    expect(issue(PagingQuerySchema.safeParse({ pageSize: '۱۰۰۱' }))).toMatch(/^اندازه صفحه باید حداکثر [۰-۹٬]+ باشد$/);
  });
});

describe('optionalInstant (a discount code\'s expiry, a refund\'s day, report ranges)', () => {
  const expiry = (expiresAt: unknown) => DiscountFormSchema.safeParse({ code: 'TEST1', kind: 'fixed', value: 1000, expiresAt });
  const refundDay = (refundedAt: unknown) => ReturnRefundSchema.safeParse({ id: 1, amount: 1000, method: 'card_to_card', reference: 'r1', refundedAt });

  it('takes ISO days and instants, with Persian digits too, and nothing for a blank', () => {
    expect(expiry('2026-12-01T23:59:59+03:30').data?.expiresAt?.toISOString()).toBe('2026-12-01T20:29:59.000Z');
    // A day alone: an expiry lasts to the day's end in Tehran; a range's «from» starts at its beginning, its «to» ends at its end.
    expect(expiry('2026-12-01').data?.expiresAt?.toISOString()).toBe('2026-12-01T20:29:59.999Z');
    expect(expiry('۲۰۲۶-۱۲-۰۱').data?.expiresAt?.toISOString()).toBe('2026-12-01T20:29:59.999Z');
    expect(RefundTotalsQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: new Date('2025-12-31T20:30:00.000Z'), to: new Date('2026-01-31T20:29:59.999Z') });
    expect(expiry('2026-12-01T10:00:00.123Z').data?.expiresAt?.toISOString()).toBe('2026-12-01T10:00:00.123Z');
    // A time without an offset is Tehran's whatever the server's zone; an offset may be written without its colon.
    expect(expiry('2026-12-01T10:00').data?.expiresAt?.toISOString()).toBe('2026-12-01T06:30:00.000Z');
    expect(expiry('2026-12-01T10:00:00+0330').data?.expiresAt?.toISOString()).toBe('2026-12-01T06:30:00.000Z');
    expect(expiry('2026-12-01T10:00:00.123456789-05:00').data?.expiresAt?.toISOString()).toBe('2026-12-01T15:00:00.123Z');
    expect(expiry(new Date('2026-12-01T10:00:00Z')).data?.expiresAt?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(expiry('2028-02-29').success).toBe(true); // a leap day
    for (const blank of ['', null, undefined, '  ']) expect(expiry(blank).data?.expiresAt).toBeUndefined();
    expect(refundDay('2026-11-30T12:00:00+03:30').success).toBe(true);
  });

  it('refuses a day that does not exist, a loose form, and a Jalali year, in Persian', () => {
    for (const bad of ['2030-02-30', '2027-02-29', '2026-13-01', '2026-12-01T24:00', '2026-12-01T10:00+24:00', '2026-12-01T10:00+03:60',
      '2026-12-01T10:00+99:99', '5', '12/01/2026', 'Dec 1 2026', '2026-12-1', '1e12', 'x']) {
      expect(issue(expiry(bad)), bad).toBe('تاریخ انقضا باید تاریخی معتبر به شکل ۲۰۲۶-۱۲-۰۱ باشد');
    }
    expect(issue(expiry('1403-05-10'))).toBe('تاریخ انقضا را به میلادی بنویسید؛ سال ۱۴۰۳ شمسی است');
    expect(issue(expiry('0001-01-01'))).toBe('تاریخ انقضا باید تاریخ معتبر باشد');
    expect(issue(expiry(12345))).toBe('تاریخ انقضا باید تاریخ باشد');
    expect(issue(expiry(new Date(NaN)))).toBe('تاریخ انقضا باید تاریخی معتبر به شکل ۲۰۲۶-۱۲-۰۱ باشد');
    expect(issue(refundDay('2030-02-30'))).toBe('تاریخ بازپرداخت باید تاریخی معتبر به شکل ۲۰۲۶-۱۲-۰۱ باشد');
    expect(RefundTotalsQuerySchema.safeParse({ from: '1403-01-01' }).success).toBe(false);
    expect(RefundTotalsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-01' }).success).toBe(true);
  });
});
