import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { normalizeSearch } from '@sorkhab/shared';
import { brands } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBrand, createCategory, createProduct } from '../../../test/factories.js';
import { Rng } from '../../seed/prng.js';
import { closestSearches, closestToWord, near, type Vocabulary } from './did-you-mean.js';
import { editDistance } from './search-match.js';

/** A vocabulary as the search index holds it: the normalised words of the texts, with how many texts hold each. */
function vocabularyOf(...texts: string[]): Vocabulary {
  const words = new Map<string, number>();
  for (const text of texts) for (const w of new Set(normalizeSearch(text).split(' '))) words.set(w, (words.get(w) ?? 0) + 1);
  return words;
}

const shop = vocabularyOf(
  'شامپو ضد شوره', 'شامپو تقویت‌کننده مو', 'رژ لب مایع مات', 'رژ لب جامد', 'ریمل حجم‌دهنده', 'کرم پودر مات', 'کرم مرطوب‌کننده',
  'ادو پرفیوم زنانه', "Maybelline میبلین", "L'Oréal Paris لورآل", 'گرم',
);

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps, and stops past the bound', () => {
    expect(editDistance('شامپو', 'شامپو', 2)).toBe(0);
    expect(editDistance('شامبو', 'شامپو', 2)).toBe(1);
    expect(editDistance('شمپوو', 'شامپو', 2)).toBe(2);
    expect(editDistance('ریمیل', 'ریمل', 2)).toBe(1);
    expect(editDistance('ab', 'ba', 2)).toBe(1);
    expect(editDistance('maybeline', 'maybelline', 2)).toBe(1);
    expect(editDistance('شامپو', 'ریمل', 2)).toBe(3); // beyond the bound: bound + 1
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('near', () => {
  it('finds exactly the words a comparison with each word of the vocabulary finds, letters outside the BMP included', () => {
    const r = new Rng(29);
    const letters = [...'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآءئ', ...'abcdefgxyz', '🙂', '💄'];
    const word = (n: number) => Array.from({ length: n }, () => r.pick(letters)).join('');
    const vocabulary = new Map<string, number>();
    while (vocabulary.size < 3000) vocabulary.set(word(r.int(2, 9)), r.int(1, 50));
    const words = [...vocabulary.keys()];
    // A vocabulary word with one or two letters changed, dropped, added or swapped, or a word of its own.
    const typo = (w: string) => {
      const chars = [...w];
      for (let n = r.int(1, 2); n > 0; n--) {
        const i = r.int(0, chars.length - 1);
        const kind = r.int(0, 3);
        if (kind === 0) chars[i] = r.pick(letters);
        else if (kind === 1 && chars.length > 1) chars.splice(i, 1);
        else if (kind === 2) chars.splice(i, 0, r.pick(letters));
        else if (i > 0) [chars[i - 1], chars[i]] = [chars[i]!, chars[i - 1]!];
      }
      return chars.join('');
    };
    let found = 0;
    for (let k = 0; k < 400; k++) {
      const query = k % 4 === 3 ? word(r.int(2, 9)) : typo(r.pick(words));
      for (const max of [1, 2]) {
        const expected = words.filter((w) => editDistance(query, w, max) <= max).sort();
        expect(near(query, vocabulary, max).map((x) => x.text).sort(), `${query} ≤ ${max}`).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(400); // the queries do find words
  });
});

describe('closestToWord', () => {
  it('reads a Persian typo as the catalogue word (ب for پ, a letter too many, a letter missing)', () => {
    expect(closestToWord('شامبو', shop)[0]!.text).toBe('شامپو');
    expect(closestToWord('ریمیل', shop)[0]!.text).toBe('ریمل');
    expect(closestToWord('شمپوو', shop)[0]!.text).toBe('شامپو'); // two edits in a five-letter word
  });

  it('keeps a word the catalogue has, and stretches no word under three letters', () => {
    expect(closestToWord('ریمل', shop).map((r) => r.text)).toEqual(['ریمل']);
    expect(closestToWord('رز', shop)).toEqual([]);
  });

  it('reads words written together as two words, even with a typo in one half', () => {
    expect(closestToWord('کرمپودر', shop)[0]!.text).toBe('کرم پودر');
    expect(closestToWord('ادوپرفیوم', shop)[0]!.text).toBe('ادو پرفیوم');
    expect(closestToWord('رژلبب', shop)[0]!.text).toBe('رژ لب');
  });
});

describe('closestSearches', () => {
  it('normalises the query first: Arabic ي and ك, ZWNJ, Persian digits', () => {
    expect(closestSearches('ريميل', shop)[0]).toBe('ریمل');
    expect(closestSearches('كرم پودد', shop)[0]).toBe('کرم پودر');
  });

  it('matches a Latin brand name typed with a slip, accents and apostrophes aside', () => {
    expect(closestSearches('Maybeline', shop)[0]).toBe('maybelline');
    expect(closestSearches('lorael', shop)[0]).toBe('loreal');
  });

  it('leaves a word out when the words exist but not in the same product, never offering the query itself', () => {
    const out = closestSearches('ریمل شامپو', shop);
    expect(out).not.toContain('ریمل شامپو');
    expect(out.slice(0, 2).sort()).toEqual(['ریمل', 'شامپو'].sort());
    expect(closestSearches('شامبو قرمززز', shop)[0]).toBe('شامپو'); // the unknown word goes, the typo is mended
  });

  it('offers nothing for words far from every catalogue word', () => {
    expect(closestSearches('ققققق', shop)).toEqual([]);
    expect(closestSearches('', shop)).toEqual([]);
    expect(closestSearches('!!!', shop)).toEqual([]);
  });
});

describe('GET /api/Product/DidYouMean', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const hair = await createCategory(t, { title: 'مراقبت مو' });
    const lips = await createCategory(t, { title: 'رژ لب' });
    const loreal = await createBrand(t, 'لورآل');
    await t.db.update(brands).set({ alias: "L'Oréal Paris" }).where(eq(brands.id, loreal.id));
    await createProduct(t, { Title: 'شامپو ضد شوره', Tags: 'شامپو', CategoryId: hair.id });
    await createProduct(t, { Title: 'شامپو تقویت‌کننده', Tags: 'شامپو', CategoryId: hair.id, brandId: loreal.id });
    await createProduct(t, { Title: 'رژ لب مایع', Tags: 'رژ', CategoryId: lips.id });
    await createProduct(t, { Title: 'پیش‌نویس شامپو', Tags: 'پیش‌نویس', CategoryId: hair.id, IsDraft: true });
  });
  afterAll(async () => { await t?.close(); });

  const ask = async (q: string) => {
    const res = await t.app.inject({ url: `/api/Product/DidYouMean?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { suggestions: { search: string; count: number }[] }).suggestions;
  };
  const found = async (search: string) =>
    (await t.app.inject({ url: `/api/Product/All?title=${encodeURIComponent(search)}` })).json().data.totalCount as number;

  it('offers the closest searches that find products, with their counts', async () => {
    expect(await found('شمپوو')).toBe(0);
    const s = await ask('شمپوو');
    expect(s[0]).toEqual({ search: 'شامپو', count: 2 });
    for (const { search, count } of s) expect(await found(search)).toBe(count);
    expect((await ask('lorael'))[0]).toEqual({ search: 'loreal', count: 1 });
    expect((await ask('رژلبب'))[0]).toEqual({ search: 'رژ لب', count: 1 });
  });

  it('offers at most five, never a search without products, and nothing for nonsense', async () => {
    expect((await ask('شامپو رژ لب مایع')).length).toBeLessThanOrEqual(5);
    for (const { count } of await ask('شامپو رژ لب مایع')) expect(count).toBeGreaterThan(0);
    expect(await ask('پیش‌نویسس')).toEqual([]); // a draft's words are not the storefront's
    expect(await ask('ققققق')).toEqual([]);
    expect(await ask('')).toEqual([]);
  });

  it('answers hostile input with a Persian 400 or nothing, never a 500', async () => {
    for (const q of ['%00', encodeURIComponent('ش'.repeat(201)), 'a&q=b']) {
      const res = await t.app.inject({ url: `/api/Product/DidYouMean?q=${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await t.app.inject({ url: '/api/Product/DidYouMean' })).statusCode).toBe(400);
    // A lone surrogate cannot travel in a URL: its UTF-8 bytes arrive as U+FFFD, a word like any other.
    expect(await ask('\uFFFD'.repeat(3))).toEqual([]);
    const lone = await t.app.inject({ url: '/api/Product/DidYouMean?q=%ED%A0%80' });
    expect(lone.statusCode).toBe(200);
    expect(await ask('ش'.repeat(200))).toEqual([]);
  });
});
