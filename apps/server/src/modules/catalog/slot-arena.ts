import type { SnapshotReader, SnapshotWriter } from './snapshot.js';

type Packed = Int32Array | Uint8Array;

/**
 * Variable-length values by slot, packed one after another in a single typed array (off the JS
 * heap, and one object instead of one per slot). A replaced or cleared value is garbage until the
 * array is next full: then the live values are compacted, into a larger array if they need it.
 */
export class SlotArena<A extends Packed> {
  data: A;
  start = new Int32Array(0);
  /** 0: no value. */
  len = new Int32Array(0);
  private used = 0;
  private garbage = 0;

  constructor(private readonly make: (n: number) => A) {
    this.data = make(1 << 16);
  }

  /** Room for `slots` slots. */
  grow(slots: number) {
    if (slots <= this.start.length) return;
    const size = Math.max(slots, this.start.length * 2, 1024);
    const s = new Int32Array(size);
    s.set(this.start);
    const l = new Int32Array(size);
    l.set(this.len);
    this.start = s;
    this.len = l;
  }

  /** Makes room for a value of `n` units at `slot` (its old value becomes garbage); answers where to write it. */
  reserve(slot: number, n: number): number {
    this.grow(slot + 1);
    this.clear(slot);
    if (this.used + n > this.data.length) this.compact(n);
    this.start[slot] = this.used;
    this.len[slot] = n;
    this.used += n;
    return this.start[slot]!;
  }

  clear(slot: number) {
    if (slot >= this.len.length) return;
    this.garbage += this.len[slot]!;
    this.len[slot] = 0;
  }

  get(slot: number): A | undefined {
    return slot < this.len.length && this.len[slot] ? this.data.subarray(this.start[slot]!, this.start[slot]! + this.len[slot]!) as A : undefined;
  }

  bytes() {
    return this.data.byteLength + this.start.byteLength + this.len.byteLength;
  }

  /** Fits the array to the live values and a little room (after a first load). */
  trim() {
    this.compact(0, true);
  }

  /** Describes the arena for a snapshot (its arrays go to the writer). */
  save(w: SnapshotWriter): ArenaState {
    return { data: w.add(this.data.subarray(0, this.used)), start: w.add(this.start), len: w.add(this.len), used: this.used, garbage: this.garbage };
  }

  /** Takes back what `save` described, with room to grow. */
  restore(m: ArenaState, r: SnapshotReader) {
    this.data = r.into(m.data, this.make(Math.max(1 << 16, Math.ceil(m.used * 1.25))));
    this.start = r.array(m.start);
    this.len = r.array(m.len);
    this.used = m.used;
    this.garbage = m.garbage;
  }

  private compact(need: number, fit = false) {
    const live = this.used - this.garbage;
    const size = Math.max(1 << 16, Math.ceil(((live + need) * (fit ? 1.1 : 1.5)) / 65536) * 65536);
    const next = this.make(fit || this.garbage > live || size > this.data.length ? size : this.data.length);
    let at = 0;
    for (let s = 0; s < this.len.length; s++) {
      if (!this.len[s]) continue;
      next.set(this.data.subarray(this.start[s]!, this.start[s]! + this.len[s]!), at);
      this.start[s] = at;
      at += this.len[s]!;
    }
    this.data = next;
    this.used = at;
    this.garbage = 0;
  }
}

/**
 * Growable lists of 32-bit integers by list id, all in one Int32Array: each list has room for twice
 * what it held when it last moved, and moves to the end when that room is full (its old place is
 * garbage until the array is next full and compacted). A hundred thousand short lists cost three
 * integers each here, where one small typed array each cost ≈ 200 bytes of objects and allocations.
 */
export class ListArena {
  data = new Int32Array(1 << 16);
  start = new Int32Array(1024);
  len = new Int32Array(1024);
  cap = new Int32Array(1024);
  count = 0;
  private used = 0;

  /** A new empty list; answers its id (ids are given in order: 0, 1, 2, …). */
  add(): number {
    if (this.count === this.start.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.start = grow(this.start);
      this.len = grow(this.len);
      this.cap = grow(this.cap);
    }
    return this.count++;
  }

  push(list: number, value: number) {
    const n = this.len[list]!;
    if (n === this.cap[list]) {
      const room = Math.max(1, n * 2);
      if (this.used + room > this.data.length) this.compact(room);
      this.data.copyWithin(this.used, this.start[list]!, this.start[list]! + n);
      this.start[list] = this.used;
      this.cap[list] = room;
      this.used += room;
    }
    this.data[this.start[list]! + n] = value;
    this.len[list] = n + 1;
  }

  /** Removes one occurrence of `value` (the list's order is not kept). */
  removeValue(list: number, value: number) {
    const from = this.start[list]!;
    const last = from + this.len[list]! - 1;
    for (let i = from; i <= last; i++) {
      if (this.data[i] === value) {
        this.data[i] = this.data[last]!;
        this.len[list] = last - from;
        return;
      }
    }
  }

  bytes() {
    return this.data.byteLength + this.start.byteLength + this.len.byteLength + this.cap.byteLength;
  }

  save(w: SnapshotWriter): ListsState {
    const n = this.count;
    return { data: w.add(this.data.subarray(0, this.used)), start: w.add(this.start.subarray(0, n)), len: w.add(this.len.subarray(0, n)), cap: w.add(this.cap.subarray(0, n)), count: n, used: this.used };
  }

  restore(m: ListsState, r: SnapshotReader) {
    const lists = Math.max(1024, m.count);
    this.data = r.array(m.data, Math.max(1 << 16, Math.ceil(m.used * 1.25)));
    this.start = r.array(m.start, lists);
    this.len = r.array(m.len, lists);
    this.cap = r.array(m.cap, lists);
    this.count = m.count;
    this.used = m.used;
  }

  /** Packs the lists (each keeps room for a quarter more) after a first load, or when the array is full. */
  compact(need = 0) {
    let live = 0;
    for (let l = 0; l < this.count; l++) live += this.len[l]! + (this.len[l]! >> 2);
    const size = Math.max(1 << 16, Math.ceil(((live + need) * 1.25) / 65536) * 65536);
    const next = new Int32Array(size);
    let at = 0;
    for (let l = 0; l < this.count; l++) {
      const n = this.len[l]!;
      next.set(this.data.subarray(this.start[l]!, this.start[l]! + n), at);
      this.start[l] = at;
      this.cap[l] = n + (n >> 2);
      at += this.cap[l]!;
    }
    this.data = next;
    this.used = at;
  }
}

export interface ArenaState { data: number; start: number; len: number; used: number; garbage: number }
export interface ListsState { data: number; start: number; len: number; cap: number; count: number; used: number }
