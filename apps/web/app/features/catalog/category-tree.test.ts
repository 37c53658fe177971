import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Category } from '@sorkhab/shared';
import { categoryHref } from '../../lib/links';
import { categoriesTitled, categoryTrail, findCategory } from './category-tree';
import { parseListing } from './listing';

const cat = (id: number, title: string, parentId: number | null, children: Category[] = []): Category => ({
  id, title, alias: '', select: false, uri: '', imageUri: null, imageVariants: [], parentId, sortOrder: 0, children,
});

// Two «ریمل»: an empty one met first (depth first, id 3 under «آرایش چشم»), and the real one (id 9, under «پرفروش‌ها», a leaf).
const emptyMascara = cat(3, 'ریمل', 2, [cat(4, 'ریمل حجم‌دهنده', 3)]);
const mascara = cat(9, 'ريمل', 8); // stored with an Arabic ي
const roots = [
  cat(1, 'آرایش', null, [cat(2, 'آرایش چشم', 1, [emptyMascara])]),
  cat(8, 'پرفروش‌ها', null, [mascara, cat(10, 'رژ لب', 8)]),
  cat(11, 'ریمل', null),
];

describe('findCategory', () => {
  it('finds a category by its id, whatever its title says', () => {
    expect(findCategory(roots, { id: 9 })?.id).toBe(9);
    expect(findCategory(roots, { id: 3, title: 'ریمل' })?.id).toBe(3);
    expect(findCategory(roots, { id: 9, title: 'عنوان قدیمی' })?.id).toBe(9);
  });

  it('resolves a title alone to a same-titled category that has products first', () => {
    expect(findCategory(roots, { title: 'ریمل' }, new Set([9]))?.id).toBe(9);
    expect(findCategory(roots, { title: 'ریمل' }, new Set([3]))?.id).toBe(3);
    expect(findCategory(roots, { title: 'ریمل' }, new Set([11, 3]))?.id).toBe(11); // both have products: the leaf
  });

  it('then prefers a leaf, then the lowest id', () => {
    expect(categoriesTitled(roots, 'ریمل').map((c) => c.id)).toEqual([9, 11, 3]);
    expect(findCategory(roots, { title: 'ریمل' })?.id).toBe(9);
    expect(findCategory(roots, { title: 'ریمل' }, new Set())?.id).toBe(9);
  });

  it('compares titles normalised: Arabic letters, ZWNJ or a space, extra spaces', () => {
    expect(findCategory(roots, { title: 'پرفروش ها' })?.id).toBe(8);
    expect(findCategory(roots, { title: '  رژ  لب ' })?.id).toBe(10);
    expect(findCategory(roots, { title: 'آرايش چشم' })?.id).toBe(2);
  });

  it('falls back to the title when the id no longer exists, and finds nothing for an unknown title', () => {
    expect(findCategory(roots, { id: 999, title: 'رژ لب' })?.id).toBe(10);
    expect(findCategory(roots, { id: 999 })).toBeUndefined();
    expect(findCategory(roots, { title: 'ناموجود' })).toBeUndefined();
    expect(findCategory(roots, { title: '' })).toBeUndefined();
  });

  it('keeps the trail of a category found by id', () => {
    expect(categoryTrail(roots, 3).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(categoryTrail(roots, 10).map((c) => c.id)).toEqual([8, 10]);
    expect(categoryTrail(roots, 77)).toEqual([]);
    // Another tree (the one read after a write) is looked up in itself, not in the index of the one before.
    const moved = [cat(8, 'پرفروش‌ها', null, [cat(10, 'رژ لب', 8, [cat(3, 'ریمل', 10)])])];
    expect(categoryTrail(moved, 3).map((c) => c.id)).toEqual([8, 10, 3]);
    expect(findCategory(moved, { id: 3 })).toBe(moved[0]!.children[0]!.children[0]);
    expect(findCategory(moved, { id: 1 })).toBeUndefined();
  });
});

describe('category links', () => {
  it('carry the id of the category at every level (the spec’s brand parameter), beside its title', () => {
    for (const c of [roots[0]!, roots[0]!.children[0]!, emptyMascara, mascara]) {
      const href = categoryHref(c);
      expect(href.startsWith('/product-list?')).toBe(true);
      const state = parseListing(new URL(href, 'http://x').searchParams);
      expect(state).toMatchObject({ categoryId: c.id, category: c.title });
      expect(findCategory(roots, { id: state.categoryId, title: state.category })).toBe(c);
    }
    expect(categoryHref({ id: 3, title: 'ریمل' })).toBe(`/product-list?category=${encodeURIComponent('ریمل')}&brand=3`);
  });

  it('are built by categoryHref only: no storefront code writes a /product-list?category= link itself', () => {
    const app = fileURLToPath(new URL('../../', import.meta.url));
    const files = fs.readdirSync(app, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.startsWith(`routes${path.sep}admin`));
    const code = (f: string) => fs.readFileSync(path.join(app, f), 'utf8').split('\n').filter((l) => !/^\s*(\/\/|\/?\*)/.test(l)).join('\n');
    const offenders = files.filter((f) => f !== path.join('lib', 'links.ts') && /product-list\?(category|brand)=|[?&]category=\$\{/.test(code(f)));
    expect(offenders).toEqual([]);
  });
});
