/**
 * The product search itself, in memory: every visible product's normalised search text, matched
 * word by word (as a substring, or — for typos — by trigram likeness to one of the text's words,
 * the measure of pg_trgm's `<%`). A trigram scan of 10,000 rows inside PGlite took 0.3–0.4 s a
 * query; this answers in a few milliseconds and hands SQL only the matching ids. See
 * docs/decisions/007-search-in-memory.md.
 */
export interface SearchRow {
  id: number;
  /** normalizeSearch() of title, alias, tags, brand and category (search_text). */
  text: string;
  soldCount: number;
}

/** How alike a query word must be to a word of the text to count as a typo of it (pg_trgm's default). */
const WORD_LIKENESS = 0.6;
const MAX_WORDS = 8;

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const chars = [' ', ' ', ...word, ' '];
  const out = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return out;
}

/** Share of the query word's trigrams found in the other word (pg_trgm word_similarity of one word). */
export function wordLikeness(queryWord: string, word: string): number {
  const q = trigrams(queryWord);
  const w = trigrams(word);
  let common = 0;
  for (const t of q) if (w.has(t)) common++;
  return common / q.size;
}

export class SearchIndex {
  /** Every distinct word of every text; row i's words are wordIds[wordStart[i] .. wordStart[i + 1]). */
  private readonly vocabulary: string[] = [];
  private readonly wordIds: Uint32Array;
  private readonly wordStart: Uint32Array;
  /** Trigram → the vocabulary words holding it (built on the first search). */
  private postings: Map<string, number[]> | undefined;

  constructor(private readonly rows: SearchRow[]) {
    const idOf = new Map<string, number>();
    const ids: number[] = [];
    this.wordStart = new Uint32Array(rows.length + 1);
    rows.forEach((r, i) => {
      this.wordStart[i] = ids.length;
      for (const w of new Set(r.text.split(' ').filter(Boolean))) {
        let id = idOf.get(w);
        if (id === undefined) {
          id = this.vocabulary.length;
          idOf.set(w, id);
          this.vocabulary.push(w);
        }
        ids.push(id);
      }
    });
    this.wordStart[rows.length] = ids.length;
    this.wordIds = Uint32Array.from(ids);
  }

  /** Likeness of every vocabulary word to `word` (0 below the threshold). */
  private nearWords(word: string): Float32Array {
    if (!this.postings) {
      this.postings = new Map();
      this.vocabulary.forEach((w, id) => {
        for (const t of trigrams(w)) {
          const list = this.postings!.get(t);
          if (list) list.push(id);
          else this.postings!.set(t, [id]);
        }
      });
    }
    const q = trigrams(word);
    const near = new Float32Array(this.vocabulary.length);
    for (const t of q) for (const id of this.postings.get(t) ?? []) near[id]! += 1;
    for (let id = 0; id < near.length; id++) near[id] = near[id]! / q.size >= WORD_LIKENESS ? near[id]! / q.size : 0;
    return near;
  }

  /**
   * Ids of the rows that hold every word of `query` (already normalised), best first: the text
   * starts with the query, then holds it as a phrase, then closeness of the words, best sellers,
   * newest id.
   */
  search(query: string): number[] {
    const words = [...new Set(query.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
    if (words.length === 0) return [];
    const near = words.map((w) => this.nearWords(w));
    const hits: { i: number; starts: boolean; phrase: number; score: number }[] = [];
    for (let i = 0; i < this.rows.length; i++) {
      const { text } = this.rows[i]!;
      let score = 0;
      let all = true;
      for (let k = 0; k < words.length; k++) {
        if (text.includes(words[k]!)) { score += 1; continue; }
        let best = 0;
        for (let j = this.wordStart[i]!; j < this.wordStart[i + 1]!; j++) best = Math.max(best, near[k]![this.wordIds[j]!]!);
        if (best === 0) { all = false; break; }
        score += best;
      }
      if (all) hits.push({ i, starts: text.startsWith(query), phrase: text.indexOf(query), score });
    }
    hits.sort((a, b) => Number(b.starts) - Number(a.starts)
      || Number(b.phrase >= 0) - Number(a.phrase >= 0)
      || b.score - a.score
      || this.rows[b.i]!.soldCount - this.rows[a.i]!.soldCount
      || this.rows[b.i]!.id - this.rows[a.i]!.id);
    return hits.map((h) => this.rows[h.i]!.id);
  }
}
