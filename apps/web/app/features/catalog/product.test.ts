import { describe, expect, it } from 'vitest';
import { optionGroupsOf, specificationsOf } from '@sorkhab/shared';

describe('the page\'s specifications and options (from @sorkhab/shared)', () => {
  it('keeps specification rows with a value only and turns selectable entries into options', () => {
    const entries = [
      { title: 'حجم', value: '50 میلی‌لیتر' },
      { title: 'نوع پوست', value: '' },
      { title: 'رنگ', select: 3, colorObj: [{ name: 'قرمز', color: '#c92a2a', stock: 0 }] },
      { title: 'سایز', select: 1, arr: ['کوچک', 'بزرگ'] },
      { title: 'رایحه', select: 2, obj: [{ id: 1, title: 'گل رز' }] },
    ];
    expect(specificationsOf(entries)).toEqual([{ title: 'حجم', value: '50 میلی‌لیتر' }]);
    expect(optionGroupsOf(entries).map((o) => [o.title, o.kind, o.values.map((c) => c.value)])).toEqual([
      ['رنگ', 'color', ['قرمز']], ['سایز', 'list', ['کوچک', 'بزرگ']], ['رایحه', 'list', ['گل رز']],
    ]);
  });
});
