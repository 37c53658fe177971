import { describe, expect, it } from 'vitest';
import { bool, id, int, mobile, optionalMobile, text } from './fields.js';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('mobile', () => {
  it('stores every common spelling as 98XXXXXXXXXX', () => {
    for (const input of ['09121234567', '9121234567', '989121234567', '+989121234567', '+98 912 123 4567', '0912-123-4567', '(0912) 1234567']) {
      expect(mobile().parse(input)).toBe('989121234567');
    }
  });

  it('accepts Persian and Arabic-Indic digits', () => {
    expect(mobile().parse('۰۹۱۲۱۲۳۴۵۶۷')).toBe('989121234567');
    expect(mobile().parse('٠٩١٢١٢٣٤٥٦٧')).toBe('989121234567');
  });

  it('refuses a landline or a short number with a Persian message', () => {
    expect(issue(mobile().safeParse('02112345678'))).toBe('شماره موبایل باید ۹ رقم بعد از ۹۸ باشد، مانند ۹۱۲۱۲۳۴۵۶۷');
    expect(issue(mobile().safeParse('0912123'))).toBe('شماره موبایل باید ۹ رقم بعد از ۹۸ باشد، مانند ۹۱۲۱۲۳۴۵۶۷');
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
    expect(issue(text('عنوان', 5).safeParse('abcdef'))).toBe('عنوان باید حداکثر 5 کاراکتر باشد');
  });

  it('trims and turns Arabic yeh/kaf into Persian', () => {
    expect(text('عنوان', 50).parse('  كرم مرطوب كننده ي  ')).toBe('کرم مرطوب کننده ی');
  });
});

describe('int', () => {
  it('reads Persian digits and thousands separators', () => {
    expect(int('قیمت').parse('۱۲۳٬۰۰۰')).toBe(123000);
    expect(int('قیمت').parse('1,250,000')).toBe(1250000);
  });

  it('answers Persian messages for a non-number, a fraction and bounds', () => {
    const price = int('قیمت', { min: 0, max: 100 });
    expect(issue(price.safeParse('abc'))).toBe('قیمت باید عدد باشد');
    expect(issue(price.safeParse('1.5'))).toBe('قیمت باید عدد صحیح باشد');
    expect(issue(price.safeParse('-1'))).toBe('قیمت باید حداقل 0 باشد');
    expect(issue(price.safeParse('101'))).toBe('قیمت باید حداکثر 100 باشد');
    expect(issue(price.safeParse(undefined))).toBe('قیمت الزامی است');
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
