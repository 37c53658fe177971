/**
 * The storefront's products in memory, for listings and search (decision 015): one slot per visible
 * product, its numbers in typed arrays (off the JavaScript heap), its card's texts as UTF-8 in one
 * arena, every ordering the storefront sorts by kept sorted per category, and the search words in
 * an inverted index. Changes arrive product by product (catalog-sync.ts applies the database's change
 * log), so a write costs the products it touched, never a reload of the catalogue.
 *
 * Measured size: see `bytes()` and docs/decisions/015-catalogue-in-memory.md (about 230 bytes a
 * product at 100,000 products).
 */
import { LRUCache } from 'lru-cache';
import { SearchIndex, topK, type SearchState } from './search-match.js';
import { SlotArena, type ArenaState } from './slot-arena.js';
import type { Packed, SnapshotReader, SnapshotWriter } from './snapshot.js';
import { JsonBytes, jsonElementRanges, writeImageVariants } from './json-bytes.js';
import { FacetCells } from './facet-cells.js';

/** What the index keeps of one product (a row of `products`, visible on the storefront). */
export interface CatalogRow {
  id: number;
  title: string;
  alias: string;
  imageUri: string | null;
  tags: string;
  price: number;
  offPrice: number;
  offPersent: number;
  hasOff: boolean;
  /** Some combination sells above `price` (the cheapest's). */
  priceVaries: boolean;
  rate: number;
  /** The approved reviews' average and count (decision 025). */
  ratingAverage: number;
  ratingCount: number;
  brandId: number | null;
  categoryId: number;
  stock: number;
  soldCount: number;
  createdAt: number;
  searchText: string;
}

/** A listing's filters, in the index's terms (categories already expanded to their descendants). */
export interface CatalogQuery {
  categoryIds?: number[];
  brandIds?: number[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  hasOff?: boolean;
  /** A normalised search text. */
  search?: string;
  /** Absent: relevance for a search, newest otherwise. */
  sort?: CatalogSort;
  offset: number;
  limit: number;
}

export type CardRow = Omit<CatalogRow, 'searchText' | 'createdAt' | 'soldCount'>;

/** What a card's JSON text takes from outside the catalogue (see `CatalogIndex.cardJson`), each as JSON text. */
export interface CardJsonParts {
  /** The brand object (`{"id":…,"title":…}`) or `null`, for a brand id (0: none). */
  brand(brandId: number): Buffer;
  categoryTitle(categoryId: number): Buffer;
}

/** A listing's filters without its order and page: what its facets are counted over. */
export type FacetQuery = Omit<CatalogQuery, 'sort' | 'offset' | 'limit'> & {
  /** Count the products' own categories too (the listings whose category is a filter, not the page). */
  withCategories?: boolean;
};

/**
 * How many products the listing holds (`total`); per brand, how many it would hold with that brand
 * alone of the brand filter (every other filter kept), so a shopper sees the brands a second pick could add;
 * per category likewise without the category filter, when asked for.
 */
export interface Facets {
  total: number;
  brands: Map<number, number>;
  categories: Map<number, number> | null;
  /**
   * The dearest price (`offPrice`) among the products in the category filter that hold the words searched, whatever
   * the brand, price, stock and discount filters: the price slider's end (0: none).
   */
  dearest: number;
}

const SORTS = ['newest', 'cheapest', 'dearest', 'bestselling', 'discount', 'popular'] as const;
type Sort = (typeof SORTS)[number];
/** The orderings a listing can ask for; relevance only with a search. */
export type CatalogSort = Sort | 'relevance';
/** How many first results of a search are remembered (five pages of 12), and for how many searches. */
const SEARCH_KEPT = 60;
const SEARCHES_KEPT = 4096;
/** What each sort compares first (`compare`), as a key that is greater for the slot ranked first. */
const SORT_KEY = {
  newest: { of: 'created', sign: 1 },
  cheapest: { of: 'offPrice', sign: -1 },
  dearest: { of: 'offPrice', sign: 1 },
  bestselling: { of: 'sold', sign: 1 },
  discount: { of: 'offPersent', sign: 1 },
  popular: { of: 'ratingAverage', sign: 1 },
} as const satisfies Record<Sort, { of: string; sign: 1 | -1 }>;
/** Sentinel "category" holding every product (listings without a category). */
const ALL = -1;

/** A list of slots kept in one order; the order's keys must be read before a slot's values change. */
class SortedSlots {
  a = new Int32Array(8);
  n = 0;
  constructor(private readonly before: (x: number, y: number) => number) {}

  /** First index whose slot does not come before `slot`. */
  private lowerBound(slot: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.before(this.a[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(slot: number) {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    const at = this.lowerBound(slot);
    this.a.copyWithin(at + 1, at, this.n);
    this.a[at] = slot;
    this.n++;
  }

  /**
   * Whether the list is in its order (a snapshot written by a build whose orders differed is not). `key` is what the
   * order compares first (greater for the slot ranked first, as `SORT_KEY` says), read straight from its column: the
   * comparator runs only on its ties (the whole check through the comparator was a third of a start's catalogue read).
   */
  inOrder(key: { values: ArrayLike<number>; sign: number }): boolean {
    const { values, sign } = key;
    for (let i = 1; i < this.n; i++) {
      const x = this.a[i - 1]!;
      const y = this.a[i]!;
      const kx = sign * values[x]!;
      const ky = sign * values[y]!;
      if (kx > ky) continue;
      if (kx < ky || this.before(x, y) >= 0) return false;
    }
    return true;
  }

  remove(slot: number) {
    const at = this.lowerBound(slot);
    if (this.a[at] !== slot) throw new Error(`catalog index: slot ${slot} is not where its order says`);
    this.a.copyWithin(at, at + 1, this.n);
    this.n--;
  }

  /** Takes slots already in this list's order (the first load). */
  fill(sorted: Int32Array, n: number) {
    this.a = new Int32Array(Math.max(8, n));
    this.a.set(sorted.subarray(0, n));
    this.n = n;
  }
}

export class CatalogIndex {
  private capacity = 0;
  private count = 0;
  private id = new Int32Array(0);
  private category = new Int32Array(0);
  private brand = new Int32Array(0);
  private price = new Float64Array(0);
  private offPrice = new Float64Array(0);
  private offPersent = new Int16Array(0);
  private hasOff = new Uint8Array(0);
  private priceVaries = new Uint8Array(0);
  private rate = new Float32Array(0);
  private ratingAverage = new Float32Array(0);
  private ratingCount = new Int32Array(0);
  private stock = new Int32Array(0);
  private sold = new Int32Array(0);
  private created = new Float64Array(0);
  private live = new Uint8Array(0);
  /**
   * The listing filters' fields of a slot in one number, `brand << 2 | in stock << 1 | discounted`: a filtered listing's
   * count reads every product of its categories in their sort's order, and one array read where it was up to three is
   * most of that scan's cost (random reads over 100,000 slots). Made from the columns, so not in the snapshot.
   */
  private filterBits = new Int32Array(0);
  /** Product id → slot + 1 (0: not in the index). */
  private slotOf = new Int32Array(0);
  private freeSlots: number[] = [];
  /** The largest brand and category ids listed (the size of a query's masks). */
  private maxBrand = 0;
  private maxCategory = 0;
  /** Reused by cardJson: where a card's four texts lie in its stored JSON. */
  private readonly textRanges = new Int32Array(8);
  /** Reused by a listing in a narrow price range: its matches; and topK's keys (zeros) for an order by comparator. */
  private matchScratch = new Int32Array(0);
  private keyScratch = new Float64Array(0);
  /** Reused by listings: each run's first matches. */
  private scratch = new Int32Array(1024);
  /** Brand id (0: none) → how many products of it are listed. */
  private readonly perBrand = new Map<number, number>();
  /** Listed products per category and filter bits (counts without reading them). */
  private readonly cells = new FacetCells();
  /** Each product's card texts, as the UTF-8 of a JSON array. */
  private readonly texts = new SlotArena<Buffer>((n) => Buffer.alloc(n));
  readonly search = new SearchIndex();
  private readonly searches = new LRUCache<string, { total: number; slots: Int32Array }>({ max: SEARCHES_KEPT });
  /** Category id (or ALL) → one sorted list per ordering. */
  private readonly lists = new Map<number, Record<Sort, SortedSlots>>();
  private readonly compare: Record<Sort, (a: number, b: number) => number>;

  constructor() {
    const byId = (a: number, b: number) => this.id[b]! - this.id[a]!; // newer id first on ties
    this.compare = {
      newest: (a, b) => this.created[b]! - this.created[a]! || byId(a, b),
      cheapest: (a, b) => this.offPrice[a]! - this.offPrice[b]! || this.id[a]! - this.id[b]!, // ties: older first, as SQL reads (off_price, id) forward
      dearest: (a, b) => this.offPrice[b]! - this.offPrice[a]! || byId(a, b),
      bestselling: (a, b) => this.sold[b]! - this.sold[a]! || byId(a, b),
      discount: (a, b) => this.offPersent[b]! - this.offPersent[a]! || byId(a, b),
      popular: (a, b) => this.ratingAverage[b]! - this.ratingAverage[a]! || this.ratingCount[b]! - this.ratingCount[a]! || this.sold[b]! - this.sold[a]! || byId(a, b),
    };
  }

  get size() {
    return this.count;
  }

  /** Bytes the index holds: its typed arrays, the text arena, the orderings and the search index. */
  bytes(): number {
    const columns = [this.id, this.category, this.brand, this.price, this.offPrice, this.offPersent, this.hasOff, this.priceVaries, this.rate,
      this.ratingAverage, this.ratingCount, this.stock, this.sold, this.created, this.live, this.slotOf].reduce((sum, a) => sum + a.byteLength, 0);
    let lists = 0;
    for (const l of this.lists.values()) for (const s of SORTS) lists += l[s].a.byteLength;
    return columns + this.texts.bytes() + lists + this.search.bytes();
  }

  private columns() {
    return { id: this.id, category: this.category, brand: this.brand, price: this.price, offPrice: this.offPrice, offPersent: this.offPersent,
      hasOff: this.hasOff, priceVaries: this.priceVaries, rate: this.rate, ratingAverage: this.ratingAverage, ratingCount: this.ratingCount, stock: this.stock, sold: this.sold, created: this.created, live: this.live };
  }

  /** Describes the index for a snapshot (snapshot.ts); its arrays go to the writer as they are. */
  save(w: SnapshotWriter): IndexState {
    const columns = Object.fromEntries(Object.entries(this.columns()).map(([k, a]) => [k, w.add(a)])) as Record<keyof ReturnType<CatalogIndex['columns']>, number>;
    return {
      capacity: this.capacity, count: this.count, columns, slotOf: w.add(this.slotOf), freeSlots: this.freeSlots,
      perBrand: [...this.perBrand], maxBrand: this.maxBrand, maxCategory: this.maxCategory,
      texts: this.texts.save(w), search: this.search.save(w),
      lists: [...this.lists].map(([c, l]) => [c, SORTS.map((s) => w.add(l[s].a.subarray(0, l[s].n)))]),
    };
  }

  /** An index as `save` described it. */
  static restore(m: IndexState, r: SnapshotReader): CatalogIndex {
    const index = new CatalogIndex();
    const read = <A extends Packed>(i: number) => r.array<A>(i);
    const c = m.columns;
    index.id = read(c.id); index.category = read(c.category); index.brand = read(c.brand); index.price = read(c.price);
    index.offPrice = read(c.offPrice); index.offPersent = read(c.offPersent); index.hasOff = read(c.hasOff); index.priceVaries = read(c.priceVaries); index.rate = read(c.rate);
    index.ratingAverage = read(c.ratingAverage); index.ratingCount = read(c.ratingCount);
    index.stock = read(c.stock); index.sold = read(c.sold); index.created = read(c.created); index.live = read(c.live);
    index.filterBits = new Int32Array(m.capacity);
    for (let slot = 0; slot < m.capacity; slot++) {
      index.setFilterBits(slot);
      if (index.live[slot] === 1) index.cells.add(index.category[slot]!, index.filterBits[slot]!, 1);
    }
    index.capacity = m.capacity;
    index.count = m.count;
    index.slotOf = read(m.slotOf);
    index.freeSlots = m.freeSlots;
    for (const [b, n] of m.perBrand) index.perBrand.set(b, n);
    index.maxBrand = m.maxBrand;
    index.maxCategory = m.maxCategory;
    index.texts.restore(m.texts, r);
    index.search.restore(m.search, r);
    for (const [category, arrays] of m.lists) {
      const l = index.listsOf(category);
      SORTS.forEach((s, k) => {
        l[s].n = r.lengthOf(arrays[k]!);
        l[s].a = r.array(arrays[k]!, Math.max(8, l[s].n));
        // Kept orders are only good under the comparators that made them: a build that sorts otherwise (the popular
        // sort moved from `rate` to the reviews) would find nothing where it looks, so such a file is not used.
        if (!l[s].inOrder({ values: index[SORT_KEY[s].of], sign: SORT_KEY[s].sign })) throw new Error(`catalogue snapshot: the ${s} order of category ${category} is not this build's`);
      });
    }
    return index;
  }

  /** The products' ids, in id order. */
  productIds(): Int32Array {
    const out = new Int32Array(this.count);
    let n = 0;
    for (let id = 0; id < this.slotOf.length; id++) if (this.slotOf[id]) out[n++] = id;
    return out;
  }

  has(productId: number) {
    return (this.slotOf[productId] ?? 0) > 0;
  }

  private listsOf(categoryId: number): Record<Sort, SortedSlots> {
    let l = this.lists.get(categoryId);
    if (!l) {
      l = Object.fromEntries(SORTS.map((s) => [s, new SortedSlots(this.compare[s])])) as Record<Sort, SortedSlots>;
      this.lists.set(categoryId, l);
    }
    return l;
  }

  private growSlots(min: number) {
    if (min <= this.capacity) return;
    const cap = Math.max(1024, min, this.capacity * 2);
    const grow = <A extends Int32Array | Float64Array | Int16Array | Uint8Array | Float32Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(cap);
      b.set(a);
      return b;
    };
    this.id = grow(this.id); this.category = grow(this.category); this.brand = grow(this.brand); this.price = grow(this.price);
    this.offPrice = grow(this.offPrice); this.offPersent = grow(this.offPersent); this.hasOff = grow(this.hasOff); this.priceVaries = grow(this.priceVaries);
    this.rate = grow(this.rate); this.ratingAverage = grow(this.ratingAverage); this.ratingCount = grow(this.ratingCount); this.stock = grow(this.stock); this.sold = grow(this.sold); this.created = grow(this.created);
    this.live = grow(this.live); this.filterBits = grow(this.filterBits);
    this.capacity = cap;
  }

  private slotFor(productId: number): number {
    if (productId >= this.slotOf.length) {
      const b = new Int32Array(Math.max(productId + 1, this.slotOf.length * 2, 1024));
      b.set(this.slotOf);
      this.slotOf = b;
    }
    const existing = this.slotOf[productId]!;
    if (existing) return existing - 1;
    const slot = this.freeSlots.pop() ?? this.count + this.freeSlots.length;
    this.growSlots(slot + 1);
    this.slotOf[productId] = slot + 1;
    return slot;
  }

  private setFilterBits(slot: number) {
    this.filterBits[slot] = (this.brand[slot]! << 2) | (this.stock[slot]! > 0 ? 2 : 0) | (this.hasOff[slot] === 1 ? 1 : 0);
  }

  private countBrand(slot: number, by: number) {
    this.cells.add(this.category[slot]!, this.filterBits[slot]!, by);
    const b = this.brand[slot]!;
    this.perBrand.set(b, (this.perBrand.get(b) ?? 0) + by);
  }

  /** How many listed products a brand has. */
  brandCount(brandId: number): number {
    return this.perBrand.get(brandId) ?? 0;
  }

  private write(slot: number, row: CatalogRow) {
    this.id[slot] = row.id; this.category[slot] = row.categoryId; this.brand[slot] = row.brandId ?? 0;
    this.maxBrand = Math.max(this.maxBrand, row.brandId ?? 0);
    this.maxCategory = Math.max(this.maxCategory, row.categoryId);
    this.price[slot] = row.price; this.offPrice[slot] = row.offPrice; this.offPersent[slot] = row.offPersent;
    this.hasOff[slot] = row.hasOff ? 1 : 0; this.priceVaries[slot] = row.priceVaries ? 1 : 0; this.rate[slot] = row.rate; this.stock[slot] = row.stock;
    this.setFilterBits(slot);
    this.ratingAverage[slot] = row.ratingAverage; this.ratingCount[slot] = row.ratingCount;
    this.sold[slot] = row.soldCount; this.created[slot] = row.createdAt;
    const card = JSON.stringify([row.title, row.alias, row.tags, row.imageUri]);
    const bytes = Buffer.byteLength(card);
    const at = this.texts.reserve(slot, bytes); // may move the data: read `data` after it
    this.texts.data.write(card, at, bytes, 'utf8');
    this.search.set(slot, row.searchText);
  }

  private orderedIn(slot: number): SortedSlots[] {
    const own = this.listsOf(this.category[slot]!);
    const all = this.listsOf(ALL);
    return SORTS.flatMap((s) => [own[s], all[s]]);
  }

  /** Adds or replaces a product. */
  upsert(row: CatalogRow) {
    this.searches.clear();
    const slot = this.slotFor(row.id);
    if (this.live[slot]) {
      for (const l of this.orderedIn(slot)) l.remove(slot); // under the old keys
      this.countBrand(slot, -1);
    } else this.count++;
    this.live[slot] = 1;
    this.write(slot, row);
    this.countBrand(slot, 1);
    for (const l of this.orderedIn(slot)) l.insert(slot);
  }

  /** Removes a product (deleted, hidden or a draft now); unknown ids are ignored. */
  remove(productId: number) {
    const slot = (this.slotOf[productId] ?? 0) - 1;
    if (slot < 0) return;
    this.searches.clear();
    for (const l of this.orderedIn(slot)) l.remove(slot);
    this.countBrand(slot, -1);
    this.live[slot] = 0;
    this.slotOf[productId] = 0;
    this.texts.clear(slot);
    this.search.set(slot, '');
    this.freeSlots.push(slot);
    this.count--;
  }

  /**
   * The first load, row by row (so the caller need not hold them all): rows are written as they come,
   * and `finish` sorts each ordering once over every product, then deals it out to the categories in
   * that order.
   */
  loader() {
    this.searches.clear();
    const fresh: number[] = [];
    return {
      add: (row: CatalogRow) => {
        if (this.has(row.id)) return this.upsert(row);
        const slot = this.slotFor(row.id);
        this.live[slot] = 1;
        this.count++;
        this.write(slot, row);
        this.countBrand(slot, 1);
        fresh.push(slot);
      },
      finish: () => {
        if (fresh.length === 0) return;
        this.texts.trim();
        this.search.trim();
        const all = this.listsOf(ALL);
        for (const s of SORTS) {
          const sorted = Int32Array.from(fresh).sort(this.compare[s]);
          if (all[s].n) for (const slot of sorted) all[s].insert(slot);
          else all[s].fill(sorted, sorted.length);
          const byCategory = new Map<number, number[]>();
          for (const slot of sorted) {
            const c = this.category[slot]!;
            const list = byCategory.get(c);
            if (list) list.push(slot);
            else byCategory.set(c, [slot]);
          }
          for (const [c, slots] of byCategory) {
            const own = this.listsOf(c)[s];
            if (own.n) for (const slot of slots) own.insert(slot);
            else own.fill(Int32Array.from(slots), slots.length);
          }
        }
      },
    };
  }

  /** Loads rows at once (see loader). */
  load(rows: Iterable<CatalogRow>) {
    const l = this.loader();
    for (const row of rows) l.add(row);
    l.finish();
  }

  /** A product's card fields, as the listing answers them. */
  card(slot: number): CardRow {
    const [title, alias, tags, imageUri] = JSON.parse(this.texts.get(slot)!.toString('utf8')) as [string, string, string, string | null];
    return {
      id: this.id[slot]!, title, alias, imageUri, tags, price: this.price[slot]!, offPrice: this.offPrice[slot]!,
      offPersent: this.offPersent[slot]!, hasOff: this.hasOff[slot] === 1, priceVaries: this.priceVaries[slot] === 1, rate: this.rate[slot]!,
      ratingAverage: Math.round(this.ratingAverage[slot]! * 100) / 100, ratingCount: this.ratingCount[slot]!,
      brandId: this.brand[slot] || null, categoryId: this.category[slot]!, stock: this.stock[slot]!,
    };
  }

  /**
   * Writes a product's card as JSON: byte for byte what `JSON.stringify` writes for the listing's item (product.service.ts,
   * `toListItem`, whose key order this follows; a test compares the two), its texts copied from the stored UTF-8 JSON
   * rather than decoded, parsed and written again. A listing's page is twelve of these.
   */
  cardJson(slot: number, parts: CardJsonParts, out: JsonBytes): void {
    const stored = this.texts.data; // read in place: a view of each card's text was a twentieth of its cost
    const at = jsonElementRanges(stored, this.textRanges, this.texts.start[slot]!); // title, alias, tags, imageUri
    out.ascii('{"id":').num(this.id[slot]!).ascii(',"title":').bytes(stored, at[0]!, at[1]!).ascii(',"alias":').bytes(stored, at[2]!, at[3]!)
      .ascii(',"imageUri":').bytes(stored, at[6]!, at[7]!).ascii(',"imageVariants":');
    writeImageVariants(out, stored, at[6]!, at[7]!);
    out.ascii(',"price":').num(this.price[slot]!).ascii(',"offPrice":').num(this.offPrice[slot]!)
      .ascii(',"offPersent":').num(this.offPersent[slot]!)
      .ascii(this.hasOff[slot] === 1 ? ',"hasOff":true' : ',"hasOff":false')
      .ascii(this.priceVaries[slot] === 1 ? ',"priceVaries":true' : ',"priceVaries":false')
      .ascii(',"rate":').num(this.rate[slot]!)
      .ascii(',"ratingAverage":').num(Math.round(this.ratingAverage[slot]! * 100) / 100)
      .ascii(',"ratingCount":').num(this.ratingCount[slot]!)
      .ascii(',"tags":').bytes(stored, at[4]!, at[5]!)
      .ascii(',"brand":').bytes(parts.brand(this.brand[slot]!))
      .ascii(',"categoryId":').num(this.category[slot]!)
      .ascii(',"categoryDescs":').bytes(parts.categoryTitle(this.category[slot]!))
      .ascii(',"stock":').num(this.stock[slot]!)
      .ascii(',"isDraft":false}');
  }

  /** The query's filters as plain values, for the scan loops (brand ids as one id or a mask over known brands). */
  private filterOf(q: CatalogQuery): Filter | undefined {
    const { minPrice, maxPrice, inStock, hasOff } = q;
    const brands = q.brandIds?.length ? q.brandIds : undefined;
    if (!brands && minPrice === undefined && maxPrice === undefined && !inStock && hasOff === undefined) return undefined;
    let brandMask: Uint8Array | null = null;
    if (brands && brands.length > 1) {
      brandMask = new Uint8Array(this.maxBrand + 1);
      for (const b of brands) if (b >= 0 && b <= this.maxBrand) brandMask[b] = 1;
    }
    return {
      oneBrand: brands?.length === 1 ? brands[0]! : -1, brandMask, lo: minPrice ?? -Infinity, hi: maxPrice ?? Infinity,
      inStock: !!inStock, off: hasOff === undefined ? -1 : hasOff ? 1 : 0,
    };
  }

  /**
   * Scans `n` slots of `a` (in their order), counting those that pass `f`; the first `keep` of them are
   * written to `out` from `at`. One flat loop over the typed arrays: a category's whole list is read
   * for the count, so this is the listing's cost.
   */
  private scan(a: Int32Array, n: number, f: Filter, keep: number, out: Int32Array, at: number, firstOnly = false): number {
    const { filterBits, offPrice } = this;
    const { lo, hi } = f;
    const priced = hasPriceRange(f);
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (firstOnly && count >= keep) break;
      const s = a[i]!;
      if (!bitsPass(filterBits[s]!, f)) continue;
      if (priced) {
        const p = offPrice[s]!;
        if (p < lo || p > hi) continue;
      }
      if (count < keep) out[at + count] = s;
      count++;
    }
    return count;
  }

  private passes(s: number, f: Filter | undefined, inCategory: Uint8Array | undefined): boolean {
    if (inCategory && inCategory[this.category[s]!] !== 1) return false;
    if (!f) return true;
    if (!bitsPass(this.filterBits[s]!, f)) return false;
    const p = this.offPrice[s]!;
    return p >= f.lo && p <= f.hi;
  }

  /** The first `limit` products for a half-typed query (SearchIndex.suggest: beginnings of words only). */
  suggest(search: string, limit: number): Int32Array {
    return this.search.suggest(search, { soldCount: this.sold, id: this.id }, limit, this.lists.get(ALL)?.bestselling);
  }

  /**
   * A listing's facets (see `Facets`) in one pass over the products it could hold: the search's matches,
   * the category's lists, or every product when the categories are counted too.
   */
  facets(q: FacetQuery): Facets {
    const price = this.filterOf({ minPrice: q.minPrice, maxPrice: q.maxPrice, inStock: q.inStock, hasOff: q.hasOff, offset: 0, limit: 0 });
    const pass = price ?? { oneBrand: -1, brandMask: null, lo: -Infinity, hi: Infinity, inStock: false, off: -1 };
    let inBrand: Uint8Array | null = null;
    if (q.brandIds?.length) {
      inBrand = new Uint8Array(this.maxBrand + 1);
      for (const b of q.brandIds) if (b >= 0 && b <= this.maxBrand) inBrand[b] = 1;
    }
    let inCategory: Uint8Array | null = null;
    if (q.categoryIds && (q.withCategories || q.search !== undefined)) {
      inCategory = new Uint8Array(this.maxCategory + 1);
      for (const c of q.categoryIds) if (c >= 0 && c <= this.maxCategory) inCategory[c] = 1;
    }
    const counts: FacetCounts = {
      total: 0, brands: new Int32Array(this.maxBrand + 1), categories: q.withCategories ? new Int32Array(this.maxCategory + 1) : null, dearest: 0,
    };
    const priced = hasPriceRange(pass);
    if (q.search !== undefined) this.countFacets(this.search.matching(q.search), pass, inBrand, inCategory, counts);
    else if (!priced) {
      // Without a price range: from the cells (every category's, or the listing's own).
      if (inCategory || !q.categoryIds) for (const [c, cells] of this.cells.categories()) countCells(c, cells, pass, inBrand, inCategory, counts);
      else {
        for (const c of q.categoryIds) {
          const cells = this.cells.of(c);
          if (cells) countCells(c, cells, pass, inBrand, null, counts);
        }
      }
    } else if (inCategory || !q.categoryIds) {
      // The products in the price range: a stretch of the cheapest order.
      const l = this.lists.get(ALL)?.cheapest;
      if (l) this.countFacets(this.inPriceRange(l, pass.lo, pass.hi), pass, inBrand, inCategory, counts);
    } else {
      for (const c of q.categoryIds) {
        const l = this.lists.get(c)?.cheapest;
        if (l) this.countFacets(this.inPriceRange(l, pass.lo, pass.hi), pass, inBrand, null, counts);
      }
    }
    const nonZero = (a: Int32Array) => {
      const m = new Map<number, number>();
      for (let i = 1; i < a.length; i++) if (a[i]) m.set(i, a[i]!);
      return m;
    };
    // With words, the pass above saw every match; without, it is the first of the categories' dearest-first listing
    // (a merge of their lists' heads).
    const top = q.search !== undefined ? undefined : this.query({ categoryIds: q.categoryIds, sort: 'dearest', offset: 0, limit: 1 }).slots[0];
    const dearest = q.search !== undefined ? counts.dearest : top === undefined ? 0 : this.offPrice[top]!;
    return { total: counts.total, brands: nonZero(counts.brands), categories: counts.categories && nonZero(counts.categories), dearest };
  }

  /** The stretch of a cheapest-first list whose prices lie in lo..hi (binary searches on the price). */
  private inPriceRange(l: SortedSlots, lo: number, hi: number): Int32Array {
    const { offPrice } = this;
    const first = (below: (p: number) => boolean) => {
      let a = 0;
      let b = l.n;
      while (a < b) {
        const m = (a + b) >> 1;
        if (below(offPrice[l.a[m]!]!)) a = m + 1;
        else b = m;
      }
      return a;
    };
    return l.a.subarray(first((p) => p < lo), first((p) => p <= hi));
  }

  /**
   * The facet pass's loop over one run of slots; `out.dearest` grows to the dearest price among those in the category
   * filter, before any other filter (meaningful when the slots are a search's matches, not a price range's).
   */
  private countFacets(slots: Int32Array, f: Filter, inBrand: Uint8Array | null, inCategory: Uint8Array | null, out: FacetCounts) {
    const { filterBits, category, offPrice } = this;
    const { lo, hi } = f;
    const priced = hasPriceRange(f);
    const perBrand = out.brands;
    const perCategory = out.categories;
    let total = 0;
    let dearest = out.dearest;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      const c = category[s]!;
      const categoryOk = inCategory === null || inCategory[c] === 1;
      const p = offPrice[s]!;
      if (categoryOk && p > dearest) dearest = p;
      const bits = filterBits[s]!;
      if (!stockAndDiscountPass(bits, f)) continue;
      if (priced && (p < lo || p > hi)) continue;
      const b = bits >> 2;
      const brandOk = inBrand === null || inBrand[b] === 1;
      if (categoryOk) perBrand[b]!++;
      if (brandOk && perCategory !== null) perCategory[c]!++;
      if (brandOk && categoryOk) total++;
    }
    out.total += total;
    out.dearest = dearest;
  }

  /**
   * The first `n` slots' sort keys for `topK` by `sort` (greater first): the value the sort's comparator compares
   * first, so that `topK` calls the comparator only on ties. Ordering by the comparator alone (every key 0) cost a
   * search page's price ceiling — the dearest of thousands of matches — two calls per match.
   */
  private sortKeys(sort: Sort, slots: Int32Array, n: number): Float64Array {
    if (this.keyScratch.length < n) this.keyScratch = new Float64Array(Math.max(n, this.keyScratch.length * 2));
    const keys = this.keyScratch;
    const column = SORT_KEY[sort];
    const values = this[column.of];
    const sign = column.sign;
    for (let i = 0; i < n; i++) keys[i] = sign * values[slots[i]!]!;
    return keys;
  }

  /** One page of a listing and the number of products it holds. */
  query(q: CatalogQuery): { total: number; slots: Int32Array } {
    const filter = this.filterOf(q);
    const end = q.offset + q.limit;

    if (q.search !== undefined) {
      let inCategory: Uint8Array | undefined;
      if (q.categoryIds) {
        inCategory = new Uint8Array(this.maxCategory + 1);
        for (const c of q.categoryIds) if (c >= 0 && c <= this.maxCategory) inCategory[c] = 1;
      }
      const match = filter || inCategory ? (s: number) => this.passes(s, filter, inCategory) : undefined;
      if (!q.sort || q.sort === 'relevance') {
        // A search without other filters is remembered (its first pages), until the catalogue changes.
        const remembered = !match && end <= SEARCH_KEPT ? this.searches.get(q.search) : undefined;
        const found = remembered ?? this.search.search(q.search, { soldCount: this.sold, id: this.id }, match ? end : Math.max(end, SEARCH_KEPT), match);
        if (!match && !remembered && end <= SEARCH_KEPT) this.searches.set(q.search, found);
        return { total: found.total, slots: found.slots.slice(q.offset, end) };
      }
      // Another order than relevance: the matches unranked (ranking thousands only to reorder them cost a search page
      // its dearest-product query, the price slider's ceiling), then the first `end` by the sort, which ends on the id.
      const found = this.search.matching(q.search, match);
      const cmp = this.compare[q.sort];
      const order = topK(this.sortKeys(q.sort, found, found.length), found.length, Math.min(end, found.length), (a, b) => cmp(found[b]!, found[a]!));
      return { total: found.length, slots: Int32Array.from(order.slice(q.offset), (i) => found[i]!) };
    }

    const sort: Sort = !q.sort || q.sort === 'relevance' ? 'newest' : q.sort;
    const sources: SortedSlots[] = [];
    const sourceCategories: (number | undefined)[] = [];
    for (const c of q.categoryIds ?? [ALL]) {
      const l = this.lists.get(c)?.[sort];
      if (l && l.n) { sources.push(l); sourceCategories.push(c === ALL ? undefined : c); }
    }
    // Each source is already in order: without filters the page is a merge of their heads; with
    // filters each source is scanned once (the count needs every match), its first `end` matches kept and merged.
    let runs: { a: Int32Array; n: number }[];
    let total = 0;
    if (!filter) {
      runs = sources;
      for (const s of sources) total += s.n;
    } else {
      if (this.scratch.length < end * sources.length) this.scratch = new Int32Array(end * sources.length);
      const out = this.scratch;
      // Without a price range the count is the cells' sum, and the scan stops at the page's last match.
      const counted = !hasPriceRange(filter);
      // With one, the count scans only the products in the range (a stretch of the cheapest order).
      // A narrow range (under a quarter of the list): its matches, then the page's first `end` of them by the sort.
      runs = sources.map((src, r) => {
        const c = sourceCategories[r];
        const cells = counted ? this.cells.of(c) : undefined;
        const stretch = cells ? undefined : this.inPriceRange(this.lists.get(c ?? ALL)!.cheapest, filter.lo, filter.hi);
        if (stretch && stretch.length * 4 < src.n) {
          if (this.matchScratch.length < stretch.length) this.matchScratch = new Int32Array(stretch.length);
          const matches = this.matchScratch;
          const m = this.scan(stretch, stretch.length, filter, stretch.length, matches, 0);
          total += m;
          const cmp = this.compare[sort];
          const order = topK(this.sortKeys(sort, matches, m), m, Math.min(end, m), (a, b) => cmp(matches[b]!, matches[a]!));
          for (let k = 0; k < order.length; k++) out[r * end + k] = matches[order[k]!]!;
          return { a: out.subarray(r * end, r * end + order.length), n: order.length };
        }
        const n = this.scan(src.a, src.n, filter, end, out, r * end, true);
        total += cells ? sumCells(cells, filter) : this.scan(stretch!, stretch!.length, filter, 0, out, 0, false);
        return { a: out.subarray(r * end, r * end + Math.min(n, end)), n: Math.min(n, end) };
      });
    }
    if (q.offset >= total) return { total, slots: new Int32Array(0) };
    return { total, slots: merge(runs, q.offset, Math.min(end, total), this.compare[sort]) };
  }
}

export interface IndexState {
  capacity: number;
  count: number;
  columns: Record<'id' | 'category' | 'brand' | 'price' | 'offPrice' | 'offPersent' | 'hasOff' | 'priceVaries' | 'rate' | 'ratingAverage' | 'ratingCount' | 'stock' | 'sold' | 'created' | 'live', number>;
  slotOf: number;
  freeSlots: number[];
  perBrand: [number, number][];
  maxBrand: number;
  maxCategory: number;
  texts: ArenaState;
  search: SearchState;
  lists: [number, number[]][];
}

interface FacetCounts {
  total: number;
  brands: Int32Array;
  categories: Int32Array | null;
  /** The dearest price seen in the category filter (see `countFacets`). */
  dearest: number;
}

interface Filter {
  /** The one brand asked for, or -1 (then `brandMask`, if any). */
  oneBrand: number;
  brandMask: Uint8Array | null;
  lo: number;
  hi: number;
  inStock: boolean;
  /** 1: discounted only, 0: without discount only, -1: either. */
  off: number;
}

const hasPriceRange = (f: Filter) => f.lo > -Infinity || f.hi < Infinity;

/** Whether products of these filter bits pass a filter's stock and discount (what facets filter besides the price). */
const stockAndDiscountPass = (bits: number, f: Filter) => (!f.inStock || (bits & 2) !== 0) && (f.off < 0 || (bits & 1) === f.off);

/** Whether products of these filter bits pass a filter's brand, stock and discount (not its price range). */
function bitsPass(bits: number, f: Filter): boolean {
  if (f.oneBrand >= 0 ? bits >> 2 !== f.oneBrand : f.brandMask !== null && f.brandMask[bits >> 2] !== 1) return false;
  return stockAndDiscountPass(bits, f);
}

/** How many products of a category's cells pass a filter without a price range. */
function sumCells(cells: Int32Array, f: Filter): number {
  let total = 0;
  const from = f.oneBrand >= 0 ? f.oneBrand * 4 : 0;
  const to = f.oneBrand >= 0 ? Math.min(cells.length, from + 4) : cells.length;
  for (let i = from; i < to; i++) if (cells[i] !== 0 && bitsPass(i, f)) total += cells[i]!;
  return total;
}

/** The facet pass over a category's cells: as `countFacets` over its products, without a price range. */
function countCells(category: number, cells: Int32Array, f: Filter, inBrand: Uint8Array | null, inCategory: Uint8Array | null, out: FacetCounts) {
  const categoryOk = inCategory === null || inCategory[category] === 1;
  for (let i = 0; i < cells.length; i++) {
    const n = cells[i]!;
    if (n === 0 || !stockAndDiscountPass(i, f)) continue;
    const b = i >> 2;
    const brandOk = inBrand === null || inBrand[b] === 1;
    if (categoryOk) out.brands[b]! += n;
    if (brandOk && out.categories !== null) out.categories[category]! += n;
    if (brandOk && categoryOk) out.total += n;
  }
}

/** Items offset..end-1 of the merge of sorted runs. */
function merge(runs: { a: Int32Array; n: number }[], offset: number, end: number, cmp: (a: number, b: number) => number): Int32Array {
  const live = runs.filter((r) => r.n > 0);
  if (live.length === 1) return live[0]!.a.slice(offset, end);
  const at = new Int32Array(live.length);
  const out = new Int32Array(end - offset);
  for (let k = 0; k < end; k++) {
    let bestRun = -1;
    for (let r = 0; r < live.length; r++) {
      if (at[r]! >= live[r]!.n) continue;
      if (bestRun < 0 || cmp(live[r]!.a[at[r]!]!, live[bestRun]!.a[at[bestRun]!]!) < 0) bestRun = r;
    }
    if (bestRun < 0) break;
    if (k >= offset) out[k - offset] = live[bestRun]!.a[at[bestRun]!]!;
    at[bestRun]!++;
  }
  return out;
}
