import { describe, expect, it } from 'vitest';
import { seo, textOf } from './seo';

const shop = { settings: { storeName: 'سرخاب' }, origin: 'https://shop.example' } as never;
const get = (tags: ReturnType<typeof seo>, key: string) => tags.find((t) => key in t || Object.values(t).includes(key));

describe('seo', () => {
  it('adds the shop name to a page title once', () => {
    expect(get(seo(shop, { title: 'رژ لب مات', description: 'd', path: '/product/1' }), 'title')).toEqual({ title: 'رژ لب مات | سرخاب' });
    expect(get(seo(shop, { title: 'سرخاب | فروشگاه آنلاین', description: 'd', path: '/' }), 'title')).toEqual({ title: 'سرخاب | فروشگاه آنلاین' });
    expect(get(seo(shop, { title: 'سرخاب', description: 'd', path: '/' }), 'title')).toEqual({ title: 'سرخاب' });
  });

  it('gives absolute canonical and image URLs on the shop origin', () => {
    const tags = seo(shop, { title: 't', description: 'd', path: '/product/1', image: '/uploads/a.webp', type: 'product' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/product/1' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://shop.example/uploads/a.webp' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(seo(shop, { title: 't', description: 'd', path: '/cart', noindex: true })).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('shortens HTML to plain text for descriptions', () => {
    expect(textOf('<p>کرم&nbsp;مرطوب‌کننده</p><ul><li>پوست خشک</li></ul>')).toBe('کرم مرطوب‌کننده پوست خشک');
    expect(textOf(`<p>${'الف '.repeat(100)}</p>`, 20)).toHaveLength(20);
  });
});
