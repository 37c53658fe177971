import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { isPlainPath } from '../../components/Link';
import { PagerItems, type PagerLinks } from '../../components/ui/Pager';
import { listTemplateWriter } from '../../lib/templates.server';
import { ChipItems, OrderBar, type ChipLinks, type OrderBarLinks } from './ListingPage';

/**
 * A listing's links written from templates rather than rendered by React, on the server (lib/templates.server.ts,
 * docs/decisions/032): its order bar (the orders and page sizes), its chips and its pager — about twenty links a page,
 * which React rendered at a quarter of the route's part of a listing. A shape is which link is the current one (and,
 * for the pager, where its gaps are; for the chips, how many). The texts are the links' paths and labels; a link whose
 * path the server would not write as it is (`isPlainPath`) leaves its part to React.
 */

/** Chips a template writes at most (more are rendered by React). */
const MAX_CHIPS = 12;

/**
 * A link's path as a text: without its leading `/`, so that a mark in its place (`/` + the mark) is a plain path too,
 * which `<Link>` writes as it is; null where the path is not plain.
 */
const pathText = (href: string) => (isPlainPath(href) && href.length > 1 ? href.slice(1) : null);
/** A marked link's path. */
const markedPath = (mark: string | null) => `/${mark!}`;

/** A list of links as texts (path, label, path, label…), or null when a path is not plain. */
function linkTexts(links: { href: string; label: string }[], into: (string | null)[]): (string | null)[] | null {
  for (const link of links) {
    const path = pathText(link.href);
    if (path === null) return null;
    into.push(path, link.label);
  }
  return into;
}

/** `links` with marks in place of their texts, from `marks[from]` on. */
const markedLinks = <L extends { href: string; label: string }>(links: L[], marks: (string | null)[], from: number): L[] =>
  links.map((link, i) => ({ ...link, href: markedPath(marks[from + 2 * i]!), label: marks[from + 2 * i + 1]! }));

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);
const currentOf = (links: { current: boolean }[]) => links.map((l) => (l.current ? 'c' : 'n')).join('');

const writeOrderBar = listTemplateWriter<OrderBarLinks>({
  textsOf: ({ sorts, sizes }) => { const texts = linkTexts(sorts, []); return texts && linkTexts(sizes, texts); },
  shapeOf: ({ sorts, sizes }) => `${currentOf(sorts)}|${currentOf(sizes)}`,
  render: (bar, marks) => render(<OrderBar {...(marks ? { sorts: markedLinks(bar.sorts, marks, 0), sizes: markedLinks(bar.sizes, marks, 2 * bar.sorts.length) } : bar)} />),
});

const writeChips = listTemplateWriter<ChipLinks>({
  textsOf({ chips, clearAll }) {
    const path = pathText(clearAll);
    return chips.length > MAX_CHIPS || path === null ? null : linkTexts(chips, [path]);
  },
  shapeOf: ({ chips }) => chips.length,
  render: (use, marks) => render(<ChipItems {...(marks ? { chips: markedLinks(use.chips, marks, 1), clearAll: markedPath(marks[0]!) } : use)} />),
});

/** The pager's page links (a gap is no link). */
const pageLinks = (items: PagerLinks['items']) => items.filter((item) => item !== null);

const writePager = listTemplateWriter<PagerLinks>({
  textsOf({ prev, next, items }) {
    const [before, after] = [prev === null ? null : pathText(prev), next === null ? null : pathText(next)];
    if ((prev !== null && before === null) || (next !== null && after === null)) return null;
    return linkTexts(pageLinks(items), [before, after]);
  },
  shapeOf: ({ prev, next, items }) => `${prev === null ? '' : '<'}${items.map((item) => (item === null ? 'g' : item.current ? 'c' : 'n')).join('')}${next === null ? '' : '>'}`,
  render(links, marks) {
    if (!marks) return render(<PagerItems {...links} />);
    const marked = markedLinks(pageLinks(links.items), marks, 2);
    let page = 0;
    return render(
      <PagerItems prev={marks[0] == null ? null : markedPath(marks[0])} next={marks[1] == null ? null : markedPath(marks[1])}
        items={links.items.map((item) => (item === null ? null : marked[page++]!))} />,
    );
  },
});

/** A listing's parts as they render on the server, or undefined where React is to render them (`ListingMarkup`). */
export const listingMarkup = { orderBar: writeOrderBar, chips: writeChips };

/** A pager's links as `<PagerItems>` renders them on the server, or undefined (`PagerMarkup`). */
export const pagerMarkup = writePager;
