import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@sorkhab/shared';
import { optionMarkup } from './facet-markup.server';
import { FacetOption, type FacetOptionProps } from './FilterPanel';

const react = (option: FacetOptionProps) => renderToString(<FacetOption {...option} />);

const TITLES = ['لورآل', `<b>"Rose" & 'Oud'</b>`, 'a&amp;b', '💄 \u2028 x', 'lone \uD800 surrogate', '\uE0001\uE001 marks', 'کرم دست و بدن'];
const ALIASES = [null, undefined, '', "L'Oréal Paris", '<i>&</i>'];

describe('a filter option written from its template', () => {
  it('is, for every shape (category or brand, chosen or not, with a Latin name or not) and hostile texts, the markup React renders', () => {
    const shapes = new Set<string>();
    let n = 0;
    for (const kind of ['category', 'brand'] as const) {
      for (const title of TITLES) {
        for (const alias of ALIASES) {
          for (const checked of [false, true]) {
            n++;
            const option: FacetOptionProps = { kind, value: n * 7, title, alias: kind === 'brand' ? alias : undefined, count: formatNumber(n * 1234), checked };
            const html = optionMarkup(option);
            expect(html, JSON.stringify(option)).toBe(react(option));
            shapes.add([kind, checked, !!option.alias].join());
          }
        }
      }
    }
    expect(shapes.size).toBe(6);
  });

  it('is left to React for an empty title or count', () => {
    const option: FacetOptionProps = { kind: 'brand', value: 3, title: 'نیوآ', alias: 'Nivea', count: '۱۲', checked: false };
    expect(optionMarkup({ ...option, title: '' })).toBeUndefined();
    expect(optionMarkup({ ...option, count: '' })).toBeUndefined();
    expect(optionMarkup(option)).toBe(react(option));
    expect(react(option)).toContain('dir="ltr">Nivea</span>');
  });
});
