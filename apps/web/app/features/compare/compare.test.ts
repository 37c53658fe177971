import { describe, expect, it } from 'vitest';
import { addToCompare, compareIdsOf, parseCompareList, removeFromCompare, startCompare, type Comparable, type CompareList } from './compare';

const product = (id: number, categoryId = 7): Comparable => ({ id, title: `کالا ${id}`, image: null, categoryId, categoryTitle: categoryId === 7 ? 'رژ لب' : 'ریمل' });
function listOf(...ids: number[]): CompareList {
  let list: CompareList | null = null;
  for (const id of ids) {
    const r = addToCompare(list, product(id));
    if (!r.ok) throw new Error(r.message);
    list = r.list;
  }
  return list!;
}

describe('addToCompare', () => {
  it('starts a comparison in the first product\'s category', () => {
    const r = addToCompare(null, product(1));
    expect(r).toEqual({ ok: true, list: { categoryId: 7, categoryTitle: 'رژ لب', items: [{ id: 1, title: 'کالا 1', image: null }] } });
  });

  it('keeps one entry when the same product is added twice', () => {
    const r = addToCompare(listOf(1, 2), product(2));
    expect(r.ok && r.list.items.map((i) => i.id)).toEqual([1, 2]);
  });

  it('refuses a fifth product and says the limit in Persian', () => {
    const r = addToCompare(listOf(1, 2, 3, 4), product(5));
    expect(r).toMatchObject({ ok: false, reason: 'full' });
    expect(!r.ok && r.message).toContain('حداکثر ۴ کالا');
    // A product already in a full list is still fine (nothing to add).
    expect(addToCompare(listOf(1, 2, 3, 4), product(4)).ok).toBe(true);
  });

  it('refuses a product of another category and names the list\'s category', () => {
    const r = addToCompare(listOf(1), product(9, 8));
    expect(r).toMatchObject({ ok: false, reason: 'other-category' });
    expect(!r.ok && r.message).toContain('«رژ لب»');
    expect(startCompare(product(9, 8))).toEqual({ categoryId: 8, categoryTitle: 'ریمل', items: [{ id: 9, title: 'کالا 9', image: null }] });
  });

  it('takes any category again once the list was emptied', () => {
    const emptied = removeFromCompare(listOf(1), 1);
    expect(emptied).toBeNull();
    expect(addToCompare(emptied, product(9, 8)).ok).toBe(true);
    expect(removeFromCompare(listOf(1, 2), 1)?.items.map((i) => i.id)).toEqual([2]);
  });
});

describe('parseCompareList (what localStorage holds)', () => {
  it('reads back what was written', () => {
    const list = listOf(1, 2);
    expect(parseCompareList(JSON.stringify(list))).toEqual(list);
  });

  it('drops duplicates, extras beyond four and malformed entries', () => {
    const raw = JSON.stringify({ categoryId: 7, categoryTitle: 'رژ لب', items: [
      { id: 1, title: 'a' }, { id: 1, title: 'a again' }, { id: -3, title: 'x' }, { id: '2', title: 'y' }, null,
      { id: 2, title: 'b', image: 5 }, { id: 3, title: 'c' }, { id: 4, title: 'd' }, { id: 5, title: 'e' },
    ] });
    expect(parseCompareList(raw)?.items).toEqual([
      { id: 1, title: 'a', image: null }, { id: 2, title: 'b', image: null }, { id: 3, title: 'c', image: null }, { id: 4, title: 'd', image: null },
    ]);
  });

  it('treats anything else as no comparison', () => {
    for (const raw of [null, '', 'not json', '42', '[]', '{"categoryId":0,"categoryTitle":"x","items":[{"id":1,"title":"a"}]}', '{"categoryId":7,"categoryTitle":"x","items":[]}']) {
      expect(parseCompareList(raw)).toBeNull();
    }
  });
});

describe('compareIdsOf (the /compare address)', () => {
  it('takes positive numbers once each, the first four, Persian digits too', () => {
    expect(compareIdsOf('3,1,3,۲')).toEqual([3, 1, 2]);
    expect(compareIdsOf(Array.from({ length: 100 }, (_, i) => i + 1).join(','))).toEqual([1, 2, 3, 4]);
  });

  it('ignores words, zero, negatives, fractions and huge numbers', () => {
    expect(compareIdsOf('abc,0,-5,1.5,99999999999999999999,<script>,7')).toEqual([7]);
    expect(compareIdsOf(null)).toEqual([]);
    expect(compareIdsOf(',,,')).toEqual([]);
    expect(compareIdsOf(`${'9'.repeat(5000)},1`)).toEqual([]);
  });
});
