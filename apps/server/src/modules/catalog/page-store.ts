import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { temporaryFor } from './save-file.js';

/** Bodies compressed with the shared dictionary start with this byte; others with NO_DICTIONARY, or AS_GIVEN (stored as they came). */
const WITH_DICTIONARY = 1;
const NO_DICTIONARY = 0;
const AS_GIVEN = 2;
/** Bytes of bodies a dictionary is taken from (deflate uses at most the last 32 KB). */
const DICTIONARY_BYTES = 32 * 1024;
const LEVEL = 6;
/** Garbage (replaced pages) the file may hold before it is rewritten, and at least this much. */
const MIN_GARBAGE_TO_COMPACT = 16 * 1024 * 1024;

/** What a saved page file begins with (then a header's length, the header, ids, lengths, dictionary, pages). */
const SAVED_MAGIC = Buffer.from('SORKHAB-PAGES-3\n');
/** Bytes copied per write when a page file is saved. */
const SAVE_CHUNK = 4 * 1024 * 1024;

interface SavedHeader { key: string; label?: string; count: number; dictionary: number; bytes: number }

/** A file that disappears with the process: unlinked as soon as it is open (where the OS allows). */
function scratchFile(dir: string): { fd: number; remove(): void } {
  return unlinkedOpen(path.join(dir, `sorkhab-pages-${process.pid}-${Math.random().toString(36).slice(2)}.bin`), 'w+');
}

function unlinkedOpen(file: string, flags: string): { fd: number; remove(): void } {
  const fd = fs.openSync(file, flags, 0o600);
  let removed = false;
  try {
    fs.unlinkSync(file);
    removed = true;
  } catch { /* Windows: removed on close */ }
  return { fd, remove: () => { if (!removed) fs.rmSync(file, { force: true }); } };
}

/**
 * Product pages (the JSON bodies of Product/ById) kept compressed in a scratch file, their places in
 * typed arrays by product id (decision 015). A product page is about 4 KB of JSON, mostly the same keys,
 * picture paths and description phrases as its neighbours: raw deflate with a dictionary taken from the
 * first pages stored brings it to about 630 bytes (plain deflate: 1,430). The file is not the process's
 * memory: the operating system keeps its hot parts in its page cache, so 100,000 pages (≈ 65 MB) cost
 * the server 12 bytes each. Reading one costs a positioned read and an inflate, about 20 µs. The same store keeps the
 * product pages' HTML built ahead (web's pages-ahead.ts), as they are given: already compressed, to be sent as such.
 */
export class PageStore {
  /** What the pages were made under, as their owner says (saved and opened with them). */
  label: string | undefined;
  private dictionary: Buffer | undefined;
  private file: { fd: number; remove(): void };
  private end = 0;
  private garbage = 0;
  /** Product id → offset in the file and length (0: not stored). */
  private offset = new Float64Array(0);
  private length = new Int32Array(0);

  constructor(private readonly dir = os.tmpdir(), private readonly minGarbage = MIN_GARBAGE_TO_COMPACT, file?: { fd: number; remove(): void }) {
    this.file = file ?? scratchFile(dir);
  }

  /**
   * Writes the pages to `file` for the next start (a temporary file, then a rename), under `key`: what they were made
   * from (the catalogue snapshot they go with and the build that made them). Answers how many it wrote.
   */
  save(file: string, key: string): number {
    const ids: number[] = [];
    let bytes = 0;
    for (let id = 0; id < this.length.length; id++) {
      if (this.length[id]! > 0) { ids.push(id); bytes += this.length[id]!; }
    }
    // In the order they lie in this file (the saved index says which id each is), so that pages stored one after the
    // other are copied as one run, a few large reads instead of one a page: the product pages' HTML at 100,000
    // products (1.06 GB) is copied on the way out of a shutdown, where every second counts.
    ids.sort((a, b) => this.offset[a]! - this.offset[b]!);
    const dictionary = this.dictionary ?? Buffer.alloc(0);
    const header = Buffer.from(JSON.stringify({ key, label: this.label, count: ids.length, dictionary: dictionary.length, bytes } satisfies SavedHeader));
    const size = Buffer.alloc(4);
    size.writeUInt32LE(header.length);
    const idBytes = Buffer.from(Int32Array.from(ids).buffer);
    const lengthBytes = Buffer.from(Int32Array.from(ids, (id) => this.length[id]!).buffer);
    const temporary = temporaryFor(file);
    const out = fs.openSync(temporary, 'w', 0o600);
    try {
      let at = 0;
      for (const part of [SAVED_MAGIC, size, header, idBytes, lengthBytes, dictionary]) at += fs.writeSync(out, part, 0, part.length, at);
      const chunk = Buffer.allocUnsafe(SAVE_CHUNK);
      const copy = (from: number, to: number) => {
        for (let p = from; p < to;) {
          const n = Math.min(chunk.length, to - p);
          if (fs.readSync(this.file.fd, chunk, 0, n, p) !== n) throw new Error('short read of the page file');
          at += fs.writeSync(out, chunk, 0, n, at);
          p += n;
        }
      };
      let runFrom = 0;
      let runTo = 0;
      for (const id of ids) {
        const from = this.offset[id]!;
        if (from !== runTo) {
          copy(runFrom, runTo);
          runFrom = from;
        }
        runTo = from + this.length[id]!;
      }
      copy(runFrom, runTo);
      fs.fsyncSync(out);
    } catch (err) {
      fs.closeSync(out);
      fs.rmSync(temporary, { force: true });
      throw err;
    }
    fs.closeSync(out);
    fs.renameSync(temporary, file);
    return ids.length;
  }

  /**
   * The pages saved in `file` under `key`, as a store that goes on in that file (now without a name, so a crash
   * leaves nothing stale behind); undefined when there is no such file, it was saved under another key, or it is
   * not whole. The file is consumed either way.
   */
  static open(file: string, key: string, dir = os.tmpdir(), minGarbage = MIN_GARBAGE_TO_COMPACT): PageStore | undefined {
    if (!fs.existsSync(file)) return undefined;
    const opened = unlinkedOpen(file, 'r+');
    try {
      const read = (n: number, at: number) => {
        const b = Buffer.alloc(n);
        if (fs.readSync(opened.fd, b, 0, n, at) !== n) throw new Error('short page file');
        return b;
      };
      const total = fs.fstatSync(opened.fd).size;
      if (total < SAVED_MAGIC.length + 4 || !read(SAVED_MAGIC.length, 0).equals(SAVED_MAGIC)) throw new Error('not a page file');
      const headerLength = read(4, SAVED_MAGIC.length).readUInt32LE();
      let at = SAVED_MAGIC.length + 4;
      const header = JSON.parse(read(headerLength, at).toString('utf8')) as SavedHeader;
      at += headerLength;
      if (header.key !== key) throw new Error('saved for another catalogue or build');
      const ids = new Int32Array(read(header.count * 4, at).buffer.slice(0));
      at += header.count * 4;
      const lengths = new Int32Array(read(header.count * 4, at).buffer.slice(0));
      at += header.count * 4;
      const dictionary = header.dictionary ? read(header.dictionary, at) : undefined;
      at += header.dictionary;
      if (total !== at + header.bytes) throw new Error('page file not whole');
      const store = new PageStore(dir, minGarbage, opened);
      store.dictionary = dictionary;
      store.label = header.label;
      for (let i = 0; i < ids.length; i++) {
        store.place(ids[i]!, at, lengths[i]!);
        at += lengths[i]!;
      }
      store.end = at;
      store.garbage = at - header.bytes; // the header and index: rewritten away by the first compaction
      return store;
    } catch {
      fs.closeSync(opened.fd);
      opened.remove();
      return undefined;
    }
  }

  /**
   * A page's body. With `scratch` (large enough), a body kept as given is read into it and answered as a view of it,
   * valid until `scratch` is used again: a hot path that copies the body out at once allocates nothing here.
   */
  get(id: number, scratch?: Buffer): Buffer | undefined {
    const n = this.length[id] ?? 0;
    if (!n) return undefined;
    const stored = scratch && scratch.length >= n ? scratch.subarray(0, n) : Buffer.allocUnsafe(n);
    fs.readSync(this.file.fd, stored, 0, n, this.offset[id]!);
    const data = stored.subarray(1);
    if (stored[0] === AS_GIVEN) return data;
    return stored[0] === WITH_DICTIONARY ? zlib.inflateRawSync(data, { dictionary: this.dictionary! }) : zlib.inflateRawSync(data);
  }

  has(id: number) {
    return (this.length[id] ?? 0) > 0;
  }

  /**
   * Stores pages, compressed (the first pages that add up to a dictionary's worth become the dictionary), or `asGiven`
   * (bodies compressed already: `get` answers them as they were given).
   */
  setMany(bodies: Map<number, Buffer>, asGiven = false) {
    if (!this.dictionary && !asGiven) {
      const sample = Buffer.concat([...bodies.values()]);
      if (sample.length >= DICTIONARY_BYTES / 4) this.dictionary = Buffer.from(sample.subarray(-DICTIONARY_BYTES));
    }
    const packed: Buffer[] = [];
    for (const [id, body] of bodies) {
      const page = asGiven ? Buffer.concat([Buffer.of(AS_GIVEN), body])
        : this.dictionary ? Buffer.concat([Buffer.of(WITH_DICTIONARY), zlib.deflateRawSync(body, { level: LEVEL, dictionary: this.dictionary })])
          : Buffer.concat([Buffer.of(NO_DICTIONARY), zlib.deflateRawSync(body, { level: LEVEL })]);
      this.drop(id);
      this.place(id, this.end + packed.reduce((sum, p) => sum + p.length, 0), page.length);
      packed.push(page);
    }
    const all = Buffer.concat(packed);
    fs.writeSync(this.file.fd, all, 0, all.length, this.end);
    this.end += all.length;
    this.compactIfWasteful();
  }

  private place(id: number, at: number, n: number) {
    if (id >= this.length.length) {
      const size = Math.max(id + 1, this.length.length * 2, 1024);
      const o = new Float64Array(size);
      o.set(this.offset);
      const l = new Int32Array(size);
      l.set(this.length);
      this.offset = o;
      this.length = l;
    }
    this.offset[id] = at;
    this.length[id] = n;
  }

  delete(id: number) {
    this.drop(id);
    this.compactIfWasteful();
  }

  private drop(id: number) {
    const n = this.length[id] ?? 0;
    if (!n) return;
    this.length[id] = 0;
    this.garbage += n;
  }

  private compactIfWasteful() {
    if (this.garbage > this.minGarbage && this.garbage > this.end / 2) this.compact();
  }

  clear() {
    this.length.fill(0);
    this.garbage = 0;
    this.end = 0;
    fs.ftruncateSync(this.file.fd, 0);
  }

  /** Rewrites the live pages into a new file (the old one goes with its descriptor). */
  private compact() {
    const next = scratchFile(this.dir);
    let at = 0;
    for (let id = 0; id < this.length.length; id++) {
      const n = this.length[id]!;
      if (!n) continue;
      const page = Buffer.allocUnsafe(n);
      fs.readSync(this.file.fd, page, 0, n, this.offset[id]!);
      fs.writeSync(next.fd, page, 0, n, at);
      this.offset[id] = at;
      at += n;
    }
    this.close();
    this.file = next;
    this.end = at;
    this.garbage = 0;
  }

  /** How many pages are kept (a walk over the ids: for a log line, not for a request). */
  count(): number {
    let n = 0;
    for (let id = 0; id < this.length.length; id++) if (this.length[id]) n++;
    return n;
  }

  /** Bytes in the file (live pages and garbage), and those the process holds for it. */
  bytes() {
    return { file: this.end, memory: this.offset.byteLength + this.length.byteLength + (this.dictionary?.length ?? 0) };
  }

  close() {
    fs.closeSync(this.file.fd);
    this.file.remove();
  }
}
