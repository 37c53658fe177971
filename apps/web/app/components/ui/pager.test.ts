import { describe, expect, it } from 'vitest';
import { pageCount, pagerWindow } from './pager';

describe('pagerWindow (spec section 9)', () => {
  it('shows every page when there are 6 or fewer', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('shows the first 4 pages and the last while the current page is below 4', () => {
    expect(pagerWindow(1, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pagerWindow(3, 7)).toEqual([1, 2, 3, 4, 'gap', 7]);
  });
  it('shows the last 3 pages once the current page is above count-3', () => {
    expect(pagerWindow(8, 10)).toEqual([1, 'gap', 8, 9, 10]);
    expect(pagerWindow(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });
  it('shows a window around the current page in between', () => {
    expect(pagerWindow(4, 10)).toEqual([1, 'gap', 3, 4, 5, 'gap', 10]);
    expect(pagerWindow(7, 10)).toEqual([1, 'gap', 6, 7, 8, 'gap', 10]);
  });
  it('clamps a page out of range and answers nothing for no pages', () => {
    expect(pagerWindow(99, 10)).toEqual([1, 'gap', 8, 9, 10]);
    expect(pagerWindow(0, 7)).toEqual([1, 2, 3, 4, 'gap', 7]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });
  it('counts pages by the page size', () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(100, 48)).toBe(3);
  });
});
