import { describe, expect, it } from 'vitest';
import { normalizePersianText, normalizeSearch } from './normalize.js';

describe('normalizeSearch', () => {
  it('maps Arabic yeh and kaf to their Persian forms', () => {
    expect(normalizeSearch('كرم مرطوب كننده')).toBe(normalizeSearch('کرم مرطوب کننده'));
    expect(normalizeSearch('كيف')).toBe('کیف');
    expect(normalizeSearch('ى')).toBe('ی');
  });

  it('folds teh marbuta and heh with yeh to heh', () => {
    expect(normalizeSearch('ماسكة')).toBe('ماسکه');
    expect(normalizeSearch('خانۀ')).toBe('خانه');
  });

  it('removes tatweel and diacritics', () => {
    expect(normalizeSearch('كـــرم')).toBe('کرم');
    expect(normalizeSearch('عِطـرٌ')).toBe('عطر');
    expect(normalizeSearch('شامپوّ')).toBe('شامپو');
  });

  it('treats ZWNJ like a space so the joined and the spaced spellings match', () => {
    expect(normalizeSearch('ضد\u200Cآفتاب')).toBe('ضد افتاب');
    expect(normalizeSearch('ضد آفتاب')).toBe('ضد افتاب');
  });

  it('drops Latin accents and apostrophes, so brand names match as people type them', () => {
    expect(normalizeSearch("L'Oréal Paris")).toBe('loreal paris');
    expect(normalizeSearch('L’ORÉAL')).toBe('loreal');
    expect(normalizeSearch('Lancôme')).toBe('lancome');
    // The Persian letters that decompose (آ, ۀ, ئ, ؤ) still fold to the letters above, not to other letters.
    expect(normalizeSearch('لورآل')).toBe('لورال');
    expect(normalizeSearch('خانۀ مسئول مؤسسه')).toBe('خانه مسیول موسسه');
  });

  it('turns Persian and Arabic-Indic digits into Latin digits', () => {
    expect(normalizeSearch('رژ ۱۲۳')).toBe('رژ 123');
    expect(normalizeSearch('رژ ١٢٣')).toBe('رژ 123');
  });

  it('folds alef variants and hamza carriers', () => {
    expect(normalizeSearch('آرایشی')).toBe('ارایشی');
    expect(normalizeSearch('أحمد إسلام')).toBe('احمد اسلام');
    expect(normalizeSearch('مؤسسه')).toBe('موسسه');
  });

  it('lower-cases Latin text and collapses punctuation and spaces', () => {
    expect(normalizeSearch('  L’Oréal -- Paris!!  ')).toBe('loreal paris');
    expect(normalizeSearch('a\t\nb')).toBe('a b');
  });

  it('keeps nothing of SQL-looking punctuation but the words', () => {
    expect(normalizeSearch("'; DROP TABLE products; --")).toBe('drop table products');
  });

  it('answers an empty string for text of only marks and symbols', () => {
    expect(normalizeSearch('ـــ \u200C !!! 🙂')).toBe('');
  });

  it('answers the same for a query asked again, after a thousand others and for a text too long to be remembered', () => {
    const first = normalizeSearch('كرم  ۱۲ ضدآفتاب');
    for (let i = 0; i < 1000; i++) expect(normalizeSearch(`رژ ${i} ي`)).toBe(`رژ ${i} ی`);
    expect(normalizeSearch('كرم  ۱۲ ضدآفتاب')).toBe(first);
    expect(first).toBe('کرم 12 ضدافتاب');
    const long = `${'شامپو '.repeat(40)}ك`;
    expect(normalizeSearch(long)).toBe(`${'شامپو '.repeat(40)}ک`);
    expect(normalizeSearch(long)).toBe(normalizeSearch(long));
  });
});

describe('normalizePersianText', () => {
  it('replaces Arabic yeh and kaf and trims, keeping ZWNJ and diacritics', () => {
    expect(normalizePersianText('  كرم مي\u200Cزنم  ')).toBe('کرم می\u200Cزنم');
    expect(normalizePersianText('عِطر')).toBe('عِطر');
  });
});
