import { imageVariantsOf, UPLOAD_PREFIX } from '@sorkhab/shared';

/**
 * A JSON answer written as bytes: ASCII pieces (keys, numbers, punctuation), UTF-8 texts already written as JSON, and
 * runs copied from stored UTF-8 — so a listing's cards are never decoded into strings and encoded back (catalog-index.ts,
 * `cardJson`). One buffer, grown by doubling and reused: `take()` answers a copy of what was written.
 */
export class JsonBytes {
  private buf = Buffer.allocUnsafe(16 * 1024);
  private at = 0;

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  /** Text of ASCII characters only (keys, numbers, punctuation). */
  ascii(text: string): this {
    const n = text.length;
    this.room(n);
    if (n < 48) { // a loop beats a call into the runtime for a key or a number
      const { buf } = this;
      let at = this.at;
      for (let i = 0; i < n; i++) buf[at++] = text.charCodeAt(i);
      this.at = at;
    } else this.at += this.buf.write(text, this.at, 'latin1');
    return this;
  }

  /**
   * A number as JSON writes it (`null` for NaN and the infinities). A 32-bit integer — ids, prices, counts — is written
   * digit by digit: a card's eight numbers through a template's string were a fifth of its cost.
   */
  num(n: number): this {
    if (n !== (n | 0)) return this.ascii(Number.isFinite(n) ? String(n) : 'null');
    this.room(11);
    const { buf } = this;
    let v = n;
    if (v < 0) {
      buf[this.at++] = 45; // '-'
      v = -v;
    }
    let end = this.at + 1;
    for (let x = v; x >= 10; x = Math.floor(x / 10)) end++;
    for (let i = end - 1; i >= this.at; i--) {
      buf[i] = 48 + (v % 10);
      v = Math.floor(v / 10);
    }
    this.at = end;
    return this;
  }

  /** Bytes as they are (UTF-8 JSON text). */
  bytes(from: Buffer, start = 0, end = from.length): this {
    const n = end - start;
    this.room(n);
    if (n < 48) {
      const { buf } = this;
      let at = this.at;
      for (let i = start; i < end; i++) buf[at++] = from[i]!;
      this.at = at;
    } else this.at += from.copy(this.buf, this.at, start, end);
    return this;
  }

  /** Answers what was written (a copy) and starts again. */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.at));
    this.at = 0;
    return out;
  }
}

/**
 * Where the elements of a stored JSON array of strings or nulls lie in its UTF-8 bytes: `out[2k]`, `out[2k + 1]` are the
 * k-th element's start and end. A string ends at the first quote not escaped by a backslash; bytes of multi-byte
 * characters are never quotes or backslashes.
 */
export function jsonElementRanges(bytes: Buffer, out: Int32Array, from = 0): Int32Array {
  let i = from + 1;
  for (let k = 0; k < out.length; k += 2) {
    out[k] = i;
    if (bytes[i] === 34) {
      let j = i + 1;
      for (let c = bytes[j]; c !== 34; c = bytes[j]) j += c === 92 ? 2 : 1;
      i = j + 1;
    } else i += 4; // null
    out[k + 1] = i;
    i++; // the comma
  }
  return out;
}

const DOT = 46;
const UPLOAD_JSON = Buffer.from(`"${UPLOAD_PREFIX}`);
/**
 * Each variant's JSON around its original's base, cut from what `imageVariantsOf` makes of an upload whose base is the
 * prefix alone (`{"width":100,"uri":` and `-100.webp"}`), so the uploads' naming is written in one place.
 */
const VARIANT_TAILS = imageVariantsOf(`${UPLOAD_PREFIX}.x`).map((v, i) => {
  const [head, tail] = JSON.stringify(v).split(UPLOAD_JSON.toString()) as [string, string];
  return [`${i ? ',' : '['}${head}`, tail] as const;
});

/**
 * Writes `JSON.stringify(imageVariantsOf(uri))` for the image URI whose JSON text (a string or `null`, as JSON.stringify
 * wrote it: catalog-index.ts) is `json[start, end)`: an uploaded original's variants from the URI's own bytes up to its
 * last dot (escapes copied as they are, which are what JSON.stringify writes for that part), `[]` for another address.
 * Every card of a listing has its own picture in a real shop, so this was a parse, four strings and a stringify a card
 * (4.5 µs; a cache of 256 URIs caught only the bench's seventeen pictures). An upload without a dot takes the long way.
 */
export function writeImageVariants(out: JsonBytes, json: Buffer, start: number, end: number): void {
  let upload = end - start > UPLOAD_JSON.length;
  for (let i = 0; upload && i < UPLOAD_JSON.length; i++) upload = json[start + i] === UPLOAD_JSON[i];
  if (!upload) {
    out.ascii('[]'); // null, or an address that does not begin with the uploads'
    return;
  }
  let dot = -1;
  for (let i = start + UPLOAD_JSON.length; i < end; i++) if (json[i] === DOT) dot = i;
  if (dot < 0) {
    out.bytes(Buffer.from(JSON.stringify(imageVariantsOf(JSON.parse(json.toString('utf8', start, end)) as string))));
    return;
  }
  for (const [head, tail] of VARIANT_TAILS) out.ascii(head).bytes(json, start, dot).ascii(tail);
  out.ascii(']');
}
