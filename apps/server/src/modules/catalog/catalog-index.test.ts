import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotReader, SnapshotWriter } from './snapshot.js';
import { normalizeSearch } from '@sorkhab/shared';
import { CatalogIndex, type CatalogQuery, type CatalogRow, type CatalogSort, type FacetQuery } from './catalog-index.js';
import { Rng } from '../../seed/prng.js';
import { wordScore } from './search-match.js';

/**
 * The in-memory catalogue against a plain reference (filter, sort and slice arrays; search by the rules
 * of decision 007 applied row by row), over random catalogues changed product by product.
 */

const rng = (seed: number) => new Rng(seed);


const WORDS = ['کرم', 'پودر', 'رژ', 'لب', 'مات', 'شامپو', 'ضد', 'شوره', 'ریمل', 'حجم', 'دهنده', 'سرم', 'ویتامین', 'سی', 'بورژوا', 'ماسک', 'مو', 'لوسیون'];
const CATEGORIES = [1, 2, 3, 4, 5, 6];

/** Approved reviews' average and count, ties on purpose (13/3 is not exact in a float). */
const rated = (r: Rng) => {
  const ratingCount = r.pick([0, 0, 1, 3, 12]);
  return { ratingCount, ratingAverage: ratingCount ? Math.fround(r.pick([5, 4.5, 4, 13 / 3, 3])) : 0 };
};

function randomRow(r: Rng, id: number): CatalogRow {
  const price = r.int(1, 40) * 10_000;
  const offPersent = r.pick([0, 0, 10, 20, 35]);
  const title = Array.from({ length: r.int(2, 5) }, () => r.pick(WORDS)).join(' ');
  return {
    id, title, alias: `alias ${id}`, imageUri: r.next() < 0.8 ? `/uploads/ab/${id}.jpg` : null, tags: r.pick(WORDS),
    price, offPersent, hasOff: offPersent > 0, priceVaries: r.next() < 0.3, offPrice: Math.round(price * (100 - offPersent) / 100), rate: r.int(0, 10) / 2, ...rated(r),
    brandId: r.next() < 0.9 ? r.int(1, 4) : null, categoryId: r.pick(CATEGORIES), stock: r.pick([0, 0, 1, 5, 20]),
    soldCount: r.int(0, 30), createdAt: Date.UTC(2026, 0, 1) + r.int(0, 20) * 86_400_000, // ties on purpose
    searchText: normalizeSearch(`${title} ${r.pick(WORDS)}`),
  };
}

const byId = (a: CatalogRow, b: CatalogRow) => b.id - a.id;
const ORDER: Record<Exclude<CatalogSort, 'relevance'>, (a: CatalogRow, b: CatalogRow) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || byId(a, b),
  cheapest: (a, b) => a.offPrice - b.offPrice || a.id - b.id,
  dearest: (a, b) => b.offPrice - a.offPrice || byId(a, b),
  bestselling: (a, b) => b.soldCount - a.soldCount || byId(a, b),
  discount: (a, b) => b.offPersent - a.offPersent || byId(a, b),
  popular: (a, b) => b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || b.soldCount - a.soldCount || byId(a, b),
};

/**
 * Decision 007's search, one row at a time: every word a whole word, the start of one, inside one or a near word
 * (wordScore); a word no text holds split in two words the texts hold; ranked.
 */
function referenceSearch(rows: CatalogRow[], query: string): CatalogRow[] {
  const postings = new Map<string, number>();
  for (const row of rows) for (const w of new Set(row.searchText.split(' '))) postings.set(w, (postings.get(w) ?? 0) + 1);
  const vocabulary = [...postings.keys()];
  const apart = (w: string): string[] => {
    const letters = [...w];
    if (letters.length < 4 || postings.has(w)) return [w];
    const scores = vocabulary.map((v) => wordScore(w, v)).filter((x) => x > 0);
    if (scores.some((x) => x >= 0.8)) return [w];
    const least = scores.length ? 3 : 2;
    let best: string[] = [w];
    let most = 0;
    for (let cut = least; cut <= letters.length - least; cut++) {
      const a = letters.slice(0, cut).join('');
      const b = letters.slice(cut).join('');
      const n = Math.min(postings.get(a) ?? 0, postings.get(b) ?? 0);
      if (n > most) { most = n; best = [a, b]; }
    }
    return best;
  };
  const sequence = query.split(' ').filter(Boolean).flatMap(apart);
  const words = [...new Set(sequence)];
  const phrase = sequence.join(' ');
  if (!words.length) return [];
  const hits: { row: CatalogRow; key: number[] }[] = [];
  for (const row of rows) {
    const text = row.searchText;
    const textWords = text.split(' ');
    let score = 0;
    let all = true;
    for (const w of words) {
      const best = Math.max(...textWords.map((t) => wordScore(w, t)));
      if (!best) { all = false; break; }
      score += best;
    }
    if (!all) continue;
    // One word: the text starts with it, or holds it whole or as a word's start. Several: the phrase.
    const holds = sequence.length === 1 ? textWords.some((t) => t.startsWith(phrase)) : text.includes(phrase);
    hits.push({ row, key: [Number(text.startsWith(phrase)), Number(holds), Math.round(score * 1e4), row.soldCount, row.id] });
  }
  hits.sort((a, b) => { for (let i = 0; i < 5; i++) if (a.key[i] !== b.key[i]) return b.key[i]! - a.key[i]!; return 0; });
  return hits.map((h) => h.row);
}

function reference(rows: Map<number, CatalogRow>, q: CatalogQuery) {
  const cats = q.categoryIds ? new Set(q.categoryIds) : undefined;
  const keep = (r: CatalogRow) => (!cats || cats.has(r.categoryId)) && (!q.brandIds?.length || q.brandIds.includes(r.brandId ?? 0))
    && (q.minPrice === undefined || r.offPrice >= q.minPrice) && (q.maxPrice === undefined || r.offPrice <= q.maxPrice)
    && (!q.inStock || r.stock > 0) && (q.hasOff === undefined || r.hasOff === q.hasOff);
  let list = [...rows.values()];
  if (q.search !== undefined) {
    list = referenceSearch(list, q.search).filter(keep);
    if (q.sort && q.sort !== 'relevance') list.sort(ORDER[q.sort]);
  } else {
    list = list.filter(keep).sort(ORDER[!q.sort || q.sort === 'relevance' ? 'newest' : q.sort]);
  }
  return { total: list.length, ids: list.slice(q.offset, q.offset + q.limit).map((r) => r.id) };
}

function randomQuery(r: Rng): CatalogQuery {
  const q: CatalogQuery = { offset: r.pick([0, 0, 0, 3, 12, 40]), limit: r.pick([1, 5, 12]) };
  if (r.next() < 0.6) q.categoryIds = CATEGORIES.filter(() => r.next() < 0.4);
  if (r.next() < 0.3) q.brandIds = r.next() < 0.5 ? [r.int(1, 5)] : [r.int(1, 4), r.int(0, 4), 1_000_000]; // one, several, an unknown one
  if (r.next() < 0.3) { q.minPrice = r.int(0, 20) * 10_000; q.maxPrice = q.minPrice + r.int(0, 20) * 10_000; }
  if (r.next() < 0.3) q.inStock = true;
  if (r.next() < 0.2) q.hasOff = r.next() < 0.5;
  if (r.next() < 0.4) {
    const w = r.pick(WORDS);
    q.search = normalizeSearch(r.pick([w, w.slice(0, 2), `${w} ${r.pick(WORDS)}`, `${w}${r.pick(WORDS)}`, w.length > 3 ? w.slice(0, 2) + w.slice(3) : w]));
  }
  if (r.next() < 0.7) q.sort = r.pick(['newest', 'cheapest', 'dearest', 'bestselling', 'discount', 'popular', 'relevance'] as const);
  return q;
}

/**
 * Facets by hand: the listing without its brand filter counted per brand, without its category filter per category; the
 * dearest price with the category and the words alone.
 */
function referenceFacets(rows: Map<number, CatalogRow>, q: FacetQuery) {
  const base = q.search !== undefined ? referenceSearch([...rows.values()], q.search) : [...rows.values()];
  const cats = q.categoryIds ? new Set(q.categoryIds) : undefined;
  const rest = (r: CatalogRow) => (q.minPrice === undefined || r.offPrice >= q.minPrice) && (q.maxPrice === undefined || r.offPrice <= q.maxPrice)
    && (!q.inStock || r.stock > 0) && (q.hasOff === undefined || r.hasOff === q.hasOff);
  const inCategory = (r: CatalogRow) => !cats || cats.has(r.categoryId);
  const inBrand = (r: CatalogRow) => !q.brandIds?.length || q.brandIds.includes(r.brandId ?? 0);
  const tally = (list: CatalogRow[], key: (r: CatalogRow) => number) => {
    const m = new Map<number, number>();
    for (const r of list) if (key(r)) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };
  const kept = base.filter(rest);
  return {
    total: kept.filter((r) => inCategory(r) && inBrand(r)).length,
    brands: tally(kept.filter(inCategory), (r) => r.brandId ?? 0),
    categories: q.withCategories ? tally(kept.filter(inBrand), (r) => r.categoryId) : null,
    dearest: Math.max(0, ...base.filter(inCategory).map((r) => r.offPrice)),
  };
}

const sorted = <K, V>(m: Map<K, V> | null) => m && [...m].sort((a, b) => Number(a[0]) - Number(b[0]));
const facetsOf = (index: CatalogIndex, q: FacetQuery) => {
  const f = index.facets(q);
  return { total: f.total, brands: sorted(f.brands), categories: sorted(f.categories), dearest: f.dearest };
};
const referenceFacetsOf = (rows: Map<number, CatalogRow>, q: FacetQuery) => {
  const f = referenceFacets(rows, q);
  return { total: f.total, brands: sorted(f.brands), categories: sorted(f.categories), dearest: f.dearest };
};

/** An index loaded with `n` random products (ids 1..n), and the same rows by id for the reference. */
function randomCatalogue(r: Rng, n: number) {
  const index = new CatalogIndex();
  const rows = new Map<number, CatalogRow>();
  const first = Array.from({ length: n }, (_, i) => randomRow(r, i + 1));
  index.load(first);
  for (const row of first) rows.set(row.id, row);
  return { index, rows };
}

const answer = (index: CatalogIndex, q: CatalogQuery) => {
  const { total, slots } = index.query(q);
  return { total, ids: Array.from(slots, (s) => index.card(s).id) };
};

describe('CatalogIndex', () => {
  it('answers every filter, sort, page and search as the reference does, through inserts, changes and removals', () => {
    for (const seed of [1, 2, 3]) {
      const r = rng(seed);
      const { index, rows } = randomCatalogue(r, 150);
      let nextId = 151;
      for (let round = 0; round < 40; round++) {
        for (let k = 0; k < 10; k++) {
          const q = randomQuery(r);
          expect(answer(index, q), JSON.stringify(q)).toEqual(reference(rows, q));
        }
        // The same plain searches every round: remembered answers must follow the writes.
        for (const w of WORDS.slice(0, 6)) {
          const q = { search: normalizeSearch(w), offset: 0, limit: 12 };
          expect(answer(index, q), w).toEqual(reference(rows, q));
        }
        // A few writes: new products, changed ones (price, sales, category, text), removed ones.
        for (let k = 0; k < 6; k++) {
          const kind = r.next();
          const ids = [...rows.keys()];
          if (kind < 0.3) {
            const row = randomRow(r, nextId++);
            index.upsert(row);
            rows.set(row.id, row);
          } else if (kind < 0.8 && ids.length) {
            const id = r.pick(ids);
            const row = { ...randomRow(r, id), createdAt: rows.get(id)!.createdAt };
            index.upsert(row);
            rows.set(id, row);
          } else if (ids.length) {
            const id = r.pick(ids);
            index.remove(id);
            rows.delete(id);
          }
        }
        expect(index.size).toBe(rows.size);
        for (const b of [0, 1, 2, 3, 4]) expect(index.brandCount(b), `brand ${b}`).toBe([...rows.values()].filter((r) => (r.brandId ?? 0) === b).length);
      }
    }
  });

  it('orders hundreds of matches by any sort as the reference does, ties on every key (a search\'s price ceiling, a narrow price range)', () => {
    // Past 256 matches and a page of a quarter of them, the best of each order are kept in a bounded heap by the sort's
    // own value, the comparator deciding ties alone.
    const r = rng(7);
    const { index, rows } = randomCatalogue(r, 3000);
    const sorts = ['newest', 'cheapest', 'dearest', 'bestselling', 'discount', 'popular'] as const;
    for (const sort of sorts) {
      for (const q of [
        { search: normalizeSearch('کرم'), offset: 0, limit: 1, sort },
        { search: normalizeSearch('مو'), offset: 12, limit: 12, sort },
        { search: normalizeSearch('رژ لب'), offset: 0, limit: 24, sort, categoryIds: [1, 2, 3] },
        { minPrice: 100_000, maxPrice: 130_000, offset: 0, limit: 12, sort },
        { minPrice: 100_000, maxPrice: 130_000, offset: 24, limit: 12, sort, inStock: true },
      ] satisfies CatalogQuery[]) {
        const expected = reference(rows, q);
        expect(expected.total, JSON.stringify(q)).toBeGreaterThan(4 * (q.offset + q.limit));
        expect(answer(index, q), JSON.stringify(q)).toEqual(expected);
      }
    }
  });

  it('ranks thousands of matches of several words as the reference does: the phrase read only where it can reach the page', () => {
    // Past eight times the rows a page needs, a text is read for its phrase only when its best possible tier could
    // place it there (search-match.ts, phraseKeys): common phrases, rare ones, a word that begins the texts, deep
    // pages and a category filter (which ranks only the page's rows).
    const r = rng(11);
    const few = ['کرم', 'پودر', 'لب', 'مات', 'ضد', 'شوره'];
    const index = new CatalogIndex();
    const rows = new Map<number, CatalogRow>();
    const first = Array.from({ length: 6000 }, (_, i) => ({
      ...randomRow(r, i + 1), searchText: normalizeSearch(Array.from({ length: r.int(2, 6) }, () => r.pick(few)).join(' ')),
    }));
    index.load(first);
    for (const row of first) rows.set(row.id, row);
    for (const words of ['کرم پودر', 'پودر کرم', 'لب مات', 'ضد شوره کرم', 'مات ضد', 'کرم کرم', 'شوره لب']) {
      for (const [offset, limit, categoryIds] of [[0, 12, undefined], [12, 12, undefined], [48, 24, undefined], [0, 12, [1, 2]], [12, 12, [1, 2, 3]]] as const) {
        const q: CatalogQuery = { search: normalizeSearch(words), offset, limit, ...(categoryIds ? { categoryIds: [...categoryIds] } : {}) };
        const expected = reference(rows, q);
        expect(expected.total, JSON.stringify(q)).toBeGreaterThan(8 * Math.max(offset + limit, categoryIds ? 0 : 60));
        expect(answer(index, q), JSON.stringify(q)).toEqual(expected);
      }
    }
  });

  it('counts facets as the reference does: brands without the brand filter, categories without the category filter, the dearest price without either', () => {
    for (const seed of [21, 22]) {
      const r = rng(seed);
      const { index, rows } = randomCatalogue(r, 200);
      for (let round = 0; round < 30; round++) {
        for (let k = 0; k < 10; k++) {
          const { offset: _o, limit: _l, sort: _s, ...filters } = randomQuery(r);
          const q: FacetQuery = { ...filters, withCategories: r.next() < 0.5 };
          expect(facetsOf(index, q), JSON.stringify(q)).toEqual(referenceFacetsOf(rows, q));
          // The total is the listing's own count.
          expect(index.facets(q).total, JSON.stringify(q)).toBe(index.query({ ...filters, offset: 0, limit: 0 }).total);
        }
        const id = r.int(1, 260);
        if (r.next() < 0.3) { index.remove(id); rows.delete(id); } else { const row = randomRow(r, id); index.upsert(row); rows.set(id, row); }
      }
    }
  });

  it('lists a brand\'s count as if it alone were chosen, so a second brand can be picked', () => {
    const index = new CatalogIndex();
    const row = (id: number, brandId: number, categoryId: number, stock: number) => ({ ...randomRow(rng(id), id), brandId, categoryId, stock });
    index.load([row(1, 1, 1, 5), row(2, 1, 1, 0), row(3, 2, 1, 5), row(4, 3, 2, 5), row(5, 2, 2, 5)]);
    const f = index.facets({ categoryIds: [1], brandIds: [1], inStock: true, withCategories: true });
    expect(f.total).toBe(1); // product 1: brand 1, category 1, in stock
    expect([...f.brands].sort()).toEqual([[1, 1], [2, 1]]); // brand 3 is not in category 1; product 2 is out of stock
    expect([...f.categories!].sort()).toEqual([[1, 1]]); // brand 1 in stock: only category 1
    expect(index.facets({ search: '', withCategories: false }).total).toBe(0);
  });

  it('answers a card with the texts it was given, Persian and quotes included', () => {
    const index = new CatalogIndex();
    const row = { ...randomRow(rng(9), 7), title: 'رژ لب "مات" \\ ۱۲', tags: 'آرایش، لب' };
    index.upsert(row);
    const { slots } = index.query({ offset: 0, limit: 10 });
    expect(index.card(slots[0]!)).toMatchObject({ id: 7, title: row.title, tags: row.tags, imageUri: row.imageUri, price: row.price });
    index.upsert({ ...row, title: 'نام تازه' });
    expect(index.card(index.query({ offset: 0, limit: 1 }).slots[0]!).title).toBe('نام تازه');
  });

  it('keeps its memory bounded while one product is rewritten many times (texts are compacted)', () => {
    const r = rng(4);
    const index = new CatalogIndex();
    index.load(Array.from({ length: 500 }, (_, i) => randomRow(r, i + 1)));
    const before = index.bytes();
    const last = new Map<number, CatalogRow>();
    for (let i = 0; i < 20_000; i++) {
      const row = { ...randomRow(r, 1 + (i % 500)), title: `${'نام بلند '.repeat(1 + (i % 7))}${i}` };
      index.upsert(row);
      last.set(row.id, row);
    }
    expect(index.size).toBe(500);
    expect(index.bytes()).toBeLessThan(before * 3);
    // Every card and every search text survived the compactions.
    const { slots } = index.query({ offset: 0, limit: 500 });
    for (const slot of slots) expect(index.card(slot).title).toBe(last.get(index.card(slot).id)!.title);
    const q = { search: last.get(7)!.searchText, offset: 0, limit: 500 };
    expect(answer(index, q)).toEqual(reference(last, q));
  });

  it('reads back from a snapshot file an index that answers as the one saved, through later writes', () => {
    const r = rng(12);
    const { index, rows } = randomCatalogue(r, 400);
    for (let i = 0; i < 300; i++) { // changes, removals and re-insertions leave garbage and free slots behind
      const id = r.int(1, 450);
      if (r.next() < 0.3) { index.remove(id); rows.delete(id); } else { const row = randomRow(r, id); index.upsert(row); rows.set(id, row); }
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-snap-')), 'catalog.snapshot');
    const w = new SnapshotWriter();
    w.write(file, index.save(w));
    const reader = SnapshotReader.open(file)!;
    const restored = CatalogIndex.restore(reader.meta as ReturnType<CatalogIndex['save']>, reader);
    reader.close();
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(restored.size).toBe(rows.size);
    expect(restored.bytes()).toBeLessThan(index.bytes() * 1.5);
    for (let round = 0; round < 30; round++) {
      for (let k = 0; k < 8; k++) {
        const q = randomQuery(r);
        expect(answer(restored, q), JSON.stringify(q)).toEqual(reference(rows, q));
      }
      const id = r.int(1, 600); // the restored index keeps taking writes: new slots, moved texts, new words
      if (r.next() < 0.25) { restored.remove(id); rows.delete(id); } else { const row = randomRow(r, id); restored.upsert(row); rows.set(id, row); }
    }
    for (const b of [0, 1, 2, 3, 4]) expect(restored.brandCount(b)).toBe([...rows.values()].filter((x) => (x.brandId ?? 0) === b).length);
  });

  it('refuses a snapshot whose kept orders are not this build\'s (a sort that changed between versions)', () => {
    const r = rng(9);
    const index = new CatalogIndex();
    index.load(Array.from({ length: 200 }, (_, i) => randomRow(r, i + 1)));
    // As if an older build had ordered «popular» by another column: a value changes under the kept order.
    const columns = index as unknown as { ratingAverage: Float32Array; ratingCount: Int32Array };
    columns.ratingAverage.fill(0);
    columns.ratingCount.fill(0);
    columns.ratingAverage[1] = 5;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-snap-'));
    const w = new SnapshotWriter();
    w.write(path.join(dir, 'old'), index.save(w));
    const reader = SnapshotReader.open(path.join(dir, 'old'))!;
    expect(() => CatalogIndex.restore(reader.meta as ReturnType<CatalogIndex['save']>, reader)).toThrow(/popular order .* is not this build's/);
    reader.close();
    // Every first key equal: only the order's later keys (sales, then id) can tell, and they must be read.
    columns.ratingAverage.fill(0);
    const w2 = new SnapshotWriter();
    w2.write(path.join(dir, 'ties'), index.save(w2));
    const ties = SnapshotReader.open(path.join(dir, 'ties'))!;
    expect(() => CatalogIndex.restore(ties.meta as ReturnType<CatalogIndex['save']>, ties)).toThrow(/popular order .* is not this build's/);
    ties.close();
    fs.rmSync(dir, { recursive: true });
  });

  it('refuses a file that is not a whole snapshot', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-snap-'));
    const index = new CatalogIndex();
    index.load([randomRow(rng(5), 1), randomRow(rng(6), 2)]);
    const w = new SnapshotWriter();
    w.write(path.join(dir, 'whole'), index.save(w));
    const bytes = fs.readFileSync(path.join(dir, 'whole'));
    fs.writeFileSync(path.join(dir, 'cut'), bytes.subarray(0, bytes.length - 8));
    fs.writeFileSync(path.join(dir, 'other'), 'not a snapshot at all');
    expect(() => SnapshotReader.open(path.join(dir, 'cut'))).toThrow(/cut short/);
    expect(() => SnapshotReader.open(path.join(dir, 'other'))).toThrow(/not a catalogue snapshot/);
    expect(SnapshotReader.open(path.join(dir, 'missing'))).toBeUndefined();
    fs.rmSync(dir, { recursive: true });
  });

  it('answers nothing past the last page, and an unknown product is removed without effect', () => {
    const index = new CatalogIndex();
    index.load([randomRow(rng(5), 1), randomRow(rng(6), 2)]);
    expect(index.query({ offset: 2, limit: 12 })).toEqual({ total: 2, slots: new Int32Array(0) });
    index.remove(99);
    expect(index.size).toBe(2);
  });
});
