/**
 * The product search itself, in memory: an inverted index from every distinct word of the visible
 * products' normalised search texts to the products holding it, kept up to date product by product
 * (a product added, changed or removed touches only its own words). A query word matches a word of a
 * text as a substring, or — for typos — by trigram likeness (the measure of pg_trgm's `<%`). The
 * vocabulary is found through its trigrams, so a query costs the size of the posting lists it
 * touches, not the size of the catalogue. See docs/decisions/007-search-in-memory.md and 015.
 *
 * Rows are addressed by a slot (a small integer the caller owns, see catalog-index.ts); ranking needs
 * each slot's sold count and id, which the caller provides.
 */

import { ListArena, SlotArena, type ArenaState, type ListsState } from './slot-arena.js';
import type { SnapshotReader, SnapshotWriter } from './snapshot.js';

/** How alike a query word must be to a word of the text to count as a typo of it (pg_trgm's default). */
const WORD_LIKENESS = 0.6;
/**
 * What a vocabulary word scores for a query word: the word itself, a word it begins, a word it is inside of
 * («رژ» in «بورژوا»), a typo. Whole words rank above parts of longer words, and both above typos.
 */
const SCORE = { whole: 1, begins: 0.95, inside: 0.8, typo: 0.75 } as const;
/** Below this a query word only sits inside a longer word (or is a typo of one): a weaker hit. */
const WHOLE_OR_BEGINS = SCORE.begins;
/** Query words this long or longer may be a one-letter typo of a word (شامبو → شامپو, ریمیل → ریمل). */
const EDIT_MIN_LENGTH = 4;
/** A written-together query word is split into two words of at least this many letters (رژلب → رژ لب). */
const SPLIT_MIN = 2;

/** One insertion, deletion, substitution or swap of neighbours apart (optimal string alignment distance ≤ 1). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // one swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1); // one deletion or insertion
}
const MAX_WORDS = 8;
/** Query words whose vocabulary matches are remembered (they repeat across distinct queries). */
const WORD_CACHE = 4096;

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

/**
 * What a word of a text scores for a query word (0: no match): the rule the index applies through its lists,
 * written plainly (the index's tests compare the two).
 */
export function wordScore(queryWord: string, word: string): number {
  if (word === queryWord) return SCORE.whole;
  if (word.startsWith(queryWord)) return SCORE.begins;
  if (word.includes(queryWord)) return SCORE.inside;
  const q = trigrams(queryWord);
  const w = trigrams(word);
  let shared = 0;
  for (const t of q) if (w.has(t)) shared++;
  if (shared / q.size >= WORD_LIKENESS) return SCORE.typo * (shared / q.size);
  const typo = [...queryWord].length >= EDIT_MIN_LENGTH && shared >= 2 && shared >= q.size - 4 && oneEditApart(queryWord, word);
  return typo ? SCORE.typo * WORD_LIKENESS : 0;
}

/** A growable list of 32-bit integers (a search's candidates). */
class IntList {
  a: Int32Array;
  n = 0;
  constructor(capacity = 4) {
    this.a = new Int32Array(capacity);
  }

  push(v: number) {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
}

/** Vocabulary words that match a query word, with how well (1: holds it; else the trigram likeness). */
interface WordMatches {
  ids: Int32Array;
  score: Float32Array;
  /** Those that start with the query word (for "the text starts with the query"). */
  prefix: Set<number>;
  /** Postings touched: the cost of using this word first. */
  cost: number;
}

export interface SearchState {
  vocabulary: string[];
  trigramWords: [string, number][];
  bigramWords: [string, number][];
  size: number;
  postings: ListsState;
  wordLists: ListsState;
  texts: ArenaState;
}

/** What ranks equal matches: each slot's sales, then its product id (newer first). */
export interface SearchRanking {
  soldCount: Int32Array;
  id: Int32Array;
}

export class SearchIndex {
  private vocabulary: string[] = [];
  private wordId = new Map<string, number>();
  /** Word id → the slots whose text holds it (each slot once): list `id` of the arena. */
  private readonly postings = new ListArena();
  /** Trigram → the list (in `wordLists`) of the vocabulary words holding it. */
  private trigramWords = new Map<string, number>();
  /** Two letters → the list of the vocabulary words holding them (a two-letter query word has no inner trigram). */
  private bigramWords = new Map<string, number>();
  private readonly wordLists = new ListArena();
  /** Each slot's text as word ids, in order (a phrase is a run of them). */
  private readonly texts = new SlotArena<Int32Array>((n) => new Int32Array(n));
  /** Scratch flags over the vocabulary, set and cleared by each search. */
  private flags = new Uint8Array(0);
  private readonly matchCache = new Map<string, WordMatches>();
  private mark = new Int32Array(0);
  private best = new Float32Array(0);
  private cur = new Float32Array(0);
  private shared = new Int32Array(0);
  private stamp = 0;
  size = 0;

  /** Bytes held by the index's typed arrays (posting lists, the vocabulary's lists and texts), for the memory budget. */
  bytes(): number {
    return this.postings.bytes() + this.wordLists.bytes() + this.texts.bytes();
  }

  /** Fits the arrays to what they hold (after a first load). */
  trim() {
    this.texts.trim();
    this.postings.compact();
    this.wordLists.compact();
  }

  save(w: SnapshotWriter): SearchState {
    return {
      vocabulary: this.vocabulary, trigramWords: [...this.trigramWords], bigramWords: [...this.bigramWords], size: this.size,
      postings: this.postings.save(w), wordLists: this.wordLists.save(w), texts: this.texts.save(w),
    };
  }

  restore(m: SearchState, r: SnapshotReader) {
    this.vocabulary = m.vocabulary;
    this.wordId = new Map(m.vocabulary.map((w, i) => [w, i]));
    this.trigramWords = new Map(m.trigramWords);
    this.bigramWords = new Map(m.bigramWords);
    this.size = m.size;
    this.postings.restore(m.postings, r);
    this.wordLists.restore(m.wordLists, r);
    this.texts.restore(m.texts, r);
    this.matchCache.clear();
  }

  vocabularySize() {
    return this.vocabulary.length;
  }

  private idOf(word: string): number {
    let id = this.wordId.get(word);
    if (id === undefined) {
      id = this.vocabulary.length;
      this.wordId.set(word, id);
      this.vocabulary.push(word);
      this.postings.add();
      for (const t of trigrams(word)) this.wordLists.push(listOf(this.trigramWords, t, this.wordLists), id);
      const chars = [...word];
      for (const b of new Set(chars.slice(1).map((c, i) => chars[i]! + c))) this.wordLists.push(listOf(this.bigramWords, b, this.wordLists), id);
      this.matchCache.clear(); // a new word may match remembered query words
    }
    return id;
  }

  /** Sets (or replaces) the text of a slot; '' removes it. */
  set(slot: number, text: string) {
    const old = this.texts.get(slot);
    const words = text.split(' ').filter(Boolean);
    if (old && old.length === words.length && words.every((w, i) => this.vocabulary[old[i]!] === w)) return;
    if (old) {
      for (const id of new Set(old)) this.postings.removeValue(id, slot);
      this.texts.clear(slot);
      this.size--;
    }
    if (words.length === 0) return;
    const ids = Int32Array.from(words, (w) => this.idOf(w));
    for (const id of new Set(ids)) this.postings.push(id, slot);
    const at = this.texts.reserve(slot, ids.length); // may move the data: read `data` after it
    this.texts.data.set(ids, at);
    this.size++;
  }

  /** Vocabulary words a query word matches: as a substring, or near it by trigrams. */
  private matches(word: string): WordMatches {
    const cached = this.matchCache.get(word);
    if (cached) {
      this.matchCache.delete(word);
      this.matchCache.set(word, cached);
      return cached;
    }
    const q = trigrams(word);
    // Count the query's trigrams each vocabulary word shares (scratch counts, reset through `touched`).
    if (this.shared.length < this.vocabulary.length) this.shared = new Int32Array(Math.max(this.vocabulary.length, this.shared.length * 2));
    const shared = this.shared;
    const touched: number[] = [];
    const lists = this.wordLists;
    for (const t of q) {
      const list = this.trigramWords.get(t);
      if (list === undefined) continue;
      for (let i = lists.start[list]!, end = i + lists.len[list]!; i < end; i++) {
        const id = lists.data[i]!;
        if (shared[id] === 0) touched.push(id);
        shared[id]!++;
      }
    }
    const found = new Map<number, number>();
    const length = [...word].length;
    for (const id of touched) {
      const n = shared[id]!;
      shared[id] = 0;
      const likeness = n / q.size;
      if (likeness >= WORD_LIKENESS) found.set(id, SCORE.typo * likeness);
      // Short words lose most of their trigrams to one wrong letter: a word one edit away is a typo too. One edit
      // changes at most four of the query's trigrams, so only words sharing the rest are compared.
      else if (length >= EDIT_MIN_LENGTH && n >= 2 && n >= q.size - 4 && oneEditApart(word, this.vocabulary[id]!)) found.set(id, SCORE.typo * WORD_LIKENESS);
    }
    // Substrings: a word holding the query word holds all of its inner trigrams (two letters: the
    // bigram list; one letter is looked for in the whole vocabulary).
    const holds = (id: number) => {
      const w = this.vocabulary[id]!;
      found.set(id, w === word ? SCORE.whole : w.startsWith(word) ? SCORE.begins : SCORE.inside);
    };
    const inner = length >= 3 ? [...q].filter((t) => !t.startsWith(' ') && !t.endsWith(' ')) : [];
    if (length === 2) {
      const list = this.bigramWords.get(word);
      if (list !== undefined) for (let i = lists.start[list]!, end = i + lists.len[list]!; i < end; i++) holds(lists.data[i]!);
    } else if (inner.length) {
      let rarest = -1;
      for (const t of inner) {
        const list = this.trigramWords.get(t);
        if (list === undefined) { rarest = -1; break; }
        if (rarest < 0 || lists.len[list]! < lists.len[rarest]!) rarest = list;
      }
      if (rarest >= 0) {
        for (let i = lists.start[rarest]!, end = i + lists.len[rarest]!; i < end; i++) {
          if (this.vocabulary[lists.data[i]!]!.includes(word)) holds(lists.data[i]!);
        }
      }
    } else {
      this.vocabulary.forEach((w, id) => { if (w.includes(word)) holds(id); });
    }
    const ids = Int32Array.from(found.keys());
    const score = Float32Array.from(found.values());
    const prefix = new Set<number>();
    let cost = 0;
    for (const id of ids) {
      if (this.vocabulary[id]!.startsWith(word)) prefix.add(id);
      cost += this.postings.len[id]!;
    }
    const out = { ids, score, prefix, cost };
    if (this.matchCache.size >= WORD_CACHE) this.matchCache.delete(this.matchCache.keys().next().value!);
    this.matchCache.set(word, out);
    return out;
  }

  /**
   * A query word written without its space (رژلب, کرمپودر, ادوپرفیوم) as the two words the texts hold; the word itself
   * when some text word holds it. When it is a near word of something (a typo), only a split into two words of three
   * letters or more wins over that.
   */
  private apart(word: string): string[] {
    const letters = [...word];
    if (letters.length < 2 * SPLIT_MIN || this.wordId.has(word)) return [word];
    const m = this.matches(word);
    let typo = false;
    for (let i = 0; i < m.ids.length; i++) {
      if (m.score[i]! >= SCORE.inside) return [word];
      typo = true;
    }
    const least = typo ? 3 : SPLIT_MIN;
    let best: string[] | null = null;
    let bestPostings = 0;
    for (let cut = least; cut <= letters.length - least; cut++) {
      const a = this.wordId.get(letters.slice(0, cut).join(''));
      const b = this.wordId.get(letters.slice(cut).join(''));
      if (a === undefined || b === undefined) continue;
      // Of several splits, the one whose rarer half is the commonest: the likeliest pair of real words.
      const postings = Math.min(this.postings.len[a]!, this.postings.len[b]!);
      if (postings > bestPostings) {
        bestPostings = postings;
        best = [this.vocabulary[a]!, this.vocabulary[b]!];
      }
    }
    return best ?? [word];
  }

  /** Makes the scratch arrays fit every slot, with room for a search's stamps before they wrap. */
  private beginSearch() {
    if (this.mark.length < this.texts.len.length) {
      const size = Math.max(this.texts.len.length, this.mark.length * 2);
      this.mark = new Int32Array(size);
      this.best = new Float32Array(size);
      this.cur = new Float32Array(size);
    }
    if (this.stamp > 0x7fff0000) {
      this.mark.fill(0);
      this.stamp = 0;
    }
  }

  /** The slots that hold every word of `query` (already normalised), unranked: what a listing's facets count. */
  matching(query: string, keep?: (slot: number) => boolean): Int32Array {
    const found = this.candidatesOf(query, keep);
    return found ? found.candidates.a.subarray(0, found.candidates.n) : new Int32Array(0);
  }

  /** The rows holding every word (each with its best likeness in `best`), and the query's words in order. */
  private candidatesOf(query: string, keep: ((slot: number) => boolean) | undefined): { candidates: IntList; sequence: string[] } | null {
    const sequence = query.split(' ').filter(Boolean).slice(0, MAX_WORDS * 2).flatMap((w) => this.apart(w)).slice(0, MAX_WORDS * 2);
    const words = [...new Set(sequence)].slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    const byWord = words.map((w) => this.matches(w));
    if (byWord.some((m) => m.ids.length === 0)) return null;
    const order = byWord.map((_, k) => k).sort((a, b) => byWord[a]!.cost - byWord[b]!.cost);

    // The rarest word gathers the candidates, with its best likeness per row in `best`; every other
    // word keeps those that hold it: through its posting lists when they are shorter than the
    // candidates' texts, else by reading those texts.
    this.beginSearch();
    const first = byWord[order[0]!]!;
    let candidates = gather(this.postings, first.ids, first.score, this.mark, ++this.stamp, this.best, keep);
    for (const k of order.slice(1)) {
      const m = byWord[k]!;
      if (m.cost < candidates.n * 8) {
        const inCandidates = ++this.stamp;
        candidates = narrowByPostings(candidates, this.postings, m.ids, m.score, this.mark, inCandidates, ++this.stamp, this.best, this.cur);
      } else {
        const dense = new Float32Array(this.vocabulary.length);
        m.ids.forEach((id, i) => { dense[id] = m.score[i]!; });
        candidates = narrowByTexts(candidates, this.texts, dense, this.best);
      }
    }
    return { candidates, sequence };
  }

  /**
   * The rows that hold every word of `query` (already normalised): how many, and the first `limit`
   * slots, best first: the text starts with the query, then holds it as a phrase, then closeness of
   * the words, best sellers, newest id. `keep` narrows the rows first (the listing's other filters).
   */
  search(query: string, rank: SearchRanking, limit: number, keep?: (slot: number) => boolean): { total: number; slots: Int32Array } {
    const found = this.candidatesOf(query, keep);
    if (!found) return { total: 0, slots: new Int32Array(0) };
    const { candidates, sequence } = found;

    // Phrases are checked on word ids: the first query word must end a word of the text (or be the
    // text's first word, for "starts with"), the middle ones be whole words, the last begin one.
    const n = sequence.length;
    const firstOf = this.matches(sequence[0]!);
    const last = this.matches(sequence[n - 1]!);
    if (this.flags.length < this.vocabulary.length) this.flags = new Uint8Array(this.vocabulary.length * 2);
    const flags = this.flags; // bit 1: begins with the last query word; bit 2: ends with the first
    for (const w of last.prefix) flags[w]! |= BEGINS_LAST;
    if (n > 1) firstOf.ids.forEach((w) => { if (this.vocabulary[w]!.endsWith(sequence[0]!)) flags[w]! |= ENDS_FIRST; });
    const keys = n === 1
      ? oneWordKeys(candidates, this.texts, flags, this.best, rank.soldCount)
      : phraseKeys(candidates, this.texts, flags, Int32Array.from(sequence, (w) => this.wordId.get(w) ?? -1), this.best, rank.soldCount);
    for (const w of last.prefix) flags[w] = 0;
    for (const w of firstOf.ids) flags[w] = 0;
    const slots = candidates.a;
    const top = topK(keys, candidates.n, Math.min(limit, candidates.n), (a, b) => rank.id[slots[a]!]! - rank.id[slots[b]!]!);
    return { total: candidates.n, slots: Int32Array.from(top, (i) => slots[i]!) };
  }
}

const BEGINS_LAST = 1;
const ENDS_FIRST = 2;

/* The search's inner loops, each small and monomorphic so V8 keeps them optimised. */

/** The list `id` of an arena's map from keys to lists, made when missing. */
function listOf(lists: Map<string, number>, key: string, arena: ListArena): number {
  let list = lists.get(key);
  if (list === undefined) lists.set(key, (list = arena.add()));
  return list;
}

/** The slots of the words' posting lists (marked with `stamp`), each once, with its best score; `keep` filters. */
function gather(postings: ListArena, words: Int32Array, scores: Float32Array, mark: Int32Array, stamp: number, best: Float32Array,
  keep: ((slot: number) => boolean) | undefined): IntList {
  const out = new IntList(256);
  const { data, start, len } = postings;
  for (let w = 0; w < words.length; w++) {
    const s = scores[w]!;
    const from = start[words[w]!]!;
    const to = from + len[words[w]!]!;
    for (let j = from; j < to; j++) {
      const slot = data[j]!;
      if (mark[slot] === stamp) {
        if (s > best[slot]!) best[slot] = s;
        continue;
      }
      mark[slot] = stamp;
      best[slot] = s;
      if (keep === undefined || keep(slot)) out.push(slot);
    }
  }
  return out;
}

/** The candidates found in the words' posting lists too, their best score there added. */
function narrowByPostings(candidates: IntList, postings: ListArena, words: Int32Array, scores: Float32Array, mark: Int32Array,
  inCandidates: number, found: number, best: Float32Array, cur: Float32Array): IntList {
  for (let c = 0; c < candidates.n; c++) mark[candidates.a[c]!] = inCandidates;
  const { data, start, len } = postings;
  for (let w = 0; w < words.length; w++) {
    const s = scores[w]!;
    const from = start[words[w]!]!;
    const to = from + len[words[w]!]!;
    for (let j = from; j < to; j++) {
      const slot = data[j]!;
      const m = mark[slot]!;
      if (m === inCandidates) {
        mark[slot] = found;
        cur[slot] = s;
      } else if (m === found && s > cur[slot]!) cur[slot] = s;
    }
  }
  const out = new IntList(Math.max(16, candidates.n));
  for (let c = 0; c < candidates.n; c++) {
    const slot = candidates.a[c]!;
    if (mark[slot] === found) {
      best[slot]! += cur[slot]!;
      out.push(slot);
    }
  }
  return out;
}

/** The candidates whose text holds a word scored in `dense`, its best score added. */
function narrowByTexts(candidates: IntList, texts: SlotArena<Int32Array>, dense: Float32Array, best: Float32Array): IntList {
  const out = new IntList(Math.max(16, candidates.n));
  const { data, start, len } = texts;
  for (let c = 0; c < candidates.n; c++) {
    const slot = candidates.a[c]!;
    const from = start[slot]!;
    const to = from + len[slot]!;
    let b = 0;
    for (let j = from; j < to && b < 1; j++) if (dense[data[j]!]! > b) b = dense[data[j]!]!;
    if (b === 0) continue;
    best[slot]! += b;
    out.push(slot);
  }
  return out;
}

/** A hit's sort key: tier (starts 2, phrase 1), then the words' likeness, then sales. */
const keyOf = (tier: number, score: number, sold: number) => tier * 1e14 + Math.round(score * 1e4) * 1e9 + Math.min(sold, 1e9 - 1);

function oneWordKeys(hits: IntList, texts: SlotArena<Int32Array>, flags: Uint8Array, best: Float32Array, sold: Int32Array): Float64Array {
  const keys = new Float64Array(hits.n);
  const { data, start } = texts;
  for (let c = 0; c < hits.n; c++) {
    const slot = hits.a[c]!;
    const score = best[slot]!;
    keys[c] = keyOf(flags[data[start[slot]!]!]! & BEGINS_LAST ? 2 : score >= WHOLE_OR_BEGINS ? 1 : 0, score, sold[slot]!);
  }
  return keys;
}

function phraseKeys(hits: IntList, texts: SlotArena<Int32Array>, flags: Uint8Array, exact: Int32Array, best: Float32Array,
  sold: Int32Array): Float64Array {
  const n = exact.length;
  const keys = new Float64Array(hits.n);
  const { data, start, len } = texts;
  for (let c = 0; c < hits.n; c++) {
    const slot = hits.a[c]!;
    const from = start[slot]!;
    const to = from + len[slot]!;
    let tier = 0;
    runs: for (let p = from; p + n <= to; p++) {
      const opens = flags[data[p]!]! & ENDS_FIRST;
      if (!opens && !(p === from && data[from] === exact[0])) continue;
      for (let i = 1; i < n - 1; i++) if (data[p + i] !== exact[i]) continue runs;
      if (!(flags[data[p + n - 1]!]! & BEGINS_LAST)) continue;
      if (p === from && data[from] === exact[0]) { tier = 2; break; }
      tier = 1;
    }
    keys[c] = keyOf(tier, best[slot]!, sold[slot]!);
  }
  return keys;
}

/**
 * The indices of the `k` greatest `keys` (ties: `tie` positive when a ranks above b), best first: a
 * bounded heap, so a page of a common word costs one comparison per hit with the heap's worst, not a
 * full sort.
 */
export function topK(keys: Float64Array, n: number, k: number, tie: (a: number, b: number) => number): number[] {
  const better = (a: number, b: number) => keys[a]! - keys[b]! || tie(a, b);
  if (k <= 0) return [];
  if (n <= 256 || k * 4 >= n) return Array.from({ length: n }, (_, i) => i).sort((a, b) => better(b, a)).slice(0, k);
  const heap: number[] = []; // a min-heap: heap[0] is the worst of the best k so far
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && better(heap[m]!, heap[l]!) > 0) m = l;
      if (r < heap.length && better(heap[m]!, heap[r]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0;) {
        const p = (c - 1) >> 1;
        if (better(heap[p]!, heap[c]!) <= 0) break;
        [heap[p], heap[c]] = [heap[c]!, heap[p]!];
        c = p;
      }
    } else if (keys[i]! > keys[heap[0]!]! || (keys[i] === keys[heap[0]!] && better(i, heap[0]!) > 0)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => better(b, a));
}
