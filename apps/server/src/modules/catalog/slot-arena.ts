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
