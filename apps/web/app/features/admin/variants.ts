import { combinationsOf, formatNumber, MAX_VARIANTS, toLatinDigits, variantLabel, type OptionGroup, type Variant, type VariantInput } from '@sorkhab/shared';

/**
 * The wizard's variants table («ترکیب‌ها»): one row per combination of the product's options
 * (packages/shared/src/catalog/variants.ts), the ones that do not exist marked removed. Pure logic,
 * the component is variant-table.tsx.
 */
export interface VariantRow {
  options: string[];
  label: string;
  /** The saved variant this row edits (its cart lines and orders keep pointing at it). */
  id?: number;
  sku: string;
  /** Latin digits. */
  barcode: string;
  /** Latin digits; '' sells at the product's price. */
  price: string;
  /** Latin digits. */
  stock: string;
  /** The saved variant's stock when the form loaded it (sent back: a sale meanwhile is not overwritten). */
  savedStock?: number;
  imageUri: string | null;
  /** A combination that does not exist: hidden, kept to be added back. */
  removed: boolean;
}

/** The rows and the titles of the option groups they were made for (to follow the options when they change). */
export interface VariantTable {
  titles: string[];
  rows: VariantRow[];
}

/** What the form sends as `variants` (JSON text): the shared schema's variant. */
export type VariantPayload = VariantInput;

export interface VariantErrors {
  /** About the whole table (none left, too many, the server's `variants`). */
  message?: string;
  /** By row label: the message of a cell. */
  cells: Record<string, Partial<Record<'sku' | 'barcode' | 'price' | 'stock' | 'imageUri', string>>>;
}

const MAX_STOCK = 1_000_000;

/** How many combinations the groups make, without making them (a few long lists make millions). */
const combinationCount = (groups: readonly OptionGroup[]) => groups.reduce((n, g) => n * g.values.length, 1);
const tooManyCombinations = (groups: readonly OptionGroup[]) => combinationCount(groups) > MAX_VARIANTS;
/** Why the groups cannot have a table (too many combinations), or undefined. */
export function limitMessage(groups: readonly OptionGroup[]): string | undefined {
  const count = combinationCount(groups);
  return count > MAX_VARIANTS ? `گزینه‌های این محصول ${formatNumber(count)} ترکیب می‌سازند؛ حداکثر ${formatNumber(MAX_VARIANTS)} ترکیب مجاز است` : undefined;
}

const freshRow = (options: string[]): VariantRow => ({
  options, label: variantLabel(options), sku: '', barcode: '', price: '', stock: '0', imageUri: null, removed: false,
});

const rowOf = (v: Variant): VariantRow => ({
  id: v.id, options: v.options, label: v.label, sku: v.sku ?? '', barcode: v.barcode ?? '',
  price: v.ownPrice === null ? '' : String(v.ownPrice), stock: String(v.stock), savedStock: v.stock, imageUri: v.imageUri, removed: false,
});

/** The table of a saved product: its variants, the other combinations removed. A new product: every combination. */
export function tableOf(groups: readonly OptionGroup[], variants: readonly Variant[]): VariantTable {
  const titles = groups.map((g) => g.title);
  if (tooManyCombinations(groups)) return { titles, rows: variants.map(rowOf) };
  const byLabel = new Map(variants.map((v) => [v.label, v]));
  const rows = combinationsOf(groups).map((c) => {
    const v = byLabel.get(variantLabel(c));
    return v ? rowOf(v) : { ...freshRow(c), removed: variants.length > 0 };
  });
  return { titles, rows };
}

/**
 * The table for new option groups, keeping what the owner typed. A combination keeps the row of the
 * same values; otherwise (a group added or removed) it takes an unused row that agrees on the groups
 * both have, when it has the first value of every new group (an added «سایز» gives the old rows its
 * first size, as the implicit variant of a product without options becomes its first combination).
 * Rows that still exist are preferred to removed ones. Groups are matched by title.
 */
export function mergeTable(prev: VariantTable, groups: readonly OptionGroup[]): VariantTable {
  if (tooManyCombinations(groups)) return prev; // the table waits; the wizard shows the limit
  const titles = groups.map((g) => g.title);
  const combos = combinationsOf(groups);
  const at = new Map(prev.titles.map((t, i) => [t, i]));
  const sameGroups = titles.length === prev.titles.length && titles.every((t) => at.has(t));
  const taken = new Set<number>();
  const valueIn = (row: VariantRow, title: string) => row.options[at.get(title)!];
  const exact = (row: VariantRow, combo: string[]) => sameGroups && titles.every((t, k) => valueIn(row, t) === combo[k]);
  const agrees = (row: VariantRow, combo: string[]) =>
    titles.every((t, k) => (at.has(t) ? valueIn(row, t) === combo[k] : combo[k] === groups[k]!.values[0]!.value));

  const found: (number | undefined)[] = combos.map((c) => {
    const i = prev.rows.findIndex((r, j) => !taken.has(j) && exact(r, c));
    if (i >= 0) taken.add(i);
    return i >= 0 ? i : undefined;
  });
  const order = prev.rows.map((_, j) => j).sort((a, b) => Number(prev.rows[a]!.removed) - Number(prev.rows[b]!.removed));
  combos.forEach((c, k) => {
    if (found[k] !== undefined) return;
    const i = order.find((j) => !taken.has(j) && agrees(prev.rows[j]!, c));
    if (i !== undefined) { taken.add(i); found[k] = i; }
  });

  const rows = combos.map((c, k) => {
    const i = found[k];
    const row = i === undefined ? freshRow(c) : { ...prev.rows[i]!, options: c, label: variantLabel(c) };
    // A product without options always has its one implicit variant.
    return groups.length === 0 ? { ...row, removed: false } : row;
  });
  return { titles, rows };
}

export const liveRows = (t: VariantTable) => t.rows.filter((r) => !r.removed);
export const removedRows = (t: VariantTable) => t.rows.filter((r) => r.removed);

export function updateRow(t: VariantTable, label: string, patch: Partial<Omit<VariantRow, 'options' | 'label'>>): VariantTable {
  return { ...t, rows: t.rows.map((r) => (r.label === label ? { ...r, ...patch } : r)) };
}

/** The product's stock: the sum of its variants' ('' counts as none). */
export const totalStock = (t: VariantTable) => liveRows(t).reduce((n, r) => n + (Number(r.stock) || 0), 0);

const cleanSku = (sku: string) => toLatinDigits(sku.trim());

/** The `variants` field: the combinations that exist, with the ids of the saved ones. */
export function payloadOf(t: VariantTable): VariantPayload[] {
  return liveRows(t).map((r) => ({
    ...(r.id !== undefined ? { id: r.id } : {}),
    options: r.options,
    sku: cleanSku(r.sku) || null,
    barcode: r.barcode || null,
    price: r.price === '' ? null : Number(r.price),
    stock: Number(r.stock) || 0,
    ...(r.id !== undefined && r.savedStock !== undefined ? { expectedStock: r.savedStock } : {}),
    ...(r.imageUri ? { imageUri: r.imageUri } : {}),
  }));
}

/**
 * The table's checks before sending: the groups make at most MAX_VARIANTS combinations, at least one
 * exists, each stock is a whole number (a product without options may leave it empty: none), and no
 * SKU appears twice.
 */
export function validateTable(t: VariantTable, groups: readonly OptionGroup[]): VariantErrors & { hasError: boolean } {
  const cells: VariantErrors['cells'] = {};
  const out = (message?: string) => ({ message, cells, hasError: !!message });
  const limit = limitMessage(groups);
  if (limit) return out(limit);
  const live = liveRows(t);
  if (!live.length) return out('دست‌کم یک ترکیب لازم است؛ یکی از ترکیب‌های حذف‌شده را برگردانید');
  const skus = new Map<string, number>();
  for (const r of live) if (cleanSku(r.sku)) skus.set(cleanSku(r.sku), (skus.get(cleanSku(r.sku)) ?? 0) + 1);
  let first: string | undefined;
  for (const r of live) {
    const cell: VariantErrors['cells'][string] = {};
    if (r.stock === '' ? groups.length > 0 : !/^\d+$/.test(r.stock)) cell.stock = 'موجودی را به عدد صحیح (۰ یا بیشتر) وارد کنید';
    else if (Number(r.stock) > MAX_STOCK) cell.stock = `موجودی حداکثر ${formatNumber(MAX_STOCK)} است`;
    if ((skus.get(cleanSku(r.sku)) ?? 0) > 1) cell.sku = 'این کد کالا برای ترکیب دیگری هم آمده است';
    if (cell.stock || cell.sku) {
      cells[r.label] = cell;
      first ??= `${r.label ? `ترکیب «${r.label}»: ` : ''}${cell.stock ?? cell.sku}`;
    }
  }
  return out(first);
}

/**
 * The server's refusal of `variants` as the table shows it: `variants` about the table, and
 * `variants.<i>.<field>` about the i-th row sent (`sent`: the labels in the order they were sent).
 */
export function serverVariantErrors(fields: Record<string, string>, sent: readonly string[]): VariantErrors {
  const cells: VariantErrors['cells'] = {};
  let message = fields.variants;
  for (const [key, text] of Object.entries(fields)) {
    const m = /^variants\.(\d+)\.(sku|barcode|price|stock|imageUri)$/.exec(key);
    const label = m ? sent[Number(m[1])] : undefined;
    if (label === undefined) continue;
    (cells[label] ??= {})[m![2] as keyof VariantErrors['cells'][string]] = text;
    message ??= `${label ? `ترکیب «${label}»: ` : ''}${text}`;
  }
  return { message, cells };
}
