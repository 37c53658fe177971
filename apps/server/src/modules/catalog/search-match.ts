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

import { LRUCache } from 'lru-cache';
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

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, neighbour swaps), counted in letters;
 * `max + 1` as soon as it must exceed `max` (so a far word costs a few steps, not the whole table).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before = new Array<number>(y.length + 1).fill(0);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let least = i;
    for (let j = 1; j <= y.length; j++) {
      const same = x[i - 1] === y[j - 1];
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (same ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      cur.push(d);
      if (d < least) least = d;
    }
    if (least > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[y.length]!, max + 1);
}
const MAX_WORDS = 8;
/** Suggestions whose rarest word has more postings than this read the best sellers in order instead. */
const SCAN_ABOVE = 2048;
/** Up to this many texts beginning with the first word are gathered (and scored) before the reading in order. */
const GATHER_FIRSTS = 8_192;
/** A text's words to read, about (24 at the bench's 100,000 products): against a word's postings to mark instead. */
const TEXT_WORDS = 16;
/** Query words whose vocabulary matches are remembered (they repeat across distinct queries)... */
const WORD_CACHE = 4096;
/** ...and the vocabulary ids they may hold in all (a two-letter word matches thousands): ≈ 4 MB of ids and scores. */
const WORD_CACHE_IDS = 512 * 1024;

/** Query words' matches (`lru-cache`): the least recently used out first past `WORD_CACHE` words or `WORD_CACHE_IDS` ids. */
const wordCache = <V extends { ids: Int32Array }>() =>
  new LRUCache<string, V>({ max: WORD_CACHE, maxSize: WORD_CACHE_IDS, sizeCalculation: (v) => Math.max(1, v.ids.length) });

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

/** Vocabulary words that begin with a query word (score 1: it is the word; 0.95: it begins with it). */
interface Beginnings {
  ids: Int32Array;
  score: Float32Array;
  /** Postings touched: the cost of using this word first. */
  cost: number;
}

/** Vocabulary words that match a query word, with how well (1: holds it; else the trigram likeness). */
interface WordMatches {
  ids: Int32Array;
  score: Float32Array;
  /** Those that start with the query word (for "the text starts with the query"). */
  prefix: Int32Array;
  /** Those that end with it (a phrase's first word). */
  suffix: Int32Array;
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
  /** The texts by first word (`firsts`) and the word pairs (`pairs`): made from the texts, saved to spare a start ≈ 0.3 s. */
  firsts: ListsState;
  pairs: PairsState;
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
  /** Word id → the slots whose text begins with it (list `id`): suggestions' first tier. Rebuilt from `texts` on restore. */
  private firsts = new ListArena();
  /** Trigram → the list (in `wordLists`) of the vocabulary words holding it. */
  private trigramWords = new Map<string, number>();
  /** Two letters → the list of the vocabulary words holding them (a two-letter query word has no inner trigram). */
  private bigramWords = new Map<string, number>();
  private readonly wordLists = new ListArena();
  /** Each slot's text as word ids, in order (a phrase is a run of them). */
  private readonly texts = new SlotArena<Int32Array>((n) => new Int32Array(n));
  /**
   * Each slot's first word id (-1: no text), beside `texts`: ranking reads it for every match ("starts with the query"),
   * and through the arena that was two dependent reads, the second into megabytes of texts, for each.
   */
  private firstWord = new Int32Array(0);
  /** Scratch flags over the vocabulary, set and cleared by each search. */
  private flags = new Uint8Array(0);
  /** Scratch bits over the vocabulary for suggestInOrder, set and cleared by each call. */
  private wordBits = new Uint16Array(0);
  private readonly matchCache = wordCache<WordMatches>();
  /** The vocabulary's ids in code-unit order of their words (words beginning alike sit together), made when needed. */
  private sorted: Int32Array | null = null;
  /** `prefixed` answers, until a text changes (a word may gain or lose its last posting). */
  private readonly prefixCache = wordCache<Beginnings>();
  /** Which two words stand side by side in some text: a phrase whose words never do is not looked for in the texts. */
  private pairs = new WordPairs();
  private mark = new Int32Array(0);
  private best = new Float32Array(0);
  private cur = new Float32Array(0);
  /** A bit per slot: the candidates being narrowed (`narrowByPostings`), zero between searches. */
  private inCandidates = new Uint32Array(0);
  /** A word's score by word id while texts are read (`narrowByTextsOf`); zero between searches. */
  private dense = new Float32Array(0);
  private keys = new Float64Array(0);
  private shared = new Int32Array(0);
  private stamp = 0;
  /**
   * Slot bitsets of the words in `bitsFrom` texts or more, made when a narrowing first asks for one (`slotsOf`), kept
   * up to date by `set`, the oldest dropped past `bitsBudget` bytes: a common word narrows a few candidates by testing
   * their bits instead of reading its thousands of postings.
   */
  private readonly wordSlots = new Map<number, Uint32Array>();
  private wordSlotBytes = 0;
  private readonly bitsFrom: number;
  private readonly bitsBudget: number;
  /**
   * The last unfiltered search's rows (with each row's likeness) until a text changes: a search page asks for its
   * page of results and then for its facets, with the same words (the second gathering was 3% of the page's cost).
   */
  private last: { query: string; found: { slots: Int32Array; best: Float32Array; sequence: string[] } | null } | null = null;
  size = 0;

  constructor(options: { bitsFrom?: number; bitsBudget?: number } = {}) {
    this.bitsFrom = options.bitsFrom ?? BITS_FROM;
    this.bitsBudget = options.bitsBudget ?? BITS_BUDGET;
  }

  /** Bytes held by the index's typed arrays (posting lists, the vocabulary's lists and texts), for the memory budget. */
  bytes(): number {
    return this.postings.bytes() + this.wordLists.bytes() + this.texts.bytes() + this.firsts.bytes() + this.firstWord.byteLength
      + this.pairs.bytes() + this.wordSlotBytes;
  }

  /** Fits the arrays to what they hold (after a first load). */
  trim() {
    this.texts.trim();
    this.postings.compact();
    this.wordLists.compact();
    this.firsts.compact();
  }

  save(w: SnapshotWriter): SearchState {
    return {
      vocabulary: this.vocabulary, trigramWords: [...this.trigramWords], bigramWords: [...this.bigramWords], size: this.size,
      postings: this.postings.save(w), wordLists: this.wordLists.save(w), texts: this.texts.save(w),
      firsts: this.firsts.save(w), pairs: this.pairs.save(w),
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
    this.firsts = new ListArena();
    this.firsts.restore(m.firsts, r);
    this.pairs = WordPairs.restore(m.pairs, r);
    const { data, start, len } = this.texts;
    this.firstWord = new Int32Array(len.length).fill(-1);
    for (let slot = 0; slot < len.length; slot++) if (len[slot]! > 0) this.firstWord[slot] = data[start[slot]!]!;
    this.matchCache.clear();
    this.sorted = null;
    this.prefixCache.clear();
    this.last = null;
    this.wordSlots.clear();
    this.wordSlotBytes = 0;
  }

  vocabularySize() {
    return this.vocabulary.length;
  }

  /** Every word some visible text holds, with how many texts hold it (the vocabulary of "did you mean"). */
  *words(): Generator<[string, number]> {
    for (let id = 0; id < this.vocabulary.length; id++) {
      const n = this.postings.len[id]!;
      if (n > 0) yield [this.vocabulary[id]!, n];
    }
  }

  private idOf(word: string): number {
    let id = this.wordId.get(word);
    if (id === undefined) {
      id = this.vocabulary.length;
      this.wordId.set(word, id);
      this.vocabulary.push(word);
      this.postings.add();
      this.firsts.add();
      for (const t of trigrams(word)) this.wordLists.push(listOf(this.trigramWords, t, this.wordLists), id);
      const chars = [...word];
      for (const b of new Set(chars.slice(1).map((c, i) => chars[i]! + c))) this.wordLists.push(listOf(this.bigramWords, b, this.wordLists), id);
      this.matchCache.clear(); // a new word may match remembered query words
      this.sorted = null;
    }
    return id;
  }

  /** Sets (or replaces) the text of a slot; '' removes it. */
  set(slot: number, text: string) {
    const old = this.texts.get(slot);
    const words = text.split(' ').filter(Boolean);
    if (old && old.length === words.length && words.every((w, i) => this.vocabulary[old[i]!] === w)) return;
    this.prefixCache.clear();
    this.last = null;
    if (old) {
      for (const id of new Set(old)) {
        this.postings.removeValue(id, slot);
        const bits = this.wordSlots.get(id); // its bit was set with its posting (below)
        if (bits) bits[slot >>> 5]! &= ~(1 << (slot & 31));
      }
      this.firsts.removeValue(old[0]!, slot);
      this.texts.clear(slot);
      this.firstWord[slot] = -1;
      this.size--;
    }
    if (words.length === 0) return;
    const ids = Int32Array.from(words, (w) => this.idOf(w));
    for (const id of new Set(ids)) {
      this.postings.push(id, slot);
      const bits = this.wordSlots.get(id);
      if (!bits) continue;
      if (slot >>> 5 < bits.length) bits[slot >>> 5]! |= 1 << (slot & 31);
      else this.dropSlots(id); // a slot past the bitset's end: made again, longer, when next asked for
    }
    this.firsts.push(ids[0]!, slot);
    const at = this.texts.reserve(slot, ids.length); // may move the data: read `data` after it
    this.texts.data.set(ids, at);
    if (this.pairs.addText(ids)) this.pairs = WordPairs.of(this.texts); // grown: made again, of the texts as they are
    // One entry per slot of the arena (which has just made room for this one).
    if (this.firstWord.length < this.texts.len.length) {
      const grown = new Int32Array(this.texts.len.length).fill(-1);
      grown.set(this.firstWord);
      this.firstWord = grown;
    }
    this.firstWord[slot] = ids[0]!;
    this.size++;
  }

  /** Vocabulary words a query word matches: as a substring, or near it by trigrams. */
  private matches(word: string): WordMatches {
    const cached = this.matchCache.get(word);
    if (cached) return cached;
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
    const prefix: number[] = [];
    const suffix: number[] = [];
    let cost = 0;
    for (const id of ids) {
      if (this.vocabulary[id]!.startsWith(word)) prefix.push(id);
      if (this.vocabulary[id]!.endsWith(word)) suffix.push(id);
      cost += this.postings.len[id]!;
    }
    const out = { ids, score, prefix: Int32Array.from(prefix), suffix: Int32Array.from(suffix), cost };
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

  /**
   * Vocabulary words that are `word` (score 1) or begin with it (0.95), found by binary search in the sorted
   * vocabulary: no trigram lists, no typos — what a shopper's half-typed word means.
   */
  private prefixed(word: string): Beginnings {
    const cached = this.prefixCache.get(word);
    if (cached) return cached;
    if (!this.sorted) {
      const v = this.vocabulary;
      this.sorted = Int32Array.from(v.keys()).sort((a, b) => (v[a]! < v[b]! ? -1 : v[a]! > v[b]! ? 1 : 0));
    }
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.vocabulary[sorted[mid]!]! < word) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    const score: number[] = [];
    let cost = 0;
    for (let i = lo; i < sorted.length; i++) {
      const id = sorted[i]!;
      const w = this.vocabulary[id]!;
      if (!w.startsWith(word)) break;
      if (this.postings.len[id] === 0) continue; // a word no visible product holds any more
      ids.push(id);
      score.push(w === word ? SCORE.whole : SCORE.begins);
      cost += this.postings.len[id]!;
    }
    const out = { ids: Int32Array.from(ids), score: Float32Array.from(score), cost };
    this.prefixCache.set(word, out);
    return out;
  }

  /**
   * What a half-typed query word means: the words it begins; failing those, two words written together (رژلب → the
   * words beginning with رژ and with لب), else the full search's matches of the word — typos (شامبو → شامپو) and
   * words holding it (امپو → شامپو). A single letter that begins no word finds nothing.
   */
  private loosely(word: string): Beginnings[] {
    const begun = this.prefixed(word);
    if (begun.ids.length || [...word].length < 2) return [begun];
    const parts = this.apart(word);
    return parts.length > 1 ? parts.map((p) => this.prefixed(p)) : [this.matches(word)];
  }

  /**
   * Suggestions while typing: the first `limit` slots whose text holds a word beginning with each query word, texts
   * beginning with the first query word first, then the closeness of the words, best sellers, newest. A query word
   * no word begins with is read as the full search reads it (`loosely`): a typo, a word inside a longer one, two
   * words written together. Costs the postings of the words found, read in sales order when they are many — never
   * the ranking of every text that matches.
   */
  suggest(query: string, rank: SearchRanking, limit: number, bySales?: { a: Int32Array; n: number }): Int32Array {
    const words = [...new Set(query.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
    if (words.length === 0 || limit <= 0) return new Int32Array(0);
    const byWord = words.flatMap((w) => this.loosely(w)).slice(0, MAX_WORDS);
    if (byWord.some((m) => m.ids.length === 0)) return new Int32Array(0);
    const order = byWord.map((_, k) => k).sort((a, b) => byWord[a]!.cost - byWord[b]!.cost);
    // Every word common (a beginning of two letters, say): the best sellers are read in order until no later one
    // can rank into the first `limit` — a few hundred texts instead of tens of thousands of postings.
    // Words common one by one may be rare together: past a budget of what gathering would cost, gather after all.
    if (bySales && byWord[order[0]!]!.cost > SCAN_ABOVE) {
      const found = this.suggestInOrder(byWord, rank, limit, bySales, byWord[order[0]!]!.cost * 3);
      if (found) return found;
    }
    const candidates = this.holdingEvery(byWord, order, undefined);
    if (this.flags.length < this.vocabulary.length) this.flags = new Uint8Array(this.vocabulary.length * 2);
    const opening = byWord[0]!.ids;
    for (const w of opening) this.flags[w]! |= BEGINS_LAST;
    const keys = oneWordKeys(candidates, this.firstWord, this.flags, this.best, rank.soldCount, this.keysFor(candidates.n));
    for (const w of opening) this.flags[w] = 0;
    const slots = candidates.a;
    const top = topK(keys, candidates.n, Math.min(limit, candidates.n), (a, b) => rank.id[slots[a]!]! - rank.id[slots[b]!]!);
    return Int32Array.from(top, (i) => slots[i]!);
  }

  /**
   * `suggest` for common words: the texts beginning with the first word when they are few (through `firsts`), then
   * the slots in the order of `bySales` (sales, then newest: the ranking's own tie-break), keeping the best `limit`.
   * It stops when no slot not yet read can rank among them: none left beginning with the first word, none left holding
   * a query word whole, and below the best sellers already found — the same answer as gathering the postings — or
   * gives up (null) once it has read `budget` words of texts.
   */
  private suggestInOrder(byWord: Beginnings[], rank: SearchRanking, limit: number, bySales: { a: Int32Array; n: number },
    budget: number): Int32Array | null {
    if (this.wordBits.length < this.vocabulary.length) this.wordBits = new Uint16Array(this.vocabulary.length * 2);
    const bits = this.wordBits; // bit k: begins with query word k; bit 8 + k: is query word k
    /** Per query word: slots holding it whole not read yet (0: none, or no such word). */
    const wholeLeft = byWord.map((m, k) => {
      let left = 0;
      m.ids.forEach((id, i) => {
        bits[id]! |= 1 << k;
        if (m.score[i] === SCORE.whole) {
          bits[id]! |= 1 << (8 + k);
          left = this.postings.len[id]!;
        }
      });
      return left;
    });
    const bestScore = () => wholeLeft.reduce((sum, left) => sum + (left > 0 ? SCORE.whole : SCORE.begins), 0);
    let most = bestScore();
    const all = (1 << byWord.length) - 1;
    const { data, start, len } = this.texts;
    const { soldCount: sold, id } = rank;
    const keys: number[] = [];
    const slots: number[] = [];
    /** The score of a slot holding every query word (-1: it does not), from the words of its text. */
    const scoreOf = (slot: number): number => {
      let held = 0;
      for (let j = start[slot]!, to = j + len[slot]!; j < to; j++) held |= bits[data[j]!]!;
      if ((held & all) !== all) return -1;
      let score = 0;
      for (let k = 0; k < byWord.length; k++) score += held & (1 << (8 + k)) ? SCORE.whole : SCORE.begins;
      return score;
    };
    const offer = (slot: number, key: number) => {
      let at = keys.length;
      while (at > 0 && (keys[at - 1]! < key || (keys[at - 1] === key && id[slots[at - 1]!]! < id[slot]!))) at--;
      if (at >= limit) return;
      keys.splice(at, 0, key);
      slots.splice(at, 0, slot);
      if (keys.length > limit) { keys.pop(); slots.pop(); }
    };
    // Texts beginning with the first word: gathered when few, else met in the reading below.
    let firstLeft = 0;
    for (const w of byWord[0]!.ids) firstLeft += this.firsts.len[w]!;
    const firstsGathered = firstLeft <= GATHER_FIRSTS;
    if (firstsGathered) {
      // A text holding every word holds the rarest of the others: when its postings are fewer than the texts' words
      // to read, its holders are marked and only they are read (most texts beginning with «کرم» hold no «پودر»).
      const holders = this.holdersOfRarest(byWord, firstLeft * TEXT_WORDS);
      // One word: every text here holds it, and holds it whole where it is among the whole word's postings.
      const wholeHolders = byWord.length === 1 ? this.holdersOfWhole(byWord[0]!, firstLeft * TEXT_WORDS) : undefined;
      firstLeft = 0;
      const { data: fd, start: fs, len: fl } = this.firsts;
      const mark = this.mark;
      for (const w of byWord[0]!.ids) {
        for (let j = fs[w]!, to = j + fl[w]!; j < to; j++) {
          const slot = fd[j]!;
          if (holders !== 0 && mark[slot] !== holders) continue;
          const score = wholeHolders === undefined ? scoreOf(slot) : wholeHolders !== 0 && mark[slot] === wholeHolders ? SCORE.whole : SCORE.begins;
          if (score >= 0) offer(slot, keyOf(2, score, sold[slot]!));
        }
      }
    }
    let read = 0;
    let done = true;
    for (let i = 0; i < bySales.n; i++) {
      const slot = bySales.a[i]!;
      if (keys.length === limit && keys[limit - 1]! >= keyOf(firstLeft > 0 ? 2 : 1, most, sold[slot]!)) break;
      if ((read += len[slot]!) > budget) { done = false; break; }
      const from = start[slot]!;
      let held = 0;
      for (let j = from, to = from + len[slot]!; j < to; j++) held |= bits[data[j]!]!;
      if (held >>> 8) {
        let changed = false;
        for (let k = 0; k < byWord.length; k++) if (held & (1 << (8 + k)) && --wholeLeft[k]! === 0) changed = true;
        if (changed) most = bestScore();
      }
      const first = (bits[data[from]!]! & 1) === 1;
      if (first) {
        if (firstsGathered) continue;
        firstLeft--;
      }
      if ((held & all) !== all) continue;
      let score = 0;
      for (let k = 0; k < byWord.length; k++) score += held & (1 << (8 + k)) ? SCORE.whole : SCORE.begins;
      offer(slot, keyOf(first ? 2 : 1, score, sold[slot]!));
    }
    for (const m of byWord) for (const w of m.ids) bits[w] = 0;
    return done ? Int32Array.from(slots) : null;
  }

  /**
   * The slots holding one of the rarest query word's matches but the first's (the first is what the texts begin with),
   * marked (`markHolders`); 0 when there is no other word or its postings are `cheaperThan` or more.
   */
  private holdersOfRarest(byWord: Beginnings[], cheaperThan: number): number {
    let rarest: Beginnings | undefined;
    for (let k = 1; k < byWord.length; k++) if (!rarest || byWord[k]!.cost < rarest.cost) rarest = byWord[k];
    return !rarest || rarest.cost >= cheaperThan ? 0 : this.markHolders(rarest.ids);
  }

  /**
   * The slots holding `m`'s whole word, marked (`markHolders`); 0 when no vocabulary word is the query word (no text
   * holds it whole); undefined when its postings are `cheaperThan` or more (the texts are read instead).
   */
  private holdersOfWhole(m: Beginnings, cheaperThan: number): number | undefined {
    const i = m.score.indexOf(SCORE.whole);
    if (i < 0) return 0;
    return this.postings.len[m.ids[i]!]! >= cheaperThan ? undefined : this.markHolders(m.ids.subarray(i, i + 1));
  }

  /** Marks the slots whose text holds one of the words `ids` with a new stamp in `mark`, and answers the stamp. */
  private markHolders(ids: Int32Array): number {
    this.beginSearch();
    const stamp = ++this.stamp;
    const { data, start, len } = this.postings;
    const mark = this.mark;
    for (const w of ids) for (let j = start[w]!, to = j + len[w]!; j < to; j++) mark[data[j]!] = stamp;
    return stamp;
  }

  /**
   * The rows holding a match of every word (`order`: the words, rarest first), each with its best likeness in `best`.
   * The rarest word gathers the candidates; every other word keeps those that hold it: through its posting lists up to
   * `BY_POSTINGS` postings a candidate, else by reading the candidates' texts (≈ 24 words each at the bench's 100,000
   * products, each read from anywhere in 12 MB of texts). `keep` filters the gathering.
   */
  private holdingEvery(byWord: Beginnings[], order: number[], keep: ((slot: number) => boolean) | undefined): IntList {
    this.beginSearch();
    const first = byWord[order[0]!]!;
    let candidates = gather(this.postings, first.ids, first.score, this.mark, ++this.stamp, this.best, keep);
    for (const k of order.slice(1)) {
      // None left: no other word can bring one back (reading its postings or its matches would find nothing).
      if (candidates.n === 0) break;
      const m = byWord[k]!;
      if (m.cost < candidates.n * BY_POSTINGS) {
        candidates = this.narrowByPostingsOf(candidates, m);
      } else candidates = this.narrowByTextsOf(candidates, m);
    }
    return candidates;
  }

  /**
   * The candidates holding one of `m`'s words (`narrowByPostings`): a word in more texts than there are candidates and
   * in `bitsFrom` or more has its bitset tested for each candidate, the others' postings are read. The bench's cold
   * searches at 100,000 products: a narrowing read ≈ 7,900 postings for ≈ 2,000 candidates, 90% of them of a word in
   * more than 2,048 texts; the search 12–15% quicker with the bitsets (docs/decisions/015).
   */
  private narrowByPostingsOf(candidates: IntList, m: Beginnings): IntList {
    const len = this.postings.len;
    const common = (w: number) => len[w]! >= this.bitsFrom && len[w]! > candidates.n;
    let n = 0;
    for (const w of m.ids) if (common(w)) n++;
    const words = new Int32Array(m.ids.length - n);
    const scores = new Float32Array(m.ids.length - n);
    const bits: Uint32Array[] = [];
    const bitScores = new Float32Array(n);
    for (let k = 0, i = 0; k < m.ids.length; k++) {
      const w = m.ids[k]!;
      if (common(w)) {
        bitScores[bits.length] = m.score[k]!;
        bits.push(this.slotsOf(w));
      } else {
        words[i] = w;
        scores[i++] = m.score[k]!;
      }
    }
    return narrowByPostings(candidates, this.postings, words, scores, bits, bitScores, this.inCandidates, this.mark, ++this.stamp, this.best, this.cur);
  }

  /** Word `w`'s bitset of slots (`wordSlots`), made from its postings when missing. */
  private slotsOf(w: number): Uint32Array {
    let bits = this.wordSlots.get(w);
    if (bits) return bits;
    bits = new Uint32Array((this.texts.len.length >>> 5) + 1);
    const { data, start, len } = this.postings;
    for (let j = start[w]!, to = j + len[w]!; j < to; j++) bits[data[j]! >>> 5]! |= 1 << (data[j]! & 31);
    for (const oldest of this.wordSlots.keys()) {
      if (this.wordSlotBytes + bits.byteLength <= this.bitsBudget) break;
      this.dropSlots(oldest);
    }
    this.wordSlots.set(w, bits);
    this.wordSlotBytes += bits.byteLength;
    return bits;
  }

  private dropSlots(w: number) {
    const bits = this.wordSlots.get(w);
    if (!bits) return;
    this.wordSlots.delete(w);
    this.wordSlotBytes -= bits.byteLength;
  }

  /**
   * The candidates whose text holds one of `m`'s words (`narrowByTexts`), through a scratch array of the words' scores
   * by word id, zero elsewhere and cleared after: a fresh array the size of the vocabulary for each narrowing was
   * hundreds of KB a search, straight into the old generation.
   */
  private narrowByTextsOf(candidates: IntList, m: Beginnings): IntList {
    if (this.dense.length < this.vocabulary.length) this.dense = new Float32Array(Math.max(this.vocabulary.length, this.dense.length * 2));
    const dense = this.dense;
    for (let i = 0; i < m.ids.length; i++) dense[m.ids[i]!] = m.score[i]!;
    try {
      return narrowByTexts(candidates, this.texts, dense, this.best);
    } finally {
      for (let i = 0; i < m.ids.length; i++) dense[m.ids[i]!] = 0;
    }
  }

  /** A scratch array for `n` hits' sort keys (`oneWordKeys`, `phraseKeys`), read by `topK` before the next search. */
  private keysFor(n: number): Float64Array {
    if (this.keys.length < n) this.keys = new Float64Array(Math.max(n, this.keys.length * 2));
    return this.keys;
  }

  /** Makes the scratch arrays fit every slot, with room for a search's stamps before they wrap. */
  private beginSearch() {
    if (this.mark.length < this.texts.len.length) {
      const size = Math.max(this.texts.len.length, this.mark.length * 2);
      this.mark = new Int32Array(size);
      this.best = new Float32Array(size);
      this.cur = new Float32Array(size);
      this.inCandidates = new Uint32Array((size >>> 5) + 1);
    }
    if (this.stamp > 0x7fff0000) {
      this.mark.fill(0);
      this.stamp = 0;
    }
  }

  /** The slots that hold every word of `query` (already normalised), unranked: what a listing's facets count. */
  matching(query: string, keep?: (slot: number) => boolean): Int32Array {
    const found = this.candidatesOf(query, keep, false);
    return found ? found.candidates.a.subarray(0, found.candidates.n) : new Int32Array(0);
  }

  /**
   * The rows holding every word (each with its best likeness in `best` when `ranked`), and the query's words in
   * order. Without `keep`, from the last search's rows when its words were these.
   */
  private candidatesOf(query: string, keep: ((slot: number) => boolean) | undefined, ranked = true): { candidates: IntList; sequence: string[] } | null {
    if (keep) return this.gatherCandidates(query, keep);
    if (this.last?.query === query) {
      const kept = this.last.found;
      if (!kept) return null;
      const candidates = new IntList(0);
      candidates.a = kept.slots;
      candidates.n = kept.slots.length;
      if (ranked) {
        this.beginSearch();
        for (let i = 0; i < kept.slots.length; i++) this.best[kept.slots[i]!] = kept.best[i]!;
      }
      return { candidates, sequence: kept.sequence };
    }
    const found = this.gatherCandidates(query, undefined);
    let kept = null;
    if (found) {
      const { candidates: { a, n } } = found;
      const best = new Float32Array(n);
      for (let i = 0; i < n; i++) best[i] = this.best[a[i]!]!;
      kept = { slots: a.slice(0, n), best, sequence: found.sequence };
    }
    this.last = { query, found: kept };
    return found;
  }

  private gatherCandidates(query: string, keep: ((slot: number) => boolean) | undefined): { candidates: IntList; sequence: string[] } | null {
    const sequence = query.split(' ').filter(Boolean).slice(0, MAX_WORDS * 2).flatMap((w) => this.apart(w)).slice(0, MAX_WORDS * 2);
    const words = [...new Set(sequence)].slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    const byWord = words.map((w) => this.matches(w));
    if (byWord.some((m) => m.ids.length === 0)) return null;
    const order = byWord.map((_, k) => k).sort((a, b) => byWord[a]!.cost - byWord[b]!.cost);

    const candidates = this.holdingEvery(byWord, order, keep);
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
    if (n > 1) for (const w of firstOf.suffix) flags[w]! |= ENDS_FIRST;
    const slots = candidates.a;
    const tie = (a: number, b: number) => rank.id[slots[a]!]! - rank.id[slots[b]!]!;
    const k = Math.min(limit, candidates.n);
    let keys: Float64Array;
    if (n === 1) keys = oneWordKeys(candidates, this.firstWord, flags, this.best, rank.soldCount, this.keysFor(candidates.n));
    else {
      // The phrase's words as ids (-1: in no text), made for a phrase only.
      const exact = Int32Array.from(sequence, (w) => this.wordId.get(w) ?? -1);
      keys = phrasePossible(exact, firstOf, last, this.pairs)
        ? phraseKeys(candidates, k, tie, this.texts, this.firstWord, flags, exact, this.best, rank.soldCount, this.keysFor(candidates.n))
        : noPhraseKeys(candidates, this.best, rank.soldCount, this.keysFor(candidates.n));
    }
    for (const w of last.prefix) flags[w] = 0;
    for (const w of firstOf.suffix) flags[w] = 0;
    const top = topK(keys, candidates.n, k, tie);
    return { total: candidates.n, slots: Int32Array.from(top, (i) => slots[i]!) };
  }
}

/**
 * Up to this many postings a candidate, a word narrows the candidates through its posting lists (`narrowByPostings`),
 * above it by reading their texts. The bench's cold searches that find nothing (71% of them; typically a word of 1,400
 * postings narrowed by one of 5,000) took 74–82 µs each with 8 and reading a posting through `mark`, 44–49 µs with 32
 * and the bitset; those that find something 534–652 → 473–491 µs (the search alone, on the bench's 100,000 products,
 * best of six rounds in two runs each; docs/decisions/032).
 */
const BY_POSTINGS = 32;

/** A word in this many texts or more has a bitset of its slots for narrowing (`SearchIndex.slotsOf`)… */
const BITS_FROM = 2048;
/** …and the bitsets together take up to this many bytes (12.5 KB a word at 100,000 products: ≈ 320 words). */
const BITS_BUDGET = 4 * 1024 * 1024;

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

/** A hit of candidate `slot` with score `s` in this narrowing (`found`), its best kept in `cur`: 1 for its first, else 0. */
function hit(slot: number, s: number, mark: Int32Array, found: number, cur: Float32Array): number {
  if (mark[slot] !== found) {
    mark[slot] = found;
    cur[slot] = s;
    return 1;
  }
  if (s > cur[slot]!) cur[slot] = s;
  return 0;
}

/**
 * The candidates found in the words' bitsets of slots (`bits`, each word's score in `bitScores`) or in their posting
 * lists (`words`), their best score there added. While postings are read, which slots are candidates is a bitset
 * (`inCandidates`: 16 KB for 131,072 slots, where a stamp in `mark` per slot is half a megabyte), so that a posting of
 * no candidate — most of them — reads 16 KB that stay in the core's caches; `mark` and `cur` are read and
 * written for the hits alone, and nothing more when there are none. The bitset is all zero between calls (a bit left
 * set would only make a posting look like a candidate's: the answer is read from the candidates).
 */
function narrowByPostings(candidates: IntList, postings: ListArena, words: Int32Array, scores: Float32Array, bits: Uint32Array[],
  bitScores: Float32Array, inCandidates: Uint32Array, mark: Int32Array, found: number, best: Float32Array, cur: Float32Array): IntList {
  const { a, n } = candidates;
  let hits = 0;
  for (let b = 0; b < bits.length; b++) {
    const holds = bits[b]!;
    const s = bitScores[b]!;
    for (let c = 0; c < n; c++) {
      const slot = a[c]!;
      if ((holds[slot >>> 5]! & (1 << (slot & 31))) !== 0) hits += hit(slot, s, mark, found, cur);
    }
  }
  if (words.length > 0) {
    for (let c = 0; c < n; c++) inCandidates[a[c]! >>> 5]! |= 1 << (a[c]! & 31);
    const { data, start, len } = postings;
    for (let w = 0; w < words.length; w++) {
      const s = scores[w]!;
      const from = start[words[w]!]!;
      const to = from + len[words[w]!]!;
      for (let j = from; j < to; j++) {
        const slot = data[j]!;
        if ((inCandidates[slot >>> 5]! & (1 << (slot & 31))) !== 0) hits += hit(slot, s, mark, found, cur);
      }
    }
    for (let c = 0; c < n; c++) inCandidates[a[c]! >>> 5] = 0;
  }
  const out = new IntList(Math.max(16, hits));
  if (hits === 0) return out;
  for (let c = 0; c < n; c++) {
    const slot = a[c]!;
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

function oneWordKeys(hits: IntList, firstWord: Int32Array, flags: Uint8Array, best: Float32Array, sold: Int32Array, keys: Float64Array): Float64Array {
  for (let c = 0; c < hits.n; c++) {
    const slot = hits.a[c]!;
    const score = best[slot]!;
    keys[c] = keyOf(flags[firstWord[slot]!]! & BEGINS_LAST ? 2 : score >= WHOLE_OR_BEGINS ? 1 : 0, score, sold[slot]!);
  }
  return keys;
}

/**
 * The hits' sort keys for a query of several words, exact where they can reach the first `k`. Past eight times `k`
 * hits, a text is read for its phrase (`phraseTier`) only when the key it would have with the best tier it can reach —
 * 2 when it begins with the query's first word, else 1 — is at least the `k`-th greatest of the keys read for the `k`
 * hits best placed by that bound. The others keep the key of tier 0, below that threshold, so none of them can be among
 * the first `k` (the threshold is met by `k` exact keys). A query whose words are common reads a few hundred texts
 * instead of thousands; one whose phrase is rare still reads them all (its first `k` read tier 0, so the threshold
 * admits nearly every hit). Up to eight times `k`, every text is read.
 */
function phraseKeys(hits: IntList, k: number, tie: (a: number, b: number) => number, texts: SlotArena<Int32Array>, firstWord: Int32Array,
  flags: Uint8Array, exact: Int32Array, best: Float32Array, sold: Int32Array, keys: Float64Array): Float64Array {
  const bounded = k * 8 < hits.n;
  let threshold = Infinity;
  if (bounded) {
    for (let c = 0; c < hits.n; c++) {
      const slot = hits.a[c]!;
      keys[c] = keyOf(firstWord[slot] === exact[0] ? 2 : 1, best[slot]!, sold[slot]!);
    }
    for (const c of topK(keys, hits.n, k, tie)) {
      const slot = hits.a[c]!;
      keys[c] = keyOf(phraseTier(texts, slot, flags, exact), best[slot]!, sold[slot]!);
      if (keys[c]! < threshold) threshold = keys[c]!;
    }
  }
  // The first `k` read again here (their keys are now exact and at least the threshold) come out the same.
  for (let c = 0; c < hits.n; c++) {
    const slot = hits.a[c]!;
    keys[c] = !bounded || keys[c]! >= threshold ? keyOf(phraseTier(texts, slot, flags, exact), best[slot]!, sold[slot]!) : keyOf(0, best[slot]!, sold[slot]!);
  }
  return keys;
}

/**
 * Whether any text can hold the query's words as a phrase (`phraseTier` above 0): not when a middle word is in no text
 * (a typo, as «Maybelline Neew York»: phraseTier wants it whole), no word begins with the last, none ends with the
 * first nor is it, or two of the phrase's neighbours never stand side by side in a text (`pairs`: «کد آن», two words
 * of nearly every title that never meet). Such a query's hits then all rank at tier 0 without their texts being read:
 * a typo beside common words had each of thousands of hits' texts read to find no phrase (3–5 ms a search at 100,000
 * products), two such words each of 40,000 (10–20 ms).
 */
function phrasePossible(exact: Int32Array, first: WordMatches, last: WordMatches, pairs: WordPairs): boolean {
  const n = exact.length;
  for (let i = 1; i < n - 1; i++) if (exact[i]! < 0) return false;
  if (last.prefix.length === 0 || (first.suffix.length === 0 && exact[0]! < 0)) return false;
  // The phrase opens on a word ending with the first query word (or on that word itself, at a text's start).
  const opening = exact[0]! >= 0 && !first.suffix.includes(exact[0]!) ? [...first.suffix, exact[0]!] : first.suffix;
  if (n === 2) return pairs.someBeside(opening, last.prefix);
  if (!pairs.someBeside(opening, exact.subarray(1, 2))) return false;
  for (let i = 1; i < n - 2; i++) if (!pairs.has(exact[i]!, exact[i + 1]!)) return false;
  return pairs.someBeside(exact.subarray(n - 2, n - 1), last.prefix);
}

/**
 * Which two words stand side by side in some text (word id, then the next word's): a Bloom filter — never "no" for a
 * pair that does, seldom "maybe" for one that does not (about 2% at its fullest). A changed text's old pairs stay in
 * until it is made again (`of`), which only adds maybes. 256 KB at first; made again, larger, when its distinct pairs
 * pass a tenth of its bits (the bench's 100,000 products: 2.3 million pairs, ≈ 200,000 distinct, 512 KB once made again).
 */
class WordPairs {
  private bits: Int32Array;
  /** Pairs that set a bit when added: the distinct ones, less the few a full filter took for present. */
  private distinct = 0;

  constructor(bitCount = 1 << 21) {
    this.bits = new Int32Array(bitCount >>> 5);
  }

  save(w: SnapshotWriter): PairsState {
    return { bits: w.add(this.bits), distinct: this.distinct };
  }

  static restore(m: PairsState, r: SnapshotReader): WordPairs {
    const pairs = new WordPairs(32);
    pairs.bits = r.array(m.bits);
    pairs.distinct = m.distinct;
    return pairs;
  }

  /**
   * A filter of every pair in the texts, at most half full (a twentieth of its bits), so that as many new pairs again
   * come before it is made again: each pair's cost stays a few additions, however the texts change.
   */
  static of(texts: SlotArena<Int32Array>): WordPairs {
    let size = 1 << 21;
    for (;;) {
      const pairs = new WordPairs(size);
      const { data, start, len } = texts;
      let full = false;
      for (let slot = 0; slot < len.length && !full; slot++) full = len[slot]! > 0 && pairs.addText(data.subarray(start[slot]!, start[slot]! + len[slot]!));
      if (!full && pairs.distinct * 20 <= size) return pairs;
      size *= 2;
    }
  }

  bytes() {
    return this.bits.byteLength;
  }

  /** Adds a text's pairs; true when the filter is full (past a tenth of its bits in distinct pairs) and should be made again larger. */
  addText(ids: Int32Array): boolean {
    const bits = this.bits;
    const mask = bits.length * 32 - 1;
    for (let i = 0; i + 1 < ids.length; i++) {
      const h1 = pairHash(ids[i]!, ids[i + 1]!);
      const h2 = pairHash(ids[i + 1]!, ~ids[i]!) | 1;
      let fresh = false;
      for (let k = 0; k < 3; k++) {
        const bit = (h1 + Math.imul(k, h2)) & mask;
        const word = bits[bit >>> 5]!;
        if ((word & (1 << (bit & 31))) === 0) {
          bits[bit >>> 5] = word | (1 << (bit & 31));
          fresh = true;
        }
      }
      if (fresh) this.distinct++;
    }
    return this.distinct * 10 > bits.length * 32;
  }

  has(a: number, b: number): boolean {
    const bits = this.bits;
    const mask = bits.length * 32 - 1;
    const h1 = pairHash(a, b);
    const h2 = pairHash(b, ~a) | 1;
    for (let k = 0; k < 3; k++) {
      const bit = (h1 + Math.imul(k, h2)) & mask;
      if ((bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  /** Whether some word of `as` may stand just before some word of `bs` (true, unread, past 4,096 pairs to ask). */
  someBeside(as: ArrayLike<number>, bs: ArrayLike<number>): boolean {
    if (as.length * bs.length > 4096) return true;
    for (let i = 0; i < as.length; i++) for (let j = 0; j < bs.length; j++) if (this.has(as[i]!, bs[j]!)) return true;
    return false;
  }
}

interface PairsState { bits: number; distinct: number }

/** A 32-bit hash of two word ids (murmur3's finaliser over the pair). */
function pairHash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hits' sort keys when no text can hold the phrase (`phrasePossible`): tier 0, then likeness and sales. */
function noPhraseKeys(hits: IntList, best: Float32Array, sold: Int32Array, keys: Float64Array): Float64Array {
  for (let c = 0; c < hits.n; c++) {
    const slot = hits.a[c]!;
    keys[c] = keyOf(0, best[slot]!, sold[slot]!);
  }
  return keys;
}

/** A text's tier for a phrase: 2 when it begins with the phrase (its first word itself), 1 when it holds it, else 0. */
function phraseTier(texts: SlotArena<Int32Array>, slot: number, flags: Uint8Array, exact: Int32Array): number {
  const n = exact.length;
  const { data, start, len } = texts;
  const from = start[slot]!;
  const to = from + len[slot]!;
  runs: for (let p = from; p + n <= to; p++) {
    const opens = flags[data[p]!]! & ENDS_FIRST;
    if (!opens && !(p === from && data[from] === exact[0])) continue;
    for (let i = 1; i < n - 1; i++) if (data[p + i] !== exact[i]) continue runs;
    if (!(flags[data[p + n - 1]!]! & BEGINS_LAST)) continue;
    // Only a phrase at the text's start, with the first word itself, ranks higher: none can follow this one.
    return p === from && data[from] === exact[0] ? 2 : 1;
  }
  return 0;
}

/**
 * The indices of the `k` greatest `keys` (ties: `tie` positive when a ranks above b), best first: a
 * bounded heap, so a page of a common word costs one comparison per hit with the heap's worst, not a
 * full sort. (Its swaps go through a variable: a destructuring swap allocated an array each, 17.6 KB of a cold
 * search page's 178 KB of the serving thread's allocations.)
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
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0;) {
        const p = (c - 1) >> 1;
        if (better(heap[p]!, heap[c]!) <= 0) break;
        const t = heap[p]!;
        heap[p] = heap[c]!;
        heap[c] = t;
        c = p;
      }
    } else if (keys[i]! > keys[heap[0]!]! || (keys[i] === keys[heap[0]!] && better(i, heap[0]!) > 0)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => better(b, a));
}
