import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '@sorkhab/shared';
import { oneEditApart, SearchIndex, type SearchState, wordLikeness } from './search-match.js';
import { SnapshotReader, SnapshotWriter } from './snapshot.js';
import { searchTextOf } from './search-index.js';

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

  it('reads the candidates\' texts for a common word, and forgets that word for the next search', () => {
    // «نادر» is in two texts, «کرم» and «شامپو» in a hundred each: the second word of each search is checked by reading
    // the two candidates' texts rather than its postings.
    const common = indexOf([
      row(1, 'نادر کرم'), row(2, 'نادر سرم'),
      ...Array.from({ length: 100 }, (_, i) => row(10 + i, `کرم شماره ${i}`)),
      ...Array.from({ length: 100 }, (_, i) => row(200 + i, `شامپو شماره ${i}`)),
    ]);
    expect(search(common, 'نادر کرم')).toEqual([1]);
    expect(search(common, 'نادر شامپو')).toEqual([]);
    expect(search(common, 'نادر سرم')).toEqual([2]);
    expect(search(common, 'نادر کرم')).toEqual([1]);
  });

  it('counts the best of a word\'s matches in a text when its postings narrow the candidates', () => {
    // «کرم» matches «کرمی» (begins with it, 0.95) and itself (1); text 1 holds both, «کرمی» first (the lower word id,
    // so its postings are read first), text 2 only «کرمی» and sells more. Both start with the phrase: the better match
    // of the second word ranks text 1 first.
    const both = indexOf([row(1, 'نادر کرمی کرم', 0), row(2, 'نادر کرمی', 50), row(3, 'کرم'), row(4, 'شامپو کرمی')]);
    expect(search(both, 'نادر کرم')).toEqual([1, 2]);
  });

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

  it('ranks a page of thousands of matches of a phrase as if every text were read for it', () => {
    // Past eight times the page, a text is read for the phrase only when the best tier it can have could place it on
    // the page: 2 when it begins with the query's first word, else 1 (search-match.ts, phraseKeys).
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    // The one text that begins with the phrase sells least: only its first word says it may rank above 600 that sell more.
    const starts = indexOf([row(5, 'کرم پودر', 0), ...ids(3000, 600).map((id) => row(id, 'لب کرم پودر', 10))]);
    expect(search(starts, 'کرم پودر', 60)).toEqual([5, ...ids(3541, 59).reverse()]);
    // The page's last place is a tie: text 10 begins with «کرم» but holds the phrase further on, so it ranks as text 20
    // does (phrase, same sales), and the newer, 20, takes the place; 500 texts that sell more hold the words apart.
    const tie = indexOf([
      ...ids(1000, 59).map((id) => row(id, 'کرم پودر شماره', 100)), row(10, 'کرم لب کرم پودر', 5), row(20, 'لب کرم پودر', 5),
      ...ids(2000, 500).map((id) => row(id, 'پودر لب کرم', 50)),
    ]);
    expect(search(tie, 'کرم پودر', 60)).toEqual([...ids(1000, 59).reverse(), 20]);
    expect(search(tie, 'کرم پودر', 61)).toEqual([...ids(1000, 59).reverse(), 20, 10]);
  });

  it('looks for a phrase only where its words can meet, and follows the texts as they change', () => {
    // «کد» and «آنتی» are in every text, never side by side: no text holds the phrase, so the best seller ranks first.
    const idx = indexOf([row(1, 'کرم آنتی اکسیدان کد ۱۲', 9), row(2, 'سرم آنتی لک کد ۱۳', 5), row(3, 'تونر کد ۱۴ آنتی', 1)]);
    expect(search(idx, 'کد آنت')).toEqual([1, 2, 3]);
    // A text changed to hold «کد آنتی» side by side ranks first (the phrase), above the best seller.
    idx.index.set(2, normalizeSearch('تونر کد آنتی ۱۴'));
    expect(search(idx, 'کد آنت')).toEqual([3, 1, 2]);
    // A typo in a middle word leaves no phrase: ordered by the words' likeness, then sales.
    const brand = indexOf([row(1, 'ریمل میبلین نیویورک', 1), row(2, 'ریمل نیویورک میبلین', 7), row(3, 'ریمل میبلین نیویورک حجم', 3)]);
    expect(search(brand, 'ریمل میبلبن نیویورک')).toEqual([2, 3, 1]);
    expect(search(brand, 'ریمل میبلین نیویورک')).toEqual([3, 1, 2]);
  });

  it('keeps every pair of words side by side as the pairs outgrow their first table', () => {
    // ≈ 240,000 distinct pairs: past a tenth of the first table's 2 million bits, so it is made again, larger.
    const words = Array.from({ length: 4000 }, (_, i) => `و${i.toString(36)}ژ`);
    let seed = 7;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % words.length;
    const texts = Array.from({ length: 30_000 }, () => Array.from({ length: 9 }, () => words[next()]!).join(' '));
    // Texts all along (before the growth, through the table made again, after it) hold a pair side by side; for
    // each, a best seller holds both words apart: the text with the phrase ranks first only if its pair is kept.
    const rows = texts.map((t, i) => row(i + 10, t, 0));
    const probes = [0, 9_000, 18_000, 25_000, 29_999].map((i, k) => {
      const w = texts[i]!.split(' ');
      rows.push(row(k + 1, `${w[k + 1]} ${words[next()]} ${w[k]}`, 1000));
      return { id: i + 10, apart: k + 1, q: `${w[k]} ${w[k + 1]}` };
    });
    const idx = indexOf(rows);
    for (const { id, apart, q } of probes) {
      const found = search(idx, q);
      expect(found.indexOf(id)).toBeGreaterThanOrEqual(0);
      expect(found.indexOf(id)).toBeLessThan(found.indexOf(apart)); // (another random text may hold the pair too)
    }
  });

  it('matches Arabic letters and digits through the shared normaliser', () => {
    expect(search(index, 'كرم مغذي')).toEqual([1]);
    const digits = indexOf([row(1, 'رژ لب شماره ۱۲۳')]);
    expect(search(digits, '١٢٣')).toEqual([1]);
  });
});

describe('SearchIndex: a search page asks for its results, then its facets', () => {
  const texts = ['کرم مغذی شبانه نیوآ', 'سرم ویتامین سی لافارر', 'کرم ضد آفتاب رنگی', 'شامپو ضد شوره', 'سرم آبرسان کرم', 'کرم دست'];
  const fresh = (rows: string[]) => indexOf(rows.map((t, i) => row(i + 1, t, i)));
  const matching = (index: SearchIndex, q: string) => [...index.matching(normalizeSearch(q))].sort((a, b) => a - b);

  it('answers the same words the same way whichever comes first, and as a fresh index does', () => {
    const index = fresh(texts);
    const mixed = ['کرم', 'کرم', 'سرم کرم', 'کرم', 'ضد', 'ضد', 'شبانع', 'هیچ', 'هیچ'];
    for (const q of mixed) {
      const other = fresh(texts);
      expect(search(index, q)).toEqual(search(other, q));
      expect(matching(index.index, q)).toEqual(matching(other.index, q));
      expect(search(index, q)).toEqual(search(other, q)); // the second time, from what the first kept
    }
    expect(matching(index.index, 'کرم')).toEqual([0, 2, 4, 5]);
  });

  it('forgets what it kept when a text changes', () => {
    const { index, rows } = fresh(texts);
    expect(matching(index, 'کرم')).toEqual([0, 2, 4, 5]);
    index.set(5, normalizeSearch('لوسیون دست'));
    expect(matching(index, 'کرم')).toEqual([0, 2, 4]);
    index.set(3, normalizeSearch('کرم شامپو'));
    expect(search({ index, rows }, 'کرم')).toEqual(search(fresh([...texts.slice(0, 3), 'کرم شامپو', texts[4]!, 'لوسیون دست']), 'کرم'));
    expect(matching(index, 'کرم')).toEqual([0, 2, 3, 4]);
  });
});

describe('SearchIndex: saved and read back', () => {
  it('answers searches and suggestions as the index it was saved from, and as a fresh one', () => {
    // 3,000 texts, most holding «کرم», a third beginning with it: a suggestion for «کرم» reads the texts by first word
    // and the best sellers in order (suggestInOrder); a phrase search reads the word pairs.
    const words = ['مرطوب', 'کننده', 'آبرسان', 'پودر', 'دست', 'شب', 'روز', 'مات', 'ضد', 'لک'];
    let seed = 3;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const body = Array.from({ length: 3 }, () => words[next(words.length)]!).join(' ');
      return row(i + 1, next(3) === 0 ? `کرم ${body}` : `${body} کرم ${words[next(words.length)]}`, next(500));
    });
    const saved = indexOf(rows);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-search-'));
    const w = new SnapshotWriter();
    w.write(path.join(dir, 'search.snapshot'), saved.index.save(w));
    const reader = SnapshotReader.open(path.join(dir, 'search.snapshot'))!;
    const restored = new SearchIndex();
    restored.restore(reader.meta as SearchState, reader);
    reader.close();
    fs.rmSync(dir, { recursive: true });
    const fresh = indexOf(rows);
    const rank = rankOf(rows);
    const bySales = { a: Int32Array.from(rows.keys()).sort((a, b) => rows[b]!.soldCount - rows[a]!.soldCount || rows[b]!.id - rows[a]!.id), n: rows.length };
    for (const q of ['کرم', 'کر', 'کرم مر', 'کرم دست', 'مات کرم']) {
      const expected = Array.from(fresh.index.suggest(normalizeSearch(q), rank, 12, bySales));
      expect(Array.from(restored.suggest(normalizeSearch(q), rank, 12, bySales)), q).toEqual(expected);
      expect(Array.from(saved.index.suggest(normalizeSearch(q), rank, 12, bySales)), q).toEqual(expected);
      expect(Array.from(restored.search(normalizeSearch(q), rank, 24).slots), q).toEqual(Array.from(fresh.index.search(normalizeSearch(q), rank, 24).slots));
    }
  });
});

describe('oneEditApart', () => {
  it('is true for one substitution, insertion, deletion or swap of neighbours, and nothing else', () => {
    expect(oneEditApart('شامبو', 'شامپو')).toBe(true);
    expect(oneEditApart('ریمیل', 'ریمل')).toBe(true);
    expect(oneEditApart('ریمل', 'ریمیل')).toBe(true);
    expect(oneEditApart('ریلم', 'ریمل')).toBe(true);
    expect(oneEditApart('ریمل', 'ریمل')).toBe(false);
    expect(oneEditApart('شامبوو', 'شامپو')).toBe(false);
    expect(oneEditApart('کرم', 'کرمها')).toBe(false);
  });
});

describe('SearchIndex.search: what a shopper types', () => {
  it('ranks whole words above a hit inside a longer word («رژ» is not «بورژوا»)', () => {
    const idx = indexOf([row(1, 'ریمل حجم دهنده بورژوا', 99), row(2, 'مداد لب و رژ گونه', 0), row(3, 'رژ لب مایع', 0), row(4, 'خط چشم بورژوا', 50)]);
    expect(search(idx, 'رژ')).toEqual([3, 2, 1, 4]);
  });

  it('finds words written without their space', () => {
    const idx = indexOf([row(1, 'رژ لب مایع مات'), row(2, 'کرم پودر مایع'), row(3, 'ادو پرفیوم زنانه'), row(4, 'لب و گونه')]);
    expect(search(idx, 'رژلب')).toEqual([1]);
    expect(search(idx, 'کرمپودر')).toEqual([2]);
    expect(search(idx, 'ادوپرفیوم')).toEqual([3]);
    expect(search(idx, 'ادوپرفیوم زنانه')).toEqual([3]);
    // A word some text holds is not split (a shopper typing «مایع» finds what holds it).
    expect(search(idx, 'مایع').sort()).toEqual([1, 2]);
  });

  it('forgives one wrong, missing, extra or swapped letter in a short word, ranked below the exact word', () => {
    const idx = indexOf([row(1, 'شامپو ضد شوره'), row(2, 'ریمل حجم دهنده'), row(3, 'شامبو گیاهی', 0)]);
    expect(search(idx, 'شامبو')).toEqual([3, 1]);
    expect(search(idx, 'ریمیل')).toEqual([2]);
    expect(search(idx, 'ریلم')).toEqual([2]);
    // Three-letter words are not stretched to their neighbours (کرم is not گرم).
    expect(search(indexOf([row(1, 'کرم مرطوب')]), 'گرم')).toEqual([]);
  });

  it('finds a brand by its Persian, colloquial and Latin names', () => {
    const text = searchTextOf({ title: 'کرم مرطوب کننده', alias: '', tags: '' }, { title: 'لورآل', alias: "L'Oréal Paris" });
    const idx = indexOf([{ id: 1, text, soldCount: 0 }, row(2, 'کرم مرطوب کننده نیوآ')]);
    for (const q of ['لورآل', 'لورال', 'loreal', "L'Oreal", 'LORÉAL', 'lorial']) expect(search(idx, q), q).toEqual([1]);
  });
});

describe('SearchIndex.suggest: while the shopper types', () => {
  const suggest = ({ index, rows }: ReturnType<typeof indexOf>, q: string, limit = 1000) =>
    Array.from(index.suggest(normalizeSearch(q), rankOf(rows), limit), (s) => rows[s]!.id);

  it('finds the texts holding a word that begins with each query word, texts beginning with the first word first', () => {
    const idx = indexOf([
      row(1, 'کرم مغذی شبانه', 5), row(2, 'ریمل بورژوا', 99), row(3, 'رژ لب مایع مات', 0), row(4, 'مداد لب و رژ گونه', 7),
      row(5, 'کرم پودر مایع', 1), row(6, 'رژگونه پودری', 2),
    ]);
    expect(suggest(idx, 'رژ')).toEqual([3, 6, 4]); // never «بورژوا»: a word inside another is not a beginning
    expect(suggest(idx, 'کرم پو')).toEqual([5]);
    expect(suggest(idx, 'پو کر')).toEqual([5]);
    expect(suggest(idx, 'ما')).toEqual([5, 3]); // both begin a later word: the better seller first
    expect(suggest(idx, 'کرم', 1)).toEqual([1]);
  });

  it('ranks the whole word above a longer word beginning with it, then best sellers, then the newest', () => {
    const idx = indexOf([row(1, 'سرم آبرسان', 0), row(2, 'سرمه ای', 50), row(3, 'سرم ویتامین', 10), row(4, 'سرم مو', 10)]);
    expect(suggest(idx, 'سرم')).toEqual([4, 3, 1, 2]);
  });

  it('reads a word nothing begins with as the search does: a typo, a word inside another, words written together', () => {
    const idx = indexOf([row(1, 'شامپو ضد شوره'), row(2, 'رژ لب'), row(3, 'کرم لب رژ مانند', 5), row(4, 'ریمل حجم دهنده')]);
    expect(suggest(idx, 'شامبو')).toEqual([1]);
    expect(suggest(idx, 'ریمیل')).toEqual([4]);
    expect(suggest(idx, 'امپو')).toEqual([1]);
    expect(suggest(idx, 'رژلب')).toEqual([2, 3]); // the text beginning with the first half first
    expect(suggest(idx, 'شامبو ضد')).toEqual([1]); // each word on its own: the beginning kept, the typo read loosely
    expect(suggest(idx, 'شامپو زعفران')).toEqual([]);
    expect(suggest(idx, 'ژ')).toEqual([]); // one letter beginning no word is not looked for inside words
    expect(suggest(idx, '')).toEqual([]);
  });

  it('follows the texts as they change: a new word is found, a removed text is not', () => {
    const idx = indexOf([row(1, 'کرم مرطوب کننده'), row(2, 'لوسیون بدن')]);
    expect(suggest(idx, 'لو')).toEqual([2]);
    idx.index.set(0, normalizeSearch('لوسیون دست'));
    idx.index.set(1, '');
    expect(suggest(idx, 'لو')).toEqual([1]);
    expect(suggest(idx, 'کر')).toEqual([]);
  });
});

describe('SearchIndex.suggest in sales order (every word common)', () => {
  it('answers exactly what gathering the postings answers, through changes of the texts', () => {
    // 6,000 texts of a few words (the postings of each pass the point where the best sellers are read in order).
    const vocabulary = ['کرم', 'کرمی', 'کر', 'رژ', 'رژگونه', 'لب', 'لبه', 'سرم', 'سرمه', 'شامپو', 'مو', 'موی', 'مات', 'مایع', 'پودر'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // Half begin with «کرم»: more texts begin with it than are gathered, so they are met while reading in order.
    const rows: Row[] = Array.from({ length: 6000 }, (_, i) => row(i + 1,
      [next() < 0.5 ? 'کرم' : '', ...Array.from({ length: 2 + Math.floor(next() * 4) }, () => vocabulary[Math.floor(next() * vocabulary.length)])].join(' '),
      Math.floor(next() * 40)));
    const idx = indexOf(rows);
    const rank = rankOf(rows);
    const bySales = () => {
      const a = Int32Array.from(rows.keys()).sort((x, y) => rank.soldCount[y]! - rank.soldCount[x]! || rank.id[y]! - rank.id[x]!);
      return { a, n: a.length };
    };
    const compare = (order: { a: Int32Array; n: number }) => {
      for (const q of ['ک', 'کر', 'کرم', 'رژ', 'ل', 'لب', 'سر', 'سرم', 'مو', 'کر ل', 'لب کر', 'رژ لب ما', 'مو شا', 'پودر کرم م']) {
        for (const limit of [1, 6, 60]) {
          const gathered = Array.from(idx.index.suggest(normalizeSearch(q), rank, limit), (s) => rows[s]!.id);
          const inOrder = Array.from(idx.index.suggest(normalizeSearch(q), rank, limit, order), (s) => rows[s]!.id);
          expect(inOrder, `${q} (${limit})`).toEqual(gathered);
        }
      }
    };
    compare(bySales());
    // Texts change: some begin with another word, some lose a word, some go.
    for (let s = 0; s < 6000; s += 7) {
      const r = rows[s]!;
      r.text = s % 3 === 0 ? '' : normalizeSearch(`${vocabulary[s % vocabulary.length]} ${r.text}`);
      idx.index.set(s, r.text);
    }
    const order = bySales();
    const live = order.a.filter((s) => rows[s]!.text !== '');
    compare({ a: live, n: live.length });
  });
});

describe('SearchIndex: common words narrowed through bitsets of their texts', () => {
  it('answers exactly what reading the postings answers, as texts are added, changed and removed', () => {
    const vocabulary = ['کرم', 'کرمی', 'مرطوب', 'کننده', 'رژ', 'لب', 'مات', 'سرم', 'شامپو', 'مو', 'ضد', 'آفتاب', 'نادر', 'نایاب'];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // The first words common, the last rare: a rare word gathers a few candidates, a common one narrows them.
    const textOf = () => Array.from({ length: 2 + Math.floor(next() * 4) }, () => vocabulary[Math.floor(next() ** 3 * vocabulary.length)]).join(' ');
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => row(i + 1, textOf(), Math.floor(next() * 40)));
    // Every word in 40 texts or more has a bitset; in the second index a budget of four bitsets makes them go and come back.
    const plain = new SearchIndex({ bitsFrom: Number.POSITIVE_INFINITY });
    const indexes = { withBits: new SearchIndex({ bitsFrom: 40 }), evicting: new SearchIndex({ bitsFrom: 40, bitsBudget: 4 * 4 * 130 }) };
    const setBoth = (slot: number, text: string) => {
      for (const index of [plain, ...Object.values(indexes)]) index.set(slot, text);
    };
    rows.forEach((r, slot) => setBoth(slot, r.text));
    const queries = ['نادر کرم', 'کرم مات', 'لب رژ', 'سرم مو ضد', 'کر لب', 'مرطوب کننده کرم', 'شامپو ضد', 'نایاب آفتاب لب', 'رژ'];
    const compare = (label: string) => {
      const rank = rankOf(rows);
      for (const [name, index] of Object.entries(indexes)) {
        for (const q of queries) {
          const want = plain.search(normalizeSearch(q), rank, 50);
          const got = index.search(normalizeSearch(q), rank, 50);
          expect(got.total, `${name}, ${label}: ${q}`).toBe(want.total);
          expect(Array.from(got.slots), `${name}, ${label}: ${q}`).toEqual(Array.from(want.slots));
          expect(Array.from(index.matching(normalizeSearch(q))).sort(), `${name}, ${label}: ${q}`).toEqual(Array.from(plain.matching(normalizeSearch(q))).sort());
        }
      }
    };
    compare('first load');
    // The bitsets are counted in the index's memory, within the budget.
    expect(indexes.withBits.bytes() - plain.bytes()).toBeGreaterThan(4 * 4 * 130);
    expect(indexes.evicting.bytes() - plain.bytes()).toBeLessThanOrEqual(4 * 4 * 130);
    // Texts change or go (their bits cleared), then new slots come past the bitsets' end (those are made again).
    for (let s = 0; s < 3000; s += 5) {
      rows[s]!.text = s % 3 === 0 ? '' : normalizeSearch(textOf());
      setBoth(s, rows[s]!.text);
    }
    compare('after changes');
    for (let i = 0; i < 1200; i++) { // past 4,096 slots: beyond the end of the bitsets made for 3,000
      rows.push(row(3001 + i, normalizeSearch(`نادر ${textOf()}`), i % 7));
      setBoth(rows.length - 1, rows.at(-1)!.text);
    }
    compare('after new slots');
  });
});
