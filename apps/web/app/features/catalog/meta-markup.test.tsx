import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { metaElement, metaMarkup } from '../../lib/frame.server';
import { seo, type ShopData } from './seo';

const react = (descriptors: MetaDescriptor[]) => renderToString(<>{descriptors.map(metaElement)}</>);
const TEXTS = ['کرم مرطوب‌کننده', `<b>"Rose" & 'Oud'</b>`, 'a&amp;b', '💄 \u2028 x', 'lone \uD800 surrogate', '\uE0001\uE001 marks'];
const shop = { settings: { storeName: 'سرخاب' }, origin: 'https://shop.example' } as unknown as ShopData;

describe("a framed page's meta tags written from their template", () => {
  it('are, for every kind of page (picture or not, a product, not indexed) and hostile texts, what React writes', () => {
    let n = 0;
    for (const title of TEXTS) {
      for (const description of TEXTS) {
        for (const image of [null, '/uploads/x.jpg', 'https://cdn.example/a&b.jpg']) {
          n++;
          const tags = seo(shop, { title, description, path: `/product-list?${new URLSearchParams({ brand: String(n), q: title })}`, image, type: n % 2 ? 'product' : 'website', noindex: n % 3 === 0 });
          expect(metaMarkup(tags)).toBe(react(tags));
        }
      }
    }
  });

  it('are written by React for a value that is not a text, and refused for a tag a frame does not write', () => {
    const tags: MetaDescriptor[] = [{ title: 'x' }, { name: 'description', content: 12 as unknown as string }];
    expect(metaMarkup(tags)).toBe(react(tags));
    expect(metaMarkup(tags)).toContain('content="12"');
    expect(() => metaMarkup([{ title: 'x' }, { tagName: 'script', src: '/x.js' } as MetaDescriptor])).toThrow();
    expect(() => metaMarkup([{ charSet: 'utf-8' }])).toThrow();
  });
});
