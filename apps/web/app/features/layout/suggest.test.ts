import { describe, expect, it } from 'vitest';
import { moveActive, suggestOptions, wantsSuggestions } from './suggest';

const product = (id: number, stock = 3, priceVaries = false) => ({
  id, title: `رژ ${id}`, alias: '', imageUri: null, imageVariants: [], price: 200_000, offPrice: 150_000, offPersent: 25, hasOff: true, priceVaries, rate: 0, ratingAverage: 0, ratingCount: 0,
  tags: '', brand: null, categoryId: 1, categoryDescs: '', stock, isDraft: false,
});

describe('search suggestions', () => {
  it('waits for two letters, spaces aside', () => {
    expect(wantsSuggestions('ر')).toBe(false);
    expect(wantsSuggestions(' ر ')).toBe(false);
    expect(wantsSuggestions('رژ')).toBe(true);
  });

  it('lists products with their price in Persian digits, categories with their parent, brands, then every result', () => {
    const rows = suggestOptions(' رژ ', {
      products: [product(1), product(2, 0), product(4, 3, true)],
      categories: [{ id: 7, title: 'رژ لب مایع', parentTitle: 'رژ لب' }],
      brands: [{ id: 3, title: 'لورآل', alias: "L'Oréal" }],
    });
    expect(rows.map((r) => [r.group, r.label, r.detail, r.href])).toEqual([
      ['products', 'رژ 1', '۱۵۰٬۰۰۰ تومان', '/product/1'],
      ['products', 'رژ 2', 'ناموجود', '/product/2'],
      ['products', 'رژ 4', 'از ۱۵۰٬۰۰۰ تومان', '/product/4'], // the cheapest of its combinations
      ['categories', 'رژ لب مایع', 'در رژ لب', '/product-list?category=%D8%B1%DA%98+%D9%84%D8%A8+%D9%85%D8%A7%DB%8C%D8%B9&brand=7'],
      ['brands', 'لورآل', "L'Oréal", '/search?brands=3'],
      ['all', 'همه نتایج «\u2068رژ\u2069»', null, '/search?search=%D8%B1%DA%98'],
    ]);
  });

  it('walks the rows with the arrow keys, wrapping at both ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
