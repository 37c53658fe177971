/**
 * Writes loader data the way React Router 7 hands it to the browser's hydration: turbo-stream's flat form (the format
 * of the turbo-stream package that React Router vendors as `vendor/turbo-stream-v2`, decoded in the browser by its
 * `decodeViaTurboStream`). One array of values; each object is `{"_k":v,…}` and each array `[v,…]` of indices into
 * it; a string, number or boolean is written once and referred to by index after; an object is referred to by index
 * when met again; undefined, null, NaN, ±Infinity and −0 are negative codes. The values are numbered in the order
 * React Router's encoder numbers them (a stack, the last pushed first), so that a page put together from a frame
 * (frames.ts) is byte for byte the page React Router renders — `frames.test.ts` compares the two.
 *
 * Only plain data: strings, numbers, booleans, null, undefined, arrays and plain objects. Anything else (a Date, a
 * Map, a promise, a class instance) throws `UnsupportedValue`, and the caller renders the page through React Router.
 */

const HOLE = -1;
const NAN = -2;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const NULL = -5;
const POSITIVE_INFINITY = -6;
const UNDEFINED = -7;

class UnsupportedValue extends Error {}

/** `value` in turbo-stream's flat form, as one line (the text of the stream's first and only chunk). */
export function encodeTurboStream(value: unknown): string {
  const indices = new Map<unknown, number>();
  const written: string[] = [];
  const stack: [unknown, number][] = [];
  /** The index of `value` (numbering it and queueing it to be written when new), or its code. */
  const ref = (v: unknown): number => {
    const known = indices.get(v);
    // Index 0 (the whole value) is never referred to, as in React Router's encoder.
    if (known) return known;
    if (v === undefined) return UNDEFINED;
    if (v === null) return NULL;
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return NAN;
      if (v === Number.POSITIVE_INFINITY) return POSITIVE_INFINITY;
      if (v === Number.NEGATIVE_INFINITY) return NEGATIVE_INFINITY;
      if (v === 0 && 1 / v < 0) return NEGATIVE_ZERO;
    }
    const index = written.length;
    written.push('');
    indices.set(v, index);
    stack.push([v, index]);
    return index;
  };
  const top = ref(value);
  if (top < 0) return `${top}`;
  while (stack.length > 0) {
    const [v, index] = stack.pop()!;
    switch (typeof v) {
      case 'string':
        written[index] = jsonString(v);
        break;
      case 'number':
      case 'boolean':
        written[index] = String(v); // as JSON writes them (NaN, ±Infinity and −0 have codes instead)
        break;
      case 'object': {
        if (Array.isArray(v)) {
          let text = '[';
          for (let i = 0; i < v.length; i++) text += (i ? ',' : '') + (i in v ? ref(v[i]) : HOLE);
          written[index] = `${text}]`;
          break;
        }
        if (Object.getPrototypeOf(v) !== Object.prototype) throw new UnsupportedValue('not a plain object');
        let text = '{';
        let first = true;
        for (const key of Object.keys(v!)) {
          // The key's index first, then the value's: the order the encoder numbers them in.
          const k = ref(key);
          text += `${first ? '' : ','}"_${k}":${ref((v as Record<string, unknown>)[key])}`;
          first = false;
        }
        written[index] = `${text}}`;
        break;
      }
      default:
        throw new UnsupportedValue(`a ${typeof v}`);
    }
  }
  return `[${written.join(',')}]`;
}

/** Characters JSON writes escaped in a string: a quote, a backslash, a control character, and a half of a surrogate pair. */
// eslint-disable-next-line no-control-regex -- the control characters JSON escapes are the point
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as `JSON.stringify` writes it: most of a page's strings (titles, addresses, keys) need no escape, and are
 * only quoted (a call of `JSON.stringify` for each cost 29% of the encoding's instructions); a surrogate, paired or
 * not, takes the long way.
 */
const jsonString = (text: string) => (JSON_ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`);

/** What React Router writes for a chunk inside its inline script: JSON text with `&`, `<`, `>`, U+2028/9 escaped. */
export function scriptJson(text: string): string {
  return JSON.stringify(text).replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
