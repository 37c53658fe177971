import { describe, expect, it } from 'vitest';
import type { OptionGroup, Variant } from '@sorkhab/shared';
import { mergeTable, payloadOf, removedRows, serverVariantErrors, tableOf, totalStock, updateRow, validateTable, type VariantTable } from './variants';

const colour: OptionGroup = { title: 'رنگ', kind: 'color', values: [{ value: 'قرمز', color: '#e03131' }, { value: 'صورتی', color: '#f06595' }] };
const size: OptionGroup = { title: 'حجم', kind: 'list', values: [{ value: '۵ml' }, { value: '۸ml' }] };
const variant = (id: number, options: string[], extra: Partial<Variant> = {}): Variant => ({
  id, options, label: options.join(' / '), sku: null, barcode: null, ownPrice: null, price: 1000, offPrice: 1000, stock: 0,
  imageUri: null, imageVariants: [], ...extra,
});
const labels = (t: VariantTable) => t.rows.map((r) => `${r.label}${r.removed ? ' (removed)' : ''}`);

describe('tableOf', () => {
  it('makes a row per saved variant and marks the other combinations removed', () => {
    const t = tableOf([colour, size], [variant(1, ['قرمز', '۵ml'], { stock: 3, sku: 'R5', ownPrice: 1200 }), variant(2, ['صورتی', '۸ml'])]);
    expect(labels(t)).toEqual(['قرمز / ۵ml', 'قرمز / ۸ml (removed)', 'صورتی / ۵ml (removed)', 'صورتی / ۸ml']);
    expect(t.rows[0]).toMatchObject({ id: 1, stock: '3', sku: 'R5', price: '1200' });
  });

  it('gives a new product every combination with stock 0', () => {
    const t = tableOf([colour], []);
    expect(labels(t)).toEqual(['قرمز', 'صورتی']);
    expect(t.rows.map((r) => r.stock)).toEqual(['0', '0']);
  });
});

describe('mergeTable', () => {
  it('keeps what was typed for a combination when a value is added', () => {
    let t = tableOf([colour], []);
    t = updateRow(t, 'صورتی', { stock: '7', sku: 'PINK' });
    const more = { ...colour, values: [...colour.values, { value: 'نود', color: '#d9a38b' }] };
    t = mergeTable(t, [more]);
    expect(labels(t)).toEqual(['قرمز', 'صورتی', 'نود']);
    expect(t.rows[1]).toMatchObject({ stock: '7', sku: 'PINK' });
    expect(t.rows[2]).toMatchObject({ stock: '0', sku: '' });
  });

  it('turns the implicit variant of a product without options into its first combination', () => {
    const t = mergeTable(tableOf([], [variant(9, [], { stock: 12 })]), [colour]);
    expect(t.rows[0]).toMatchObject({ id: 9, label: 'قرمز', stock: '12' });
    expect(t.rows[1]).toMatchObject({ label: 'صورتی', stock: '0' });
    expect(t.rows[1]!.id).toBeUndefined();
  });

  it('gives the old rows the first value of an added group', () => {
    let t = tableOf([colour], [variant(1, ['قرمز'], { stock: 2 }), variant(2, ['صورتی'], { stock: 5 })]);
    t = mergeTable(t, [colour, size]);
    expect(t.rows.map((r) => [r.label, r.id, r.stock])).toEqual([
      ['قرمز / ۵ml', 1, '2'], ['قرمز / ۸ml', undefined, '0'], ['صورتی / ۵ml', 2, '5'], ['صورتی / ۸ml', undefined, '0'],
    ]);
  });

  it('follows the groups by title when their order changes', () => {
    let t = tableOf([colour, size], [variant(1, ['قرمز', '۸ml'], { stock: 4 }), variant(2, ['صورتی', '۵ml'])]);
    t = mergeTable(t, [size, colour]);
    expect(labels(t)).toEqual(['۵ml / قرمز (removed)', '۵ml / صورتی', '۸ml / قرمز', '۸ml / صورتی (removed)']);
    expect(t.rows[2]).toMatchObject({ id: 1, stock: '4', options: ['۸ml', 'قرمز'] });
  });

  it('keeps a row that exists rather than a removed one when a group is removed', () => {
    let t = tableOf([colour, size], [variant(1, ['قرمز', '۸ml'], { stock: 4 }), variant(2, ['صورتی', '۵ml'], { stock: 1 })]);
    t = mergeTable(t, [colour]);
    expect(labels(t)).toEqual(['قرمز', 'صورتی']);
    expect(t.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('back to no options: one implicit variant, never removed', () => {
    const t = mergeTable(tableOf([colour], [variant(2, ['صورتی'], { stock: 3 })]), []);
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]).toMatchObject({ id: 2, label: '', options: [], stock: '3', removed: false });
  });

  it('drops the rows of a removed value and keeps removed combinations removed', () => {
    let t = tableOf([colour, size], [variant(1, ['قرمز', '۵ml']), variant(2, ['صورتی', '۵ml'])]);
    t = mergeTable(t, [{ ...colour, values: [colour.values[1]!] }, size]);
    expect(labels(t)).toEqual(['صورتی / ۵ml', 'صورتی / ۸ml (removed)']);
    expect(removedRows(t).map((r) => r.label)).toEqual(['صورتی / ۸ml']);
  });

  it('waits (keeps the table) while the groups make too many combinations', () => {
    const t = tableOf([colour], []);
    const huge: OptionGroup = { title: 'کد', kind: 'list', values: Array.from({ length: 60 }, (_, i) => ({ value: `v${i}` })) };
    expect(mergeTable(t, [colour, huge])).toBe(t);
  });
});

describe('validateTable', () => {
  it('accepts a whole stock and unique SKUs', () => {
    const t = updateRow(tableOf([colour], []), 'قرمز', { sku: 'A-1', stock: '5' });
    expect(validateTable(t, [colour]).hasError).toBe(false);
  });

  it('refuses an empty stock, a stock over the limit and a SKU twice', () => {
    let t = tableOf([colour, size], []);
    t = updateRow(t, 'قرمز / ۵ml', { stock: '' });
    t = updateRow(t, 'قرمز / ۸ml', { stock: '2000000' });
    t = updateRow(t, 'صورتی / ۵ml', { sku: ' X1 ' });
    t = updateRow(t, 'صورتی / ۸ml', { sku: 'X1' });
    const v = validateTable(t, [colour, size]);
    expect(v.hasError).toBe(true);
    expect(v.message).toContain('قرمز / ۵ml');
    expect(Object.keys(v.cells)).toEqual(['قرمز / ۵ml', 'قرمز / ۸ml', 'صورتی / ۵ml', 'صورتی / ۸ml']);
    expect(v.cells['صورتی / ۸ml']!.sku).toBeTruthy();
  });

  it('treats Persian and Latin digits in a SKU as the same SKU', () => {
    let t = tableOf([colour], []);
    t = updateRow(t, 'قرمز', { sku: 'A۱' });
    t = updateRow(t, 'صورتی', { sku: 'A1' });
    expect(validateTable(t, [colour]).cells['صورتی']!.sku).toBeTruthy();
  });

  it('needs at least one combination', () => {
    let t = tableOf([colour], []);
    for (const l of ['قرمز', 'صورتی']) t = updateRow(t, l, { removed: true });
    expect(validateTable(t, [colour]).message).toMatch(/دست‌کم یک ترکیب/);
  });

  it('lets a product without options leave its stock empty (none)', () => {
    const t = updateRow(tableOf([], []), '', { stock: '' });
    expect(validateTable(t, []).hasError).toBe(false);
    expect(payloadOf(t)[0]!.stock).toBe(0);
  });

  it('refuses more combinations than allowed', () => {
    const huge: OptionGroup = { title: 'کد', kind: 'list', values: Array.from({ length: 60 }, (_, i) => ({ value: `v${i}` })) };
    expect(validateTable(tableOf([colour], []), [colour, huge]).message).toMatch(/۱۲۰ ترکیب/);
  });
});

describe('payloadOf and totalStock', () => {
  it('sends the combinations that exist, ids of saved ones with the stock they were loaded with, the product price as null', () => {
    let t = tableOf([colour], [variant(1, ['قرمز'], { stock: 2, sku: 'R' }), variant(2, ['صورتی'], { stock: 3, ownPrice: 900, imageUri: '/u/a.webp' })]);
    t = updateRow(t, 'قرمز', { removed: true });
    expect(payloadOf(t)).toEqual([{ id: 2, options: ['صورتی'], sku: null, barcode: null, price: 900, stock: 3, expectedStock: 3, imageUri: '/u/a.webp' }]);
    expect(totalStock(t)).toBe(3);
  });
});

describe('serverVariantErrors', () => {
  it('puts a refused field on the row that was sent at its index', () => {
    const e = serverVariantErrors({ 'variants.1.sku': 'کد کالا نامعتبر است' }, ['قرمز', 'صورتی']);
    expect(e.cells).toEqual({ صورتی: { sku: 'کد کالا نامعتبر است' } });
    expect(e.message).toBe('ترکیب «صورتی»: کد کالا نامعتبر است');
  });

  it('keeps the message about the whole table', () => {
    expect(serverVariantErrors({ variants: 'کد کالای «A» تکراری است' }, []).message).toBe('کد کالای «A» تکراری است');
  });
});
