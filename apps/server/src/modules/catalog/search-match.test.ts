import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '@sorkhab/shared';
import { SearchIndex, wordLikeness } from './search-match.js';

const row = (id: number, text: string, soldCount = 0) => ({ id, text: normalizeSearch(text), soldCount });
type Row = ReturnType<typeof row>;

/** An index of rows (slot i holds rows[i]) and a search answering their ids, best first. */
function indexOf(rows: Row[]) {
  const index = new SearchIndex();
  rows.forEach((r, slot) => index.set(slot, r.text));
  return { index, rows };
}
const rankOf = (rows: Row[]) => ({ soldCount: Int32Array.from(rows, (r) => r.soldCount), id: Int32Array.from(rows, (r) => r.id) });
const search = ({ index, rows }: ReturnType<typeof indexOf>, q: string, limit = 1000) =>
  Array.from(index.search(normalizeSearch(q), rankOf(rows), limit).slots, (s) => rows[s]!.id);

describe('wordLikeness (pg_trgm word similarity of one word)', () => {
  it('is 1 for the same word and counts shared trigrams of the query word', () => {
    expect(wordLikeness('ویتامین', 'ویتامین')).toBe(1);
    expect(wordLikeness('ویتامبن', 'ویتامین')).toBeCloseTo(5 / 8); // one wrong letter
    expect(wordLikeness('ویتامن', 'ویتامین')).toBeCloseTo(5 / 7); // one missing letter
    expect(wordLikeness('شامپو', 'ریمل')).toBe(0);
  });
});

describe('SearchIndex.search', () => {
  const index = indexOf([
    row(1, 'کرم مغذی شبانه نیوآ', 5),
    row(2, 'سرم ویتامین سی لافارر', 1),
    row(3, 'کرم ضد آفتاب رنگی', 9),
    row(4, 'شامپو ضد شوره', 3),
    row(5, 'سرم آبرسان کرم', 0),
  ]);

  it('needs every word, as a substring or a near word', () => {
    expect(search(index, 'کرم شبانه')).toEqual([1]);
    expect(search(index, 'شامپ')).toEqual([4]);
    expect(search(index, 'کرم شبانع')).toEqual([1]);
    expect(search(index, 'ویتامبن')).toEqual([2]);
    expect(search(index, 'زعفران')).toEqual([]);
    expect(search(index, '')).toEqual([]);
  });

  it('ranks a text that starts with the query first, then best sellers', () => {
    expect(search(index, 'کرم')).toEqual([3, 1, 5]);
    expect(search(index, 'سرم')).toEqual([2, 5]);
  });

  it('ranks the whole phrase above scattered words, and exact words above typos', () => {
    const idx = indexOf([row(1, 'ضد آفتاب کرم', 50), row(2, 'آبرسان کرم ضد لک', 0), row(3, 'کرم ضد چروک', 0)]);
    expect(search(idx, 'کرم ضد')).toEqual([3, 2, 1]);
    const typos = indexOf([row(1, 'ماسک ویتامین', 99), row(2, 'ماسک ویتامبن', 0)]);
    expect(search(typos, 'ماسک ویتامبن')).toEqual([2, 1]);
  });

  it('matches Arabic letters and digits through the shared normaliser', () => {
    expect(search(index, 'كرم مغذي')).toEqual([1]);
    const digits = indexOf([row(1, 'رژ لب شماره ۱۲۳')]);
    expect(search(digits, '١٢٣')).toEqual([1]);
  });
});
