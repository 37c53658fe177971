import { describe, expect, it } from 'vitest';
import type { OptionGroup } from '@sorkhab/shared';
import { availability, choose, imageOfChoice, initialChoice, listInPersian, matchingVariants, missingGroups, offeredGroups, priceOfChoice, variantOf } from './variant-choice';

const colour: OptionGroup = { title: 'رنگ', kind: 'color', values: [{ value: 'قرمز', color: '#e03131' }, { value: 'صورتی', color: '#f06595' }] };
const size: OptionGroup = { title: 'حجم', kind: 'list', values: [{ value: '۵۰ میل' }, { value: '۱۰۰ میل' }] };
const groups = [colour, size];
const v = (id: number, options: string[], stock: number, price = 100, offPrice = price, imageUri: string | null = null) => ({ id, options, stock, price, offPrice, imageUri });
// قرمز / ۱۰۰ میل does not exist; صورتی / ۵۰ میل is sold out.
const variants = [
  v(1, ['قرمز', '۵۰ میل'], 3, 100, 90, '/r.png'),
  v(2, ['صورتی', '۵۰ میل'], 0, 100, 90, '/p.png'),
  v(3, ['صورتی', '۱۰۰ میل'], 5, 180, 162, '/p.png'),
];

describe('offeredGroups', () => {
  it('offers only the values some variant has: a deleted colour is gone, not sold out', () => {
    const withoutPink = variants.filter((x) => x.options[0] !== 'صورتی');
    expect(offeredGroups(groups, withoutPink)).toEqual([{ ...colour, values: [colour.values[0]] }, { ...size, values: [size.values[0]] }]);
    expect(offeredGroups(groups, variants)).toEqual(groups);
    // A sold-out value stays offered (crossed out by `availability`).
    expect(offeredGroups(groups, variants.filter((x) => x.id !== 1))[0]!.values.map((x) => x.value)).toEqual(['صورتی']);
  });
});

describe('initialChoice', () => {
  it('preselects the value of a group that has only one', () => {
    expect(initialChoice([colour, { title: 'حجم', kind: 'list', values: [{ value: '۵۰ میل' }] }])).toEqual([null, '۵۰ میل']);
    expect(initialChoice([])).toEqual([]);
  });

  it('starts from the variant the address names (?variant=, the price-comparison links), sold out or not', () => {
    expect(initialChoice(groups, variants[2])).toEqual(['صورتی', '۱۰۰ میل']);
    expect(initialChoice(groups, variants[1])).toEqual(['صورتی', '۵۰ میل']);
    // A variant of another shape (the product's options changed since the link was made) is ignored.
    expect(initialChoice(groups, { options: ['قرمز'] })).toEqual([null, null]);
    expect(initialChoice(groups, null)).toEqual([null, null]);
  });
});

describe('availability', () => {
  it('with nothing chosen, a value is available when some in-stock variant has it', () => {
    expect(availability(groups, variants, [null, null])).toEqual([[true, true], [true, true]]);
  });
  it('crosses out values that make a missing or sold-out combination with the other groups chosen', () => {
    // قرمز chosen: ۱۰۰ میل does not exist with it.
    expect(availability(groups, variants, ['قرمز', null])).toEqual([[true, true], [true, false]]);
    // صورتی chosen: ۵۰ میل exists but is sold out.
    expect(availability(groups, variants, ['صورتی', null])).toEqual([[true, true], [false, true]]);
    // ۱۰۰ میل chosen: only صورتی has it; a group's own choice does not limit its values.
    expect(availability(groups, variants, ['قرمز', '۱۰۰ میل'])).toEqual([[false, true], [true, false]]);
  });
  it('a value without any stock is never available', () => {
    expect(availability(groups, variants.map((x) => ({ ...x, stock: 0 })), [null, null])).toEqual([[false, false], [false, false]]);
  });
});

describe('variantOf', () => {
  it('finds the variant of a full choice only', () => {
    expect(variantOf(variants, ['صورتی', '۱۰۰ میل'])?.id).toBe(3);
    expect(variantOf(variants, ['صورتی', null])).toBeNull();
    expect(variantOf(variants, ['قرمز', '۱۰۰ میل'])).toBeNull(); // does not exist
    expect(variantOf(variants, ['صورتی', '۵۰ میل'])?.stock).toBe(0); // exists, sold out
  });
  it('a product without options is its single variant', () => {
    expect(variantOf([v(9, [], 4)], [])?.id).toBe(9);
  });
});

describe('choose, matchingVariants, missingGroups', () => {
  it('sets one group and keeps the others', () => {
    expect(choose([null, '۵۰ میل'], 0, 'قرمز')).toEqual(['قرمز', '۵۰ میل']);
    expect(matchingVariants(variants, ['صورتی', null]).map((x) => x.id)).toEqual([2, 3]);
    expect(missingGroups(groups, [null, null])).toEqual(['رنگ', 'حجم']);
    expect(missingGroups(groups, ['قرمز', null])).toEqual(['حجم']);
    expect(missingGroups(groups, ['قرمز', '۵۰ میل'])).toEqual([]);
  });
  it('lists titles the Persian way', () => {
    expect(listInPersian(['رنگ'])).toBe('رنگ');
    expect(listInPersian(['رنگ', 'حجم'])).toBe('رنگ و حجم');
    expect(listInPersian(['رنگ', 'حجم', 'اندازه'])).toBe('رنگ، حجم و اندازه');
  });
});

describe('priceOfChoice', () => {
  it('is the chosen variant’s price', () => {
    expect(priceOfChoice(variants, ['صورتی', '۱۰۰ میل'])).toEqual({ price: 180, offPrice: 162, from: false });
    expect(priceOfChoice(variants, ['صورتی', '۵۰ میل'])).toEqual({ price: 100, offPrice: 90, from: false }); // sold out: still its price
  });
  it('before a full choice, the cheapest in-stock variant allowed, «from» when others cost more', () => {
    expect(priceOfChoice(variants, [null, null])).toEqual({ price: 100, offPrice: 90, from: true });
    expect(priceOfChoice(variants, ['صورتی', null])).toEqual({ price: 180, offPrice: 162, from: false }); // ۵۰ میل is sold out
    expect(priceOfChoice(variants, ['قرمز', null])).toEqual({ price: 100, offPrice: 90, from: false });
  });
  it('is null for a combination that does not exist', () => {
    expect(priceOfChoice(variants, ['قرمز', '۱۰۰ میل'])).toBeNull();
  });
});

describe('imageOfChoice', () => {
  it('is the one image of the variants the choice allows', () => {
    expect(imageOfChoice(variants, ['صورتی', null])).toBe('/p.png');
    expect(imageOfChoice(variants, ['قرمز', '۵۰ میل'])).toBe('/r.png');
    expect(imageOfChoice(variants, [null, null])).toBeNull(); // two images: no colour chosen yet
    expect(imageOfChoice([v(1, ['قرمز'], 1), v(2, ['صورتی'], 1)], ['قرمز'])).toBeNull(); // no image
  });
});
