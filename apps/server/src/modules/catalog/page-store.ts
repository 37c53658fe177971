import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Bodies compressed with the shared dictionary start with this byte; others with NO_DICTIONARY. */
const WITH_DICTIONARY = 1;
const NO_DICTIONARY = 0;
/** Bytes of bodies a dictionary is taken from (deflate uses at most the last 32 KB). */
const DICTIONARY_BYTES = 32 * 1024;
const LEVEL = 6;
/** Garbage (replaced pages) the file may hold before it is rewritten, and at least this much. */
const MIN_GARBAGE_TO_COMPACT = 16 * 1024 * 1024;

/** What a saved page file begins with (then a header's length, the header, ids, lengths, dictionaries, pages). */
const SAVED_MAGIC = Buffer.from('SORKHAB-PAGES-2\n');
/** Bytes copied per write when a page file is saved. */
const SAVE_CHUNK = 4 * 1024 * 1024;

interface SavedHeader { key: string; label?: string; count: number; marks: string[]; dictionaries: number[]; bytes: number }

/** Raw deflate, with a dictionary when there is one (an empty one is none). */
const deflate = (part: Buffer, dictionary: Buffer | undefined) =>
  (dictionary?.length ? zlib.deflateRawSync(part, { level: LEVEL, dictionary }) : zlib.deflateRawSync(part, { level: LEVEL }));
const inflate = (data: Buffer, dictionary: Buffer | undefined) =>
  (dictionary?.length ? zlib.inflateRawSync(data, { dictionary }) : zlib.inflateRawSync(data));

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
 * product pages' HTML built ahead (web's pages-ahead.ts), cut into parts by `marks`.
 */
export class PageStore {
  /** What the pages were made under, as their owner says (saved and opened with them). */
  label: string | undefined;
  /** One per part of a body (the parts between `marks`); empty: that part has no dictionary. */
  private dictionaries: Buffer[] | undefined;
  private file: { fd: number; remove(): void };
  private end = 0;
  private garbage = 0;
  /** Product id → offset in the file and length (0: not stored). */
  private offset = new Float64Array(0);
  private length = new Int32Array(0);

  /**
   * `marks` cut a body into parts (each part begins at the first occurrence of its mark after the part before), each
   * compressed with a dictionary of its own taken from the same part of the first body stored: deflate reaches back at
   * most 32 KB, so one dictionary helps only a body's first 32 KB. A product's HTML page (≈ 55 KB) compresses to
   * ≈ 9 KB with one dictionary, ≈ 3 KB with its head, main part, footer and hydration data apart (decision 017).
   */
  constructor(private readonly dir = os.tmpdir(), private readonly minGarbage = MIN_GARBAGE_TO_COMPACT, file?: { fd: number; remove(): void },
    private readonly marks: readonly Buffer[] = []) {
    this.file = file ?? scratchFile(dir);
  }

  /** `body` cut at its marks, each part from its mark's first occurrence after the part before (not found: an empty part). */
  private parts(body: Buffer): Buffer[] {
    const parts: Buffer[] = [];
    let from = 0;
    for (const mark of this.marks) {
      const at = body.indexOf(mark, from);
      if (at >= 0) {
        parts.push(body.subarray(from, at));
        from = at;
      } else parts.push(body.subarray(from, from));
    }
    parts.push(body.subarray(from));
    return parts;
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
    const dictionaries = this.dictionaries ?? [];
    const header = Buffer.from(JSON.stringify({
      key, label: this.label, count: ids.length, marks: this.marks.map((m) => m.toString('base64')), dictionaries: dictionaries.map((d) => d.length), bytes,
    } satisfies SavedHeader));
    const size = Buffer.alloc(4);
    size.writeUInt32LE(header.length);
    const idBytes = Buffer.from(Int32Array.from(ids).buffer);
    const lengthBytes = Buffer.from(Int32Array.from(ids, (id) => this.length[id]!).buffer);
    const temporary = `${file}.${process.pid}.tmp`;
    const out = fs.openSync(temporary, 'w', 0o600);
    try {
      let at = 0;
      for (const part of [SAVED_MAGIC, size, header, idBytes, lengthBytes, ...dictionaries]) at += fs.writeSync(out, part, 0, part.length, at);
      let chunk = Buffer.allocUnsafe(SAVE_CHUNK);
      let filled = 0;
      for (const id of ids) {
        const n = this.length[id]!;
        if (filled + n > chunk.length) {
          at += fs.writeSync(out, chunk, 0, filled, at);
          filled = 0;
          if (n > chunk.length) chunk = Buffer.allocUnsafe(n);
        }
        fs.readSync(this.file.fd, chunk, filled, n, this.offset[id]!);
        filled += n;
      }
      fs.writeSync(out, chunk, 0, filled, at);
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
      const marks = header.marks.map((m) => Buffer.from(m, 'base64'));
      const dictionaries = header.dictionaries.map((n) => {
        const d = n ? read(n, at) : Buffer.alloc(0);
        at += n;
        return d;
      });
      if (dictionaries.length !== 0 && dictionaries.length !== marks.length + 1) throw new Error('page file not whole');
      if (total !== at + header.bytes) throw new Error('page file not whole');
      const store = new PageStore(dir, minGarbage, opened, marks);
      if (dictionaries.length) store.dictionaries = dictionaries;
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

  get(id: number): Buffer | undefined {
    const n = this.length[id] ?? 0;
    if (!n) return undefined;
    const stored = Buffer.allocUnsafe(n);
    fs.readSync(this.file.fd, stored, 0, n, this.offset[id]!);
    const withDictionary = stored[0] === WITH_DICTIONARY;
    // After the flag: the compressed length of each part but the last, then the parts.
    let at = 1 + 4 * this.marks.length;
    const parts: Buffer[] = [];
    for (let i = 0; i <= this.marks.length; i++) {
      const end = i < this.marks.length ? at + stored.readUInt32LE(1 + 4 * i) : stored.length;
      parts.push(inflate(stored.subarray(at, end), withDictionary ? this.dictionaries![i]! : undefined));
      at = end;
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  has(id: number) {
    return (this.length[id] ?? 0) > 0;
  }

  /**
   * Stores pages; the first pages that add up to a dictionary's worth become the dictionary (with `marks`, the first
   * page's parts become the parts' dictionaries).
   */
  setMany(bodies: Map<number, Buffer>) {
    if (!this.dictionaries) {
      if (this.marks.length) {
        const first = bodies.values().next().value;
        if (first) this.dictionaries = this.parts(first).map((part) => Buffer.from(part.subarray(-DICTIONARY_BYTES)));
      } else {
        const sample = Buffer.concat([...bodies.values()]);
        if (sample.length >= DICTIONARY_BYTES / 4) this.dictionaries = [Buffer.from(sample.subarray(-DICTIONARY_BYTES))];
      }
    }
    const packed: Buffer[] = [];
    for (const [id, body] of bodies) {
      const data = this.parts(body).map((part, i) => deflate(part, this.dictionaries?.[i]));
      const lengths = Buffer.alloc(4 * this.marks.length);
      for (let i = 0; i < this.marks.length; i++) lengths.writeUInt32LE(data[i]!.length, 4 * i);
      const page = Buffer.concat([Buffer.of(this.dictionaries ? WITH_DICTIONARY : NO_DICTIONARY), lengths, ...data]);
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

  /** Bytes in the file (live pages and garbage), and those the process holds for it. */
  bytes() {
    return { file: this.end, memory: this.offset.byteLength + this.length.byteLength + (this.dictionaries ?? []).reduce((n, d) => n + d.length, 0) };
  }

  close() {
    fs.closeSync(this.file.fd);
    this.file.remove();
  }
}
