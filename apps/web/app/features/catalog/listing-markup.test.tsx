import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager, PagerItems, PagerMarkup, type PagerLinks } from '../../components/ui/Pager';
import { pagerWindow } from '../../components/ui/pager';
import { toPersianDigits } from '@sorkhab/shared';
import { ChipItems, OrderBar, type ChipLinks, type OrderBarLinks } from './ListingPage';
import { listingHref } from './listing';
import { listingMarkup, pagerMarkup } from './listing-markup.server';

const react = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

/** Searches whose links are hostile: markup, quotes, ampersands, a lone surrogate, U+2028, the marks' own characters. */
const SEARCHES = ['کرم', `<b>"Rose" & 'Oud'</b>`, 'a&amp;b', '💄 \u2028 x', 'lone \uD800 surrogate', '\uE0001\uE001 marks', 'کرم دست و بدن'];
const paramsOf = (search: string) => new URLSearchParams({ search, brands: '3,9', sort: 'cheapest' });

function pagerLinks(page: number, count: number, params: URLSearchParams): PagerLinks {
  const hrefFor = (n: number) => listingHref('/search', params, { page: n });
  return {
    prev: page > 1 ? hrefFor(page - 1) : null,
    next: page < count ? hrefFor(page + 1) : null,
    items: pagerWindow(page, count).map((item) => (item === 'gap' ? null : { href: hrefFor(item), label: toPersianDigits(item), current: item === page })),
  };
}

describe("a listing's pager written from its template", () => {
  it('is, for every window (first, last, middle pages, gaps) and hostile search texts, the markup React renders', () => {
    const shapes = new Set<string>();
    for (const search of SEARCHES) {
      for (const count of [2, 3, 6, 7, 9, 60]) {
        for (let page = 1; page <= count; page++) {
          const links = pagerLinks(page, count, paramsOf(search));
          const html = pagerMarkup(links);
          expect(html, `${search} ${page}/${count}`).toBeDefined();
          expect(html).toBe(react(<PagerItems {...links} />));
          shapes.add(`${!!links.prev}${!!links.next}${links.items.map((i) => (i ? +i.current : 'g')).join('')}`);
        }
      }
    }
    expect(shapes.size).toBe(18);
  });

  it('makes a <Pager> whose page is the one React renders without templates', () => {
    const hrefFor = (n: number) => listingHref('/search', paramsOf(SEARCHES[1]!), { page: n });
    for (const [page, count] of [[1, 2], [5, 60], [60, 60]] as const) {
      const pager = <Pager page={page} count={count} hrefFor={hrefFor} />;
      const templated = react(<PagerMarkup value={pagerMarkup}>{pager}</PagerMarkup>);
      expect(templated).toBe(react(pager));
      expect(templated).toContain('aria-current="page"');
    }
  });

  it('is left to React for a link that is not a plain path', () => {
    const links = pagerLinks(2, 3, paramsOf('x'));
    expect(pagerMarkup({ ...links, next: '//elsewhere.example/x' })).toBeUndefined();
    expect(pagerMarkup({ ...links, prev: 'relative?page=1' })).toBeUndefined();
    expect(pagerMarkup({ ...links, items: [{ href: '/search/../admin', label: '۱', current: false }, ...links.items.slice(1)] })).toBeUndefined();
    expect(pagerMarkup(links)).toBe(react(<PagerItems {...links} />));
  });
});

describe("a listing's order bar written from its template", () => {
  const SORTS = [['', 'مرتبط‌ترین'], ['newest', 'جدیدترین'], ['cheapest', 'ارزان‌ترین'], ['dearest', 'گران‌ترین'], ['discount', 'بیشترین تخفیف']] as const;
  const barOf = (params: URLSearchParams, search: boolean, current: number, size: number): OrderBarLinks => ({
    sorts: SORTS.slice(search ? 0 : 1).map(([sort, label], i) => ({ href: listingHref(search ? '/search' : '/product-list', params, { sort }), label, current: i === current })),
    sizes: [12, 24, 48].map((n, i) => ({ href: listingHref('/search', params, { pageSize: n }), label: toPersianDigits(n), current: i === size })),
  });

  it('is, for every current order and page size and hostile texts, the markup React renders', () => {
    for (const search of SEARCHES) {
      for (const isSearch of [false, true]) {
        for (let current = -1; current < 4; current++) {
          for (let size = -1; size < 3; size++) {
            const bar = barOf(paramsOf(search), isSearch, current, size);
            const html = listingMarkup.orderBar(bar);
            expect(html).toBeDefined();
            expect(html).toBe(react(<OrderBar {...bar} />));
          }
        }
      }
    }
    const bar = barOf(paramsOf('x'), true, 1, 1);
    expect(listingMarkup.orderBar({ ...bar, sorts: [...bar.sorts.slice(1), { href: 'javascript:alert(1)', label: 'x', current: false }] })).toBeUndefined();
  });
});

describe("a listing's chips written from their template", () => {
  const chipsOf = (labels: string[], params: URLSearchParams): ChipLinks => ({
    chips: labels.map((label, i) => ({ key: `k${i}`, label, href: listingHref('/search', params, { brands: String(i) }) })),
    clearAll: listingHref('/search', params, { brands: null }),
  });

  it('are, for any number of chips and hostile labels and links, the markup React renders', () => {
    for (const search of SEARCHES) {
      for (let n = 1; n <= 12; n++) {
        const chips = chipsOf(Array.from({ length: n }, (_, i) => SEARCHES[(i + n) % SEARCHES.length]!), paramsOf(search));
        const html = listingMarkup.chips(chips);
        expect(html).toBeDefined();
        expect(html).toBe(react(<ChipItems {...chips} />));
      }
    }
  });

  it('are left to React past twelve chips, with an empty label or a link that is not a plain path', () => {
    const params = paramsOf('x');
    expect(listingMarkup.chips(chipsOf(Array.from({ length: 13 }, (_, i) => `c${i}`), params))).toBeUndefined();
    expect(listingMarkup.chips(chipsOf(['a', ''], params))).toBeUndefined();
    expect(listingMarkup.chips({ ...chipsOf(['a'], params), clearAll: 'https://elsewhere.example/' })).toBeUndefined();
  });
});
