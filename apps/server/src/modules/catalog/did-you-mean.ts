/**
 * "Did you mean": for a search with no result, the closest searches the catalogue's own words make (decision 029).
 * Words are compared after the shared normaliser (decision 007), by edit distance; a word written together with the
 * next is read as two words; a query whose words each exist but never together loses words. Only searches that find
 * products are offered.
 */
import { normalizeSearch, type DidYouMean } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import type { ReadCache } from '../../lib/cache.js';
import { brandMap } from './brand.service.js';
import { catalogOf } from './catalog-sync.js';
import { categoryIndex } from './category.service.js';
import { listProducts } from './product.service.js';
import { editDistance } from './search-match.js';

/** At most this many searches are offered. */
const OFFERED = 5;
/** At most this many closest searches are tried (each one search in the catalogue). */
const TRIED = 12;
/** Readings kept per query word. */
const PER_WORD = 3;
/** Query words looked at (a shop's searches are short; every subset of them is a candidate). */
const MAX_WORDS = 4;
/** The cost of leaving a query word out, against one letter's edit. */
const DROPPED = 2;
/** The cost of reading one word as two (رژلب → رژ لب), on top of their edits. */
const SPLIT = 0.5;

/** Every word the catalogue's searchable texts hold, with how many products hold it. */
export type Vocabulary = ReadonlyMap<string, number>;

interface Reading { text: string; edits: number; weight: number }

/** Letters a query word may be off by: none below three letters, one up to four, two beyond. */
const editsFor = (letters: number) => (letters < 3 ? 0 : letters <= 4 ? 1 : 2);

const better = (a: Reading, b: Reading) => a.edits - b.edits || b.weight - a.weight || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

/**
 * A vocabulary laid out for the scans below: its words with their length in letters and a signature of the letters
 * they hold (bit `code point mod 32`). One edit changes the set of a word's letters by at most two (a substitution
 * takes one out and puts one in; a swap changes nothing), and two letters sharing a bit can only hide a difference,
 * so a word whose signature differs from the query word's in more than 2 × `max` bits, or whose length differs by
 * more than `max`, is more than `max` edits away without comparing the two: at 100,000 products the scan compared
 * every word of the vocabulary, a fifth of a cold search page's cost.
 */
interface Lexicon {
  words: string[]; weights: number[]; letters: Uint16Array; signatures: Int32Array;
  /** closestToWord's answers, by word (distinct searches share their words and their typos). */
  closest: Map<string, Reading[]>;
}
const CLOSEST_KEPT = 4096;
const lexicons = new WeakMap<Vocabulary, Lexicon>();

function signatureOf(word: string): number {
  let signature = 0;
  for (const letter of word) signature |= 1 << (letter.codePointAt(0)! & 31);
  return signature;
}

/** Bits set in a 32-bit number. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function lexiconOf(vocabulary: Vocabulary): Lexicon {
  let lexicon = lexicons.get(vocabulary);
  if (!lexicon) {
    const words = [...vocabulary.keys()];
    lexicon = {
      words, weights: [...vocabulary.values()],
      letters: Uint16Array.from(words, (w) => Math.min([...w].length, 0xffff)), signatures: Int32Array.from(words, signatureOf),
      closest: new Map(),
    };
    lexicons.set(vocabulary, lexicon);
  }
  return lexicon;
}

/** The vocabulary's words at most `max` edits from `word`. */
export function near(word: string, vocabulary: Vocabulary, max: number): Reading[] {
  const out: Reading[] = [];
  if (max === 0) return out;
  const { words, weights, letters, signatures } = lexiconOf(vocabulary);
  const length = [...word].length;
  const signature = signatureOf(word);
  for (let i = 0; i < words.length; i++) {
    if (Math.abs(letters[i]! - length) > max || bitCount(signature ^ signatures[i]!) > 2 * max) continue;
    const edits = editDistance(word, words[i]!, max);
    if (edits <= max) out.push({ text: words[i]!, edits, weight: weights[i]! });
  }
  return out;
}

/** A part of a joined word: the word itself, or (three letters or more) one edit from one. */
function part(word: string, vocabulary: Vocabulary, fuzzy: boolean): Reading | undefined {
  const weight = vocabulary.get(word);
  if (weight) return { text: word, edits: 0, weight };
  return fuzzy && [...word].length >= 3 ? near(word, vocabulary, 1).sort(better)[0] : undefined;
}

/** The closest readings of one normalised word, best first: itself when the catalogue has it, near words, two words. */
export function closestToWord(word: string, vocabulary: Vocabulary): readonly Reading[] {
  const own = vocabulary.get(word);
  if (own) return [{ text: word, edits: 0, weight: own }];
  const { closest } = lexiconOf(vocabulary);
  let readings = closest.get(word);
  if (!readings) {
    readings = readingsOf(word, vocabulary);
    if (closest.size >= CLOSEST_KEPT) closest.delete(closest.keys().next().value!);
    closest.set(word, readings);
  }
  return readings;
}

function readingsOf(word: string, vocabulary: Vocabulary): Reading[] {
  const letters = [...word];
  const found = near(word, vocabulary, editsFor(letters.length));
  for (let cut = 2; cut <= letters.length - 2; cut++) {
    const a = letters.slice(0, cut).join('');
    const b = letters.slice(cut).join('');
    // One half must be a word as written; the other may be one letter off (a scan only when the first is found).
    const left = part(a, vocabulary, false);
    const right = left ? part(b, vocabulary, true) : part(b, vocabulary, false);
    const pair = left && right ? [left, right] : right ? [part(a, vocabulary, true), right] : [];
    if (pair[0] && pair[1]) {
      found.push({ text: `${pair[0].text} ${pair[1].text}`, edits: pair[0].edits + pair[1].edits + SPLIT, weight: Math.min(pair[0].weight, pair[1].weight) });
    }
  }
  const seen = new Set<string>();
  return found.sort(better).filter((r) => !seen.has(r.text) && seen.add(r.text)).slice(0, PER_WORD);
}

/**
 * The searches closest to `query`, best first (not yet checked for results): each word read its closest ways, the
 * whole query first, then with words left out. The query itself is never among them.
 */
export function closestSearches(query: string, vocabulary: Vocabulary): string[] {
  const q = normalizeSearch(query);
  const words = q.split(' ').filter(Boolean).slice(0, MAX_WORDS);
  const readings = words.map((w) => closestToWord(w, vocabulary));
  const found: Reading[] = [];
  // Every non-empty subset of the words, in order, each word by each of its readings.
  for (let mask = (1 << words.length) - 1; mask > 0; mask--) {
    const kept = readings.filter((_, i) => mask & (1 << i));
    if (kept.some((r) => r.length === 0)) continue;
    const dropped = words.length - kept.length;
    let partial: Reading[] = [{ text: '', edits: dropped * DROPPED, weight: Number.MAX_SAFE_INTEGER }];
    for (const choices of kept) {
      partial = partial.flatMap((p) => choices.map((c) => ({ text: p.text ? `${p.text} ${c.text}` : c.text, edits: p.edits + c.edits, weight: Math.min(p.weight, c.weight) })));
    }
    found.push(...partial);
  }
  const seen = new Set<string>([q]);
  return found.sort(better).filter((r) => !seen.has(r.text) && seen.add(r.text)).map((r) => r.text);
}

/**
 * The catalogue's words: those of the in-memory search index (titles, brands, categories, tags of the visible
 * products), and the category and brand names (all there is when the catalogue is served from SQL, decision 018).
 */
async function vocabularyOf(db: Db, cache: ReadCache): Promise<Vocabulary> {
  return cache.getOrLoad('did-you-mean-words', async () => {
    const [catalog, cats, brands] = await Promise.all([catalogOf(db, cache), categoryIndex(db, cache), brandMap(db, cache)]);
    const words = new Map<string, number>(catalog.index ? catalog.index.search.words() : []);
    const names = [...[...cats.byId.values()].map((c) => `${c.title} ${c.alias}`), ...[...brands.values()].filter((b) => (b.productCount ?? 0) > 0).map((b) => `${b.title} ${b.alias}`)];
    for (const w of normalizeSearch(names.join(' ')).split(' ')) if (w && !words.has(w)) words.set(w, 1);
    return words;
  });
}

/** Up to five searches close to `query` that find products, with how many each finds. */
export async function didYouMean(db: Db, cache: ReadCache, query: string): Promise<DidYouMean> {
  const suggestions: DidYouMean['suggestions'] = [];
  for (const search of closestSearches(query, await vocabularyOf(db, cache)).slice(0, TRIED)) {
    const { totalCount } = await listProducts(db, cache, { title: search, pageSize: 1 });
    if (totalCount > 0) suggestions.push({ search, count: totalCount });
    if (suggestions.length === OFFERED) break;
  }
  return { suggestions };
}
