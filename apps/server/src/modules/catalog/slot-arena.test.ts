import { describe, expect, it } from 'vitest';
import { Rng } from '../../seed/prng.js';
import { ListArena, SlotArena } from './slot-arena.js';

const listOf = (arena: ListArena, id: number) => [...arena.data.subarray(arena.start[id]!, arena.start[id]! + arena.len[id]!)].sort((a, b) => a - b);

describe('ListArena', () => {
  it('keeps every list equal to a plain array through 200,000 pushes and removals, moves and compactions', () => {
    const arena = new ListArena();
    const model: number[][] = [];
    const r = new Rng(7);
    for (let step = 0; step < 200_000; step++) {
      if (model.length < 5_000 && r.next() < 0.05) {
        expect(arena.add()).toBe(model.length);
        model.push([]);
        continue;
      }
      if (model.length === 0) continue;
      // A few long lists and many short ones, as posting lists are.
      const id = r.next() < 0.3 ? r.int(0, Math.min(9, model.length - 1)) : r.int(0, model.length - 1);
      const list = model[id]!;
      if (list.length && r.next() < 0.35) {
        const v = list.splice(r.int(0, list.length - 1), 1)[0]!;
        arena.removeValue(id, v);
      } else {
        const v = r.int(0, 1_000_000);
        list.push(v);
        arena.push(id, v);
      }
      if (step % 50_000 === 0) arena.compact();
    }
    expect(arena.count).toBe(model.length);
    for (let id = 0; id < model.length; id++) expect(listOf(arena, id)).toEqual([...model[id]!].sort((a, b) => a - b));
    // Packed after a first load: far less than one small array per list would take.
    arena.compact();
    for (let id = 0; id < model.length; id++) expect(listOf(arena, id)).toEqual([...model[id]!].sort((a, b) => a - b));
  });

  it('removing a value it does not hold changes nothing', () => {
    const arena = new ListArena();
    const a = arena.add();
    arena.push(a, 1);
    arena.push(a, 2);
    arena.removeValue(a, 3);
    expect(listOf(arena, a)).toEqual([1, 2]);
  });
});

describe('SlotArena', () => {
  it('answers each slot its last value through rewrites and compactions', () => {
    const arena = new SlotArena<Int32Array>((n) => new Int32Array(n));
    const model = new Map<number, number[]>();
    const r = new Rng(11);
    for (let step = 0; step < 50_000; step++) {
      const slot = r.int(0, 2_000);
      if (r.next() < 0.2) {
        arena.clear(slot);
        model.delete(slot);
        continue;
      }
      const value = Array.from({ length: r.int(1, 40) }, () => r.int(0, 1e6));
      const at = arena.reserve(slot, value.length);
      arena.data.set(value, at);
      model.set(slot, value);
    }
    for (let slot = 0; slot <= 2_000; slot++) expect(arena.get(slot) ? [...arena.get(slot)!] : undefined).toEqual(model.get(slot));
  });
});
