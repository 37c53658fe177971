import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { liveFor } from './save-file.js';

/** Garbage (replaced pages) the file may hold before it is rewritten, and at least this much. */
const MIN_GARBAGE_TO_COMPACT = 16 * 1024 * 1024;

/** What a saved page file ends with (after its pages, its index, and the index's length). */
const SAVED_MAGIC = Buffer.from('SORKHAB-PAGES-5\n');
/** The index's length and the magic: the last bytes of a saved file. */
const FOOTER = 4 + SAVED_MAGIC.length;

/** Bytes a compaction copies at a time before other work runs (≈ 1 ms of the thread). */
const COMPACT_STEP = 1024 * 1024;

/** A compaction under way: the live pages when it began, in id order, and where each is copied to. */
interface Compaction {
  next: LiveFile;
  ids: Int32Array;
  from: Float64Array;
  lengths: Int32Array;
  to: Float64Array;
  /** Pages of `ids` copied so far, and bytes written to `next`. */
  copied: number;
  at: number;
  /** Pages stored since it began: in `next` already. */
  written: Set<number>;
  done: Promise<void>;
  settle(): void;
}

/**
 * Removes a store's file, and closes it on the thread pool: the last close of a removed file frees its blocks, which
 * for the product pages' HTML (a gigabyte at 100,000 products) held the closing thread for a third of a second.
 */
function release(file: LiveFile) {
  file.remove();
  fs.close(file.fd, () => {});
}

/** Copies `n` bytes at `from` in one file to `to` in another, a chunk at a time. */
function copyBytes(fromFd: number, from: number, toFd: number, to: number, n: number) {
  const chunk = Buffer.allocUnsafe(Math.min(n, COMPACT_STEP));
  for (let done = 0; done < n;) {
    const size = Math.min(chunk.length, n - done);
    if (fs.readSync(fromFd, chunk, 0, size, from + done) !== size) throw new Error('short read of the page file');
    fs.writeSync(toFd, chunk, 0, size, to + done);
    done += size;
  }
}

interface SavedHeader { key: string; label?: string; count: number; end: number; bytes: number }

/** The file a store's pages are in, and how it goes when the store is closed. */
interface LiveFile { fd: number; remove(): void; name?: string }

let liveFiles = 0;

/** A file that disappears with the process: unlinked as soon as it is open (where the OS allows). */
function scratchFile(dir: string): LiveFile {
  return unlinkedOpen(path.join(dir, `sorkhab-pages-${process.pid}-${Math.random().toString(36).slice(2)}.bin`), 'w+');
}

/**
 * A file beside `home`, named as save-file.ts's `liveFor` names it, so that a save can rename it to `home` and a start
 * after a crash can remove it.
 */
function namedFile(home: string, from?: string): LiveFile {
  const name = liveFor(home, ++liveFiles);
  if (from) fs.renameSync(from, name);
  const fd = fs.openSync(name, from ? 'r+' : 'w+', 0o600);
  return { fd, name, remove: () => fs.rmSync(name, { force: true }) };
}

function unlinkedOpen(file: string, flags: string): LiveFile {
  const fd = fs.openSync(file, flags, 0o600);
  let removed = false;
  try {
    fs.unlinkSync(file);
    removed = true;
  } catch { /* Windows: removed on close */ }
  return { fd, remove: () => { if (!removed) fs.rmSync(file, { force: true }); } };
}

/**
 * Product pages kept in a file of their own (beside the file they are saved as, or unnamed in the system's temporary
 * folder), as they are given — already compressed by their maker, to be sent as such — their places in typed arrays by
 * product id (decision 015): the JSON bodies of Product/ById, gzipped at the best level (catalog-sync.ts; ≈ 1.4 KB of a
 * 4–7 KB page), and the product pages' HTML built ahead (web's pages-ahead.ts). The file is not the process's memory:
 * the operating system keeps its hot parts in its page cache, so 100,000 pages (≈ 140 MB of JSON) cost the server 12
 * bytes each. Reading one costs a positioned read. (Until the thirty-fourth session the JSON was kept as raw deflate
 * with a dictionary taken from the first pages, ≈ 630 bytes a page, and inflated for each answer: ≈ 20 µs, then
 * compressed again for a browser.)
 */
export class PageStore {
  /** What the pages were made under, as their owner says (saved and opened with them). */
  label: string | undefined;
  private file: LiveFile;
  private end = 0;
  private garbage = 0;
  /** Product id → offset in the file and length (0: not stored). */
  private offset = new Float64Array(0);
  private length = new Int32Array(0);
  /** Where the pages are saved (`save`): the store lives in a file beside it; without one, in an unnamed file in `dir`. */
  private readonly home: string | undefined;
  private readonly dir: string;
  private readonly minGarbage: number;
  /** Saved: the file is the saved one now, and the store only reads. */
  private saved = false;
  private compaction: Compaction | undefined;

  constructor(options: { home?: string; dir?: string; minGarbage?: number } = {}, file?: LiveFile) {
    this.home = options.home;
    this.dir = options.dir ?? os.tmpdir();
    this.minGarbage = options.minGarbage ?? MIN_GARBAGE_TO_COMPACT;
    this.file = file ?? this.newFile();
  }

  private newFile(): LiveFile {
    return this.home ? namedFile(this.home) : scratchFile(this.dir);
  }

  /**
   * Saves the pages at its home for the next start, under `key`: what they were made from (the catalogue snapshot they
   * go with and the build that made them). Answers how many it saved. The pages stay where they are: their index is
   * written after them and the file renamed to its home, so that saving the product pages' HTML at 100,000 products
   * (1.06 GB) on the way out of a shutdown costs what its index costs, not a copy (decision 015). The store only reads
   * from then on (it is closed next).
   */
  save(key: string): number {
    const live = this.file.name;
    if (!this.home || !live) throw new Error('a page store without a home is not saved');
    this.writable();
    this.stopCompaction(); // its file is whole until the new one takes over
    const ids: number[] = [];
    let bytes = 0;
    for (let id = 0; id < this.length.length; id++) {
      if (this.length[id]! > 0) { ids.push(id); bytes += this.length[id]!; }
    }
    const header = Buffer.from(JSON.stringify({ key, label: this.label, count: ids.length, end: this.end, bytes } satisfies SavedHeader));
    const headerLength = Buffer.alloc(4);
    headerLength.writeUInt32LE(header.length);
    const index = [headerLength, header, Buffer.from(Int32Array.from(ids).buffer), Buffer.from(Float64Array.from(ids, (id) => this.offset[id]!).buffer),
      Buffer.from(Int32Array.from(ids, (id) => this.length[id]!).buffer)];
    const footer = Buffer.alloc(FOOTER);
    footer.writeUInt32LE(index.reduce((n, part) => n + part.length, 0));
    SAVED_MAGIC.copy(footer, 4);
    let at = this.end;
    for (const part of [...index, footer]) at += fs.writeSync(this.file.fd, part, 0, part.length, at);
    fs.ftruncateSync(this.file.fd, at);
    fs.fsyncSync(this.file.fd);
    fs.renameSync(live, this.home);
    this.file = { fd: this.file.fd, remove: () => {} };
    this.saved = true;
    return ids.length;
  }

  /**
   * The pages saved at `home` under `key`, as a store that goes on in that file (renamed as a live one: a crash from
   * here on leaves nothing stale behind); undefined when there is no such file, it was saved under another key, or it
   * is not whole. The saved file is consumed either way.
   */
  static open(home: string, key: string): PageStore | undefined {
    if (!fs.existsSync(home)) return undefined;
    const opened = namedFile(home, home);
    try {
      const read = (n: number, at: number) => {
        const b = Buffer.alloc(n);
        if (n && fs.readSync(opened.fd, b, 0, n, at) !== n) throw new Error('short page file');
        return b;
      };
      const total = fs.fstatSync(opened.fd).size;
      if (total < FOOTER || !read(SAVED_MAGIC.length, total - SAVED_MAGIC.length).equals(SAVED_MAGIC)) throw new Error('not a page file');
      const indexLength = read(4, total - FOOTER).readUInt32LE();
      if (indexLength < 4 || indexLength > total - FOOTER) throw new Error('not a page file');
      let at = total - FOOTER - indexLength;
      const indexAt = at;
      const headerLength = read(4, at).readUInt32LE();
      at += 4;
      const header = JSON.parse(read(headerLength, at).toString('utf8')) as SavedHeader;
      at += headerLength;
      if (header.key !== key) throw new Error('saved for another catalogue or build');
      if (header.end !== indexAt || 4 + headerLength + header.count * 16 !== indexLength) throw new Error('page file not whole');
      const ids = new Int32Array(read(header.count * 4, at).buffer);
      at += header.count * 4;
      const offsets = new Float64Array(read(header.count * 8, at).buffer);
      at += header.count * 8;
      const lengths = new Int32Array(read(header.count * 4, at).buffer);
      const store = new PageStore({ home }, opened);
      store.label = header.label;
      let bytes = 0;
      for (let i = 0; i < ids.length; i++) {
        if (!(offsets[i]! >= 0 && lengths[i]! > 0 && offsets[i]! + lengths[i]! <= header.end)) throw new Error('page file not whole');
        store.place(ids[i]!, offsets[i]!, lengths[i]!);
        bytes += lengths[i]!;
      }
      if (bytes !== header.bytes) throw new Error('page file not whole');
      fs.ftruncateSync(opened.fd, header.end); // its index: rewritten when it is saved again
      store.end = header.end;
      store.garbage = header.end - header.bytes; // replaced pages it was saved with: rewritten away by a compaction
      return store;
    } catch {
      fs.closeSync(opened.fd);
      opened.remove();
      return undefined;
    }
  }

  /** Throws once the store is saved: its file is the saved one. */
  private writable() {
    if (this.saved) throw new Error('the page store is saved: it no longer changes');
  }

  /**
   * A page's body, as it was given. With `scratch` (large enough), it is read into it and answered as a view of it,
   * valid until `scratch` is used again: a hot path that copies the body out at once allocates nothing here.
   */
  get(id: number, scratch?: Buffer): Buffer | undefined {
    const n = this.length[id] ?? 0;
    if (!n) return undefined;
    const stored = scratch && scratch.length >= n ? scratch.subarray(0, n) : Buffer.allocUnsafe(n);
    fs.readSync(this.compaction?.written.has(id) ? this.compaction.next.fd : this.file.fd, stored, 0, n, this.offset[id]!);
    return stored;
  }

  has(id: number) {
    return (this.length[id] ?? 0) > 0;
  }

  /** Stores pages as they are given (compressed by their maker: `get` answers them so). */
  setMany(bodies: Map<number, Buffer>) {
    this.writable();
    // While a compaction is under way, pages are stored in its new file (where it copies the others to).
    const c = this.compaction;
    const start = c ? c.at : this.end;
    let n = 0;
    for (const [id, body] of bodies) {
      this.drop(id);
      this.place(id, start + n, body.length);
      c?.written.add(id);
      n += body.length;
    }
    const all = Buffer.concat([...bodies.values()]);
    fs.writeSync(c ? c.next.fd : this.file.fd, all, 0, all.length, start);
    if (c) c.at += all.length;
    else this.end += all.length;
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
    this.writable();
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
    if (!this.compaction && this.garbage > this.minGarbage && this.garbage > this.end / 2) this.startCompaction();
  }

  clear() {
    this.writable();
    this.length.fill(0);
    this.stopCompaction();
    this.garbage = 0;
    this.end = 0;
    fs.ftruncateSync(this.file.fd, 0);
  }

  /**
   * Rewrites the live pages into a new file (the old one goes with its descriptor), `COMPACT_STEP` bytes at a time
   * between other work: at 100,000 products the HTML's file is a gigabyte, and copying it in one go held the thread
   * for 4.8 s (decision 015). Pages are read from the old file until the new one takes over; a page stored or dropped
   * meanwhile is what it is then (the copy of one that changed is not used).
   */
  private startCompaction() {
    // In id order, in typed arrays filled by hand: sorting 100,000 pages by their place in the file and filling the
    // arrays from a list held the thread for 45–70 ms; neighbours in the old file are still copied with one read.
    let count = 0;
    for (let id = 0; id < this.length.length; id++) if (this.length[id]! > 0) count++;
    const ids = new Int32Array(count);
    const from = new Float64Array(count);
    const lengths = new Int32Array(count);
    for (let id = 0, k = 0; id < this.length.length; id++) {
      if (this.length[id]! <= 0) continue;
      ids[k] = id;
      from[k] = this.offset[id]!;
      lengths[k++] = this.length[id]!;
    }
    const c: Compaction = {
      next: this.newFile(), ids, from, lengths, to: new Float64Array(count), copied: 0, at: 0, written: new Set(), done: undefined!, settle: undefined!,
    };
    c.done = new Promise((resolve) => { c.settle = resolve; });
    this.compaction = c;
    setImmediate(() => this.compactionStep(c));
  }

  private compactionStep(c: Compaction) {
    if (this.compaction !== c) return;
    try {
      const stepEnd = c.at + COMPACT_STEP;
      while (c.copied < c.ids.length && c.at < stepEnd) {
        // A run of pages lying one after the other in the old file, copied with one read.
        const first = c.copied;
        let n = c.lengths[first]!;
        let last = first + 1;
        while (last < c.ids.length && c.from[last] === c.from[first]! + n && c.at + n + c.lengths[last]! <= stepEnd) n += c.lengths[last++]!;
        copyBytes(this.file.fd, c.from[first]!, c.next.fd, c.at, n);
        for (let k = first; k < last; k++) c.to[k] = c.at + (c.from[k]! - c.from[first]!);
        c.at += n;
        c.copied = last;
      }
      if (c.copied < c.ids.length) {
        setImmediate(() => this.compactionStep(c));
        return;
      }
      this.finishCompaction(c);
    } catch {
      // The old file is still whole: the store goes on in it (a full disk, say), and tries again after its next change.
      this.stopCompaction();
    }
  }

  /** The new file takes over: the pages copied that are still as they were, and those stored since, are all in it. */
  private finishCompaction(c: Compaction) {
    let live = 0;
    for (let k = 0; k < c.ids.length; k++) {
      const id = c.ids[k]!;
      if (this.length[id] === c.lengths[k] && this.offset[id] === c.from[k] && !c.written.has(id)) this.offset[id] = c.to[k]!;
    }
    for (let id = 0; id < this.length.length; id++) live += this.length[id]!;
    this.compaction = undefined;
    release(this.file);
    this.file = c.next;
    this.end = c.at;
    this.garbage = c.at - live;
    c.settle();
  }

  /** Stops a compaction: the pages stored since it began are copied back to the store's file (dropped if they cannot be). */
  private stopCompaction() {
    const c = this.compaction;
    if (!c) return;
    this.compaction = undefined;
    for (const id of c.written) {
      const n = this.length[id]!;
      if (!n) continue;
      try {
        copyBytes(c.next.fd, this.offset[id]!, this.file.fd, this.end, n);
        this.offset[id] = this.end;
        this.end += n;
      } catch {
        this.length[id] = 0;
      }
    }
    release(c.next);
    c.settle();
  }

  /** Whether a compaction is under way. */
  get compacting(): boolean {
    return this.compaction !== undefined;
  }

  /** Resolves when no compaction is under way (tests; a compaction goes on by itself). */
  async compacted(): Promise<void> {
    while (this.compaction) await this.compaction.done;
  }

  /** How many pages are kept (a walk over the ids: for a log line, not for a request). */
  count(): number {
    let n = 0;
    for (let id = 0; id < this.length.length; id++) if (this.length[id]) n++;
    return n;
  }

  /** Bytes in the file (live pages and garbage), and those the process holds for it. */
  bytes() {
    return { file: this.end, memory: this.offset.byteLength + this.length.byteLength };
  }

  close() {
    this.stopCompaction();
    release(this.file);
  }
}
