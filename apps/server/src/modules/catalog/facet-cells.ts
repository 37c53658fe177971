/**
 * The listed products counted per category by their filter bits (`brand << 2 | in stock << 1 | discounted`, the
 * catalogue's `filterBits`): a listing's count and its facets without a price range add up a few hundred cells instead
 * of reading every product of the categories (decision 018). Kept by the catalogue on every add and removal.
 */
export class FacetCells {
  private readonly byCategory = new Map<number, Int32Array>();
  private every: Int32Array = new Int32Array(64);

  add(category: number, bits: number, by: number) {
    let cells: Int32Array = this.byCategory.get(category) ?? new Int32Array(64);
    cells = grown(cells, bits);
    this.byCategory.set(category, cells);
    cells[bits]! += by;
    this.every = grown(this.every, bits);
    this.every[bits]! += by;
  }

  /** The cells of a category, or of every product (undefined); none for a category that never had a product. */
  of(category: number | undefined): Int32Array | undefined {
    return category === undefined ? this.every : this.byCategory.get(category);
  }

  categories(): IterableIterator<[number, Int32Array]> {
    return this.byCategory.entries();
  }
}

function grown(cells: Int32Array, bits: number): Int32Array {
  if (bits < cells.length) return cells;
  const bigger = new Int32Array(Math.max(cells.length * 2, (bits + 1 + 3) & ~3));
  bigger.set(cells);
  return bigger;
}
