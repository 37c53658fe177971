import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** Bodies compressed with the shared dictionary start with this byte; others with NO_DICTIONARY. */
const WITH_DICTIONARY = 1;
const NO_DICTIONARY = 0;
/** Bytes of bodies a dictionary is taken from (deflate uses at most the last 32 KB). */
const DICTIONARY_BYTES = 32 * 1024;
const LEVEL = 6;

/**
 * Product pages (the JSON bodies of Product/ById) kept compressed, within a byte budget, least
 * recently used first out (decision 015). A product page is about 4 KB of JSON, mostly the same keys,
 * picture paths and description phrases as its neighbours: raw deflate with a dictionary taken from
 * the first pages stored brings it to about 630 bytes (plain deflate: 1,430), so a budget of 80 MB
 * holds about 130,000 products. Reading one costs an inflate of about 16 µs.
 */
export class PageStore {
  private dictionary: Buffer | undefined;
  private readonly pages: LRUCache<number, Buffer>;

  constructor(maxBytes: number) {
    this.pages = new LRUCache<number, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => b.length + 48 });
  }

  get(id: number): Buffer | undefined {
    const stored = this.pages.get(id);
    if (!stored) return undefined;
    const data = stored.subarray(1);
    return stored[0] === WITH_DICTIONARY ? zlib.inflateRawSync(data, { dictionary: this.dictionary! }) : zlib.inflateRawSync(data);
  }

  has(id: number) {
    return this.pages.has(id);
  }

  /** Stores pages; the first pages that add up to a dictionary's worth become the dictionary. */
  setMany(bodies: Map<number, Buffer>) {
    if (!this.dictionary) {
      const sample = Buffer.concat([...bodies.values()]);
      if (sample.length >= DICTIONARY_BYTES / 4) this.dictionary = Buffer.from(sample.subarray(-DICTIONARY_BYTES));
    }
    for (const [id, body] of bodies) {
      const packed = this.dictionary ? zlib.deflateRawSync(body, { level: LEVEL, dictionary: this.dictionary }) : zlib.deflateRawSync(body, { level: LEVEL });
      this.pages.set(id, Buffer.concat([Buffer.of(this.dictionary ? WITH_DICTIONARY : NO_DICTIONARY), packed]));
    }
  }

  delete(id: number) {
    this.pages.delete(id);
  }

  clear() {
    this.pages.clear();
  }

  /** Bytes held (compressed pages and their keys' share). */
  bytes() {
    return this.pages.calculatedSize + (this.dictionary?.length ?? 0);
  }

  /** Is the budget nearly used (a warm-up stops there rather than push out what is read)? */
  nearlyFull() {
    return this.pages.calculatedSize > this.pages.maxSize * 0.9;
  }
}
