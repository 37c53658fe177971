import { describe, expect, it } from 'vitest';
import { typedDecimal } from './ui';

describe('typedDecimal (a rating typed in the admin)', () => {
  it('reads Persian, Arabic and Latin digits with «٫», «/», «,» or «.» as the point, as Latin text', () => {
    expect(typedDecimal('۳٫۹')).toBe('3.9');
    expect(typedDecimal('٤/٥')).toBe('4.5');
    expect(typedDecimal('2,5')).toBe('2.5');
    expect(typedDecimal('5')).toBe('5');
    expect(typedDecimal('')).toBe('');
  });
  it('keeps the first point and drops anything else typed', () => {
    expect(typedDecimal('۳٫۹٫۱')).toBe('3.91');
    expect(typedDecimal('a4 .5x')).toBe('4.5');
    expect(typedDecimal('٫۵')).toBe('.5');
  });
});
