import { renderToString } from 'react-dom/server';
import { MemoryRouter, Link as RouterLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categoryHref } from '../lib/links';
import { isPlainLink, Link } from './Link';

type Props = Parameters<typeof Link>[0];

/** What a link writes on the server, rendered under a router at `at`. */
const html = (link: React.ReactElement, at = '/product-list/') => renderToString(<MemoryRouter initialEntries={[at]}>{link}</MemoryRouter>);
const both = (props: Props) => ({ ours: html(<Link {...props} />), router: html(<RouterLink {...props} />) });

const PLAIN = [
  '/', '/product/12', '/product/12/', '/profile/orders', categoryHref({ id: 3, title: 'مراقبت پوست' }),
  `${categoryHref({ id: 7, title: 'رژ لب' })}&sort=cheapest`, '/search?search=%D8%B1%DA%98',
  '/compare?ids=1,2', '/.well-known', '/a.b/c..d', '/product/12?tab=reviews&x=',
];
const NOT_PLAIN = [
  '//evil.example/x', '/a/../b', '/a/./b', '/a/..', '/..', '/.', '/a//b', '/a\\b', '/a#top', '/search?', '/search?#x',
  'https://evil.example/', 'mailto:x@example.com', 'product/12', '../product/12', '?page=2', '', '/a/.?x=1',
];

describe('the server-written <Link> (decision 017)', () => {
  it('writes a plain link byte for byte as React Router does, attributes and children included', () => {
    for (const to of PLAIN) {
      const props = { to, className: 'group flex', 'data-testid': 'card', 'aria-label': `«${to}»`, children: <><b>رژ</b> لب</> } as Props;
      expect(isPlainLink(props), to).toBe(true);
      const { ours, router } = both(props);
      expect(ours, to).toBe(router);
      expect(ours, to).toContain('data-discover="true"');
    }
  });

  it('leaves every other path to React Router (which resolves, encodes or leaves it external)', () => {
    for (const to of NOT_PLAIN) {
      const props: Props = { to, className: 'x', children: 'پیوند' };
      expect(isPlainLink(props), to).toBe(false);
      const { ours, router } = both(props);
      expect(ours, to).toBe(router);
    }
    // Some of them React Router does write differently from `to`: the reason they are not written here.
    expect(html(<RouterLink to="/a/../b">x</RouterLink>)).toContain('href="/b"');
    expect(html(<RouterLink to="/search?">x</RouterLink>)).toContain('href="/search"');
  });

  it('leaves a link with behaviour (a click, a prefetch, state, a target…) or an object `to` to React Router', () => {
    const behaviour: Partial<Props>[] = [
      { onClick: () => {} }, { prefetch: 'intent' }, { replace: true }, { state: { from: 'cart' } }, { target: '_blank' },
      { reloadDocument: true }, { preventScrollReset: true }, { relative: 'path' }, { viewTransition: true }, { discover: 'none' },
    ];
    for (const extra of behaviour) {
      const props = { to: '/product/12', children: 'محصول', ...extra } as Props;
      expect(isPlainLink(props), JSON.stringify(extra)).toBe(false);
      expect(both(props).ours).toBe(both(props).router);
    }
    const objectTo: Props = { to: { pathname: '/product/12', search: '?tab=reviews' }, children: 'محصول' };
    expect(isPlainLink(objectTo)).toBe(false);
    expect(html(<Link {...objectTo} />)).toBe(html(<RouterLink {...objectTo} />));
  });
});
