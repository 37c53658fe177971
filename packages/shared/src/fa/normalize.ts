import { toLatinDigits } from './digits.js';

// Arabic letter forms that Persian keyboards and old data mix with Persian ones.
const LETTERS: Record<string, string> = {
  'ي': 'ی', 'ى': 'ی', 'ئ': 'ی', 'ك': 'ک', 'ة': 'ه', 'ۀ': 'ه', 'ؤ': 'و',
  'أ': 'ا', 'إ': 'ا', 'ٱ': 'ا', 'آ': 'ا',
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');
// Harakat, tanwin, shadda, sukun, superscript alef, hamza above/below, tatweel.
const MARKS_RE = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// ZWNJ, ZWJ, LRM/RLM and other invisible format characters become a space.
const INVISIBLE_RE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

// An apostrophe joins the letters around it (L'Oréal → loreal), as people type brand names without it.
const APOSTROPHE_RE = /['\u2019\u02BC\u0060\u00B4]/g;

/**
 * The last queries normalised (oldest out first): a search page normalises its query for each of its reads (the page,
 * the facets, the price ceiling, "did you mean"), ≈ 10 µs of a dozen passes over the text each time.
 */
const normalized = new Map<string, string>();
const NORMALIZED_KEPT = 256;
/** Longer inputs (a product's whole search text) are not kept. */
const NORMALIZED_INPUT = 128;

/**
 * The one normaliser for search: stored `search_text` and every query go through it,
 * so Arabic/Persian letter and digit variants, diacritics (Arabic and Latin: é = e), tatweel, ZWNJ
 * and apostrophes all match. A change here needs the stored texts recomputed (a data step, app.ts).
 */
export function normalizeSearch(input: string): string {
  let out = normalized.get(input);
  if (out === undefined) {
    out = normalizeNow(input);
    if (input.length <= NORMALIZED_INPUT) {
      if (normalized.size >= NORMALIZED_KEPT) normalized.delete(normalized.keys().next().value!);
      normalized.set(input, out);
    }
  }
  return out;
}

function normalizeNow(input: string): string {
  return toLatinDigits(input.normalize('NFC'))
    .replace(MARKS_RE, '')
    .replace(LETTER_RE, (c) => LETTERS[c]!)
    // Accents last, after the Arabic forms above became their letters (ۀ would otherwise decompose to another letter).
    .normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')
    .replace(APOSTROPHE_RE, '')
    .replace(INVISIBLE_RE, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Light clean-up for stored display text: Arabic ي/ك to Persian, trimmed. */
export function normalizePersianText(input: string): string {
  return input.replace(/ي|ى/g, 'ی').replace(/ك/g, 'ک').trim();
}
