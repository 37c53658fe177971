import { describe, expect, it } from 'vitest';
import { requiredErrors } from './required';

describe('requiredErrors', () => {
  it('answers the Persian «… الزامی است» for each blank required field, keyed by name', () => {
    expect(requiredErrors({ storeName: ['', 'نام فروشگاه'], phone: ['   ', 'تلفن'], email: ['a@b.ir', 'ایمیل'] }))
      .toEqual({ storeName: 'نام فروشگاه الزامی است', phone: 'تلفن الزامی است' });
  });

  it('treats undefined, null and an empty list as blank, and 0 as a value', () => {
    expect(requiredErrors({ a: [undefined, 'الف'], b: [null, 'ب'], c: [[], 'پ'], d: [0, 'قیمت'], e: ['۰', 'تعداد'] }))
      .toEqual({ a: 'الف الزامی است', b: 'ب الزامی است', c: 'پ الزامی است' });
  });

  it('answers nothing when every field is filled', () => {
    expect(requiredErrors({ title: ['کرم', 'عنوان'] })).toEqual({});
  });
});
