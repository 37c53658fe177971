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

function likeness(q: Set<string>, w: Set<string>): number {
  let common = 0;
  for (const t of q) if (w.has(t)) common++;
  return common / q.size;
}

/** Share of the query word's trigrams found in the other word (pg_trgm word_similarity of one word). */
export const wordLikeness = (queryWord: string, word: string) => likeness(trigrams(queryWord), trigrams(word));

export class SearchIndex {
  /** Every distinct word of every text, and per row the ids of its words. */
  private readonly vocabulary: string[] = [];
  private vocabularyTrigrams: Set<string>[] | undefined;
  private readonly rowWords: Uint32Array[];

  constructor(private readonly rows: SearchRow[]) {
    const idOf = new Map<string, number>();
    this.rowWords = rows.map((r) => Uint32Array.from(new Set(r.text.split(' ').filter(Boolean)), (w) => {
      let id = idOf.get(w);
      if (id === undefined) {
        id = this.vocabulary.length;
        idOf.set(w, id);
        this.vocabulary.push(w);
      }
      return id;
    }));
  }

  get size() {
    return this.rows.length;
  }

  /**
   * Ids of the rows that hold every word of `query` (already normalised), best first: the text
   * starts with the query, then holds it as a phrase, then closeness of the words, best sellers,
   * newest id.
   */
  search(query: string): number[] {
    const words = [...new Set(query.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
    if (words.length === 0) return [];
    // Per query word: the vocabulary words it is a typo of, with their likeness.
    this.vocabularyTrigrams ??= this.vocabulary.map(trigrams);
    const near = words.map((qw) => {
      const q = trigrams(qw);
      const m = new Map<number, number>();
      this.vocabularyTrigrams!.forEach((w, id) => {
        const s = likeness(q, w);
        if (s >= WORD_LIKENESS) m.set(id, s);
      });
      return m;
    });
    const hits: { i: number; starts: boolean; phrase: number; score: number }[] = [];
    for (let i = 0; i < this.rows.length; i++) {
      const { text } = this.rows[i]!;
      let score = 0;
      let all = true;
      for (let k = 0; k < words.length; k++) {
        if (text.includes(words[k]!)) { score += 1; continue; }
        let best = 0;
        for (const id of this.rowWords[i]!) best = Math.max(best, near[k]!.get(id) ?? 0);
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
