import { describe, expect, it } from 'vitest';
import { maxLenMessage, maxMessage, messageNumber, minMessage, requiredMessage, validateField, validateFields } from './validator.js';

describe('validateFields', () => {
  it('reports a missing required field with "<title> الزامی است"', () => {
    const result = validateFields([{ name: 'title', title: 'عنوان', filed: '', validation: { required: true } }]);
    expect(result).toEqual({ hasError: true, messages: { title: 'عنوان الزامی است' } });
  });

  it('counts undefined, null, blanks and empty lists as missing', () => {
    for (const filed of [undefined, null, '   ', []]) {
      expect(validateField({ title: 'برچسب', filed, validation: { required: true } })).toBe('برچسب الزامی است');
    }
  });

  it('accepts a filled required field and 0 as a value', () => {
    expect(validateField({ title: 'قیمت', filed: 0, validation: { required: true } })).toBeNull();
    expect(validateField({ title: 'عنوان', filed: 'کرم', validation: { required: true } })).toBeNull();
  });

  it('uses the field\'s own len, not a fixed 50', () => {
    const long = 'ا'.repeat(60);
    expect(validateField({ title: 'توضیحات', filed: long, validation: { len: 100 } })).toBeNull();
    expect(validateField({ title: 'عنوان', filed: 'ا'.repeat(11), validation: { len: 10 } })).toBe('عنوان باید حداکثر ۱۰ کاراکتر باشد');
  });

  it('allows exactly len characters and refuses len + 1', () => {
    expect(validateField({ title: 'نام', filed: 'abcde', validation: { len: 5 } })).toBeNull();
    expect(validateField({ title: 'نام', filed: 'abcdef', validation: { len: 5 } })).toBe(maxLenMessage('نام', 5));
  });

  it('counts an emoji as one character', () => {
    expect(validateField({ title: 'نام', filed: '💄💄💄', validation: { len: 3 } })).toBeNull();
  });

  it('falls back to 50 when len is 0', () => {
    expect(validateField({ title: 'نام', filed: 'a'.repeat(50), validation: { len: 0 } })).toBeNull();
    expect(validateField({ title: 'نام', filed: 'a'.repeat(51), validation: { len: 0 } })).toBe('نام باید حداکثر ۵۰ کاراکتر باشد');
  });

  it('checks required before len and keys messages by name, else by title', () => {
    const result = validateFields([
      { title: 'عنوان', filed: '', validation: { required: true, len: 5 } },
      { name: 'alias', title: 'نام مستعار', filed: 'toolong', validation: { len: 3 } },
      { name: 'tags', title: 'برچسب', filed: 'ok', validation: { required: true, len: 3 } },
    ]);
    expect(result).toEqual({
      hasError: true,
      messages: { 'عنوان': 'عنوان الزامی است', alias: 'نام مستعار باید حداکثر ۳ کاراکتر باشد' },
    });
  });

  it('answers no error for valid fields and fields without rules', () => {
    expect(validateFields([{ title: 'x', filed: '' }, { title: 'y', filed: 'z', validation: { required: true } }]))
      .toEqual({ hasError: false, messages: {} });
  });
});

describe('messages', () => {
  it('match the texts of spec section 5, with the number in Persian digits', () => {
    expect(requiredMessage('عنوان')).toBe('عنوان الزامی است');
    expect(maxLenMessage('عنوان', 200)).toBe('عنوان باید حداکثر ۲۰۰ کاراکتر باشد');
    expect(maxLenMessage('توضیحات', 100_000)).toBe('توضیحات باید حداکثر ۱۰۰٬۰۰۰ کاراکتر باشد');
    expect(minMessage('قیمت', 0)).toBe('قیمت باید حداقل ۰ باشد');
    expect(maxMessage('قیمت', 10_000_000_000)).toBe('قیمت باید حداکثر ۱۰٬۰۰۰٬۰۰۰٬۰۰۰ باشد');
  });

  it('never print a Latin digit', () => {
    for (const m of [maxLenMessage('نام', 1234567), minMessage('امتیاز', -0.5), maxMessage('امتیاز', 4.5)]) expect(m).not.toMatch(/[0-9]/);
    expect(messageNumber(4.5)).toBe('۴٫۵');
    expect(messageNumber(-2)).toBe('-۲');
  });
});
