/**
 * A file of typed arrays and one small description of them (decision 018): the in-memory catalogue
 * saves itself so that a restart reads it back in a fraction of a second instead of rebuilding it from
 * every product. The arrays are written from and read into their own memory (no second copy of the
 * catalogue while saving or loading); the description is V8's serialisation of plain values.
 *
 * Layout: "SRKSNAP1", the description's length (uint32) and bytes, then each array at an 8-byte boundary.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { temporaryFor } from './save-file.js';

const MAGIC = Buffer.from('SRKSNAP1');

export type Packed = Int32Array | Uint8Array | Int16Array | Float32Array | Float64Array;
const KINDS = { Int32Array, Uint8Array, Int16Array, Float32Array, Float64Array } as const;
type Kind = keyof typeof KINDS;
/** A Buffer is stored as the Uint8Array it is. */
const kindOf = (a: Packed): Kind => (Object.keys(KINDS) as Kind[]).find((k) => a instanceof KINDS[k])!;

/** Collects arrays while the catalogue describes itself; `add` answers the number its description keeps. */
export class SnapshotWriter {
  readonly arrays: Packed[] = [];
  add(a: Packed): number {
    this.arrays.push(a);
    return this.arrays.length - 1;
  }

  /** Writes the file whole or not at all (a temporary file renamed into place). */
  write(file: string, meta: unknown) {
    const description = v8.serialize({ meta, arrays: this.arrays.map((a) => [kindOf(a), a.length]) });
    const tmp = temporaryFor(file);
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      const head = Buffer.alloc(12);
      MAGIC.copy(head);
      head.writeUInt32LE(description.length, 8);
      let at = 0;
      const put = (b: Uint8Array) => { fs.writeSync(fd, b, 0, b.length, at); at += b.length; };
      put(head);
      put(description);
      for (const a of this.arrays) {
        at = Math.ceil(at / 8) * 8;
        put(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      }
      fs.fsyncSync(fd);
    } catch (err) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
  }
}

/** Reads a snapshot: its description, and each array into memory of its own (with room to grow when asked). */
export class SnapshotReader {
  readonly meta: unknown;
  private readonly places: { kind: Kind; length: number; at: number }[] = [];

  private constructor(private readonly fd: number) {
    const head = Buffer.alloc(12);
    if (fs.readSync(fd, head, 0, 12, 0) !== 12 || !head.subarray(0, 8).equals(MAGIC)) throw new Error('not a catalogue snapshot');
    const description = Buffer.alloc(head.readUInt32LE(8));
    if (fs.readSync(fd, description, 0, description.length, 12) !== description.length) throw new Error('snapshot cut short');
    const { meta, arrays } = v8.deserialize(description) as { meta: unknown; arrays: [Kind, number][] };
    this.meta = meta;
    let at = 12 + description.length;
    for (const [kind, length] of arrays) {
      at = Math.ceil(at / 8) * 8;
      this.places.push({ kind, length, at });
      at += length * KINDS[kind].BYTES_PER_ELEMENT;
    }
    if (at > fs.fstatSync(fd).size) throw new Error('snapshot cut short');
  }

  /** Opens a snapshot file; undefined when there is none. */
  static open(file: string): SnapshotReader | undefined {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch {
      return undefined;
    }
    try {
      return new SnapshotReader(fd);
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
  }

  /** How many elements array number `i` has. */
  lengthOf(i: number): number {
    const place = this.places[i];
    if (!place) throw new Error(`snapshot has no array ${i}`);
    return place.length;
  }

  /** Array number `i`, in an array of at least `capacity` elements (the rest zero). */
  array<A extends Packed>(i: number, capacity = 0): A {
    const place = this.places[i];
    if (!place) throw new Error(`snapshot has no array ${i}`);
    return this.into(i, new KINDS[place.kind](Math.max(place.length, capacity)) as A);
  }

  /** Reads array number `i` into the start of `target` (of its kind, at least as long); answers it. */
  into<A extends Packed>(i: number, target: A): A {
    const place = this.places[i];
    if (!place) throw new Error(`snapshot has no array ${i}`);
    if (kindOf(target) !== place.kind) throw new Error(`snapshot array ${i} is a ${place.kind}`);
    if (target.length < place.length) throw new Error(`snapshot array ${i} does not fit`);
    const bytes = place.length * target.BYTES_PER_ELEMENT;
    if (bytes && fs.readSync(this.fd, new Uint8Array(target.buffer, target.byteOffset, bytes), 0, bytes, place.at) !== bytes) throw new Error('snapshot cut short');
    return target;
  }

  close() {
    fs.closeSync(this.fd);
  }
}
