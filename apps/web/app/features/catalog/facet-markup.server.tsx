import { renderToString } from 'react-dom/server';
import { templateWriter } from '../../lib/templates.server';
import { FacetOption, type FacetOptionProps } from './FilterPanel';

/**
 * A listing's filter options (its categories and brands with their counts) written from templates rather than rendered
 * by React, on the server (lib/templates.server.ts, docs/decisions/032): a search page lists up to ≈ 40 of them, and
 * React's render of each (six elements) cost about as much as a card's. An option's shape: a category's or a brand's,
 * chosen or not, with a Latin name (a brand's alias) or not.
 */

const SLOTS = ['value', 'title', 'alias', 'count'] as const;
type Slot = (typeof SLOTS)[number];

const writeOption = templateWriter<Slot, FacetOptionProps>({
  slots: SLOTS,
  textsOf: (option) => ({ value: String(option.value), title: option.title, alias: option.alias || null, count: option.count }),
  shapeOf: (option, texts) => (option.kind === 'brand' ? 1 : 0) | (option.checked ? 2 : 0) | (texts.alias !== null ? 4 : 0),
  render: (option, marks) => renderToString(<FacetOption {...option} {...(marks && { value: marks.value!, title: marks.title!, alias: marks.alias, count: marks.count! })} />),
});

/** `option`'s markup as `<FacetOption {...option} />` renders it on the server, or undefined (React is to render it). */
export const optionMarkup = (option: FacetOptionProps): string | undefined => writeOption(option);
