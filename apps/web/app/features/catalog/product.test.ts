import { describe, expect, it } from 'vitest';
import { galleryOf, optionString, splitAttributes } from './product';

describe('splitAttributes', () => {
  it('keeps specification rows with a value only and turns selectable entries into options', () => {
    const { specs, options } = splitAttributes([
      { title: 'حجم', value: '50 میلی‌لیتر' },
      { title: 'نوع پوست', value: '' },
      { title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#c92a2a', stock: 0 }] },
      { title: 'سایز', select: 1, arr: ['کوچک', 'بزرگ'] },
      { title: 'رایحه', select: 2, obj: [{ id: 1, title: 'گل رز' }] },
    ]);
    expect(specs).toEqual([{ title: 'حجم', value: '50 میلی‌لیتر' }]);
    expect(options.map((o) => [o.title, o.kind, o.choices.map((c) => c.name)])).toEqual([
      ['رنگ', 'color', ['قرمز']], ['سایز', 'list', ['کوچک', 'بزرگ']], ['رایحه', 'list', ['گل رز']],
    ]);
    expect(options[0]!.choices[0]!.stock).toBe(0);
  });
});

describe('optionString', () => {
  it('joins the chosen values in the order of the groups', () => {
    const groups = [{ title: 'رنگ', kind: 'color' as const, choices: [] }, { title: 'سایز', kind: 'list' as const, choices: [] }];
    expect(optionString(groups, { سایز: 'بزرگ', رنگ: 'قرمز' })).toBe('قرمز / بزرگ');
    expect(optionString(groups, {})).toBeNull();
  });
});

describe('galleryOf', () => {
  it('appends the main image to the end of the gallery', () => {
    const list = galleryOf({ title: 't', imageUri: '/m.png', imageVariants: [], gallery: [{ id: 1, imageUri: '/g.png', filename: 'g', imageVariants: [] }] });
    expect(list.map((i) => i.uri)).toEqual(['/g.png', '/m.png']);
  });
});
