import { renderToString } from 'react-dom/server';
import { MemoryRouter, Link as RouterLink, NavLink as RouterNavLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categoryHref } from '../lib/links';
import { isPlainLink, Link, NavLink } from './Link';

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

  it('writes a link with what a click does (the server shows none of it), and leaves to React Router what changes the markup', () => {
    const onClick: Partial<Props>[] = [
      { onClick: () => {} }, { replace: true }, { state: { from: 'cart' } }, { preventScrollReset: true }, { viewTransition: true },
      { defaultShouldRevalidate: false }, { preventScrollReset: true, replace: true, 'aria-current': 'true' } as Partial<Props>,
    ];
    for (const extra of onClick) {
      const props = { to: '/product-list?sort=cheapest', className: 'rounded', children: 'ارزان‌ترین', ...extra } as Props;
      expect(isPlainLink(props), Object.keys(extra).join()).toBe(true);
      const { ours, router } = both(props);
      expect(ours, Object.keys(extra).join()).toBe(router);
    }
    const written: Partial<Props>[] = [
      { prefetch: 'intent' }, { prefetch: 'render' }, { target: '_blank' }, { reloadDocument: true }, { relative: 'path' }, { discover: 'none' },
    ];
    for (const extra of written) {
      const props = { to: '/product/12', children: 'محصول', ...extra } as Props;
      expect(isPlainLink(props), JSON.stringify(extra)).toBe(false);
      const { ours, router } = both(props);
      expect(ours, JSON.stringify(extra)).toBe(router);
    }
    const objectTo: Props = { to: { pathname: '/product/12', search: '?tab=reviews' }, children: 'محصول' };
    expect(isPlainLink(objectTo)).toBe(false);
    expect(html(<Link {...objectTo} />)).toBe(html(<RouterLink {...objectTo} />));
  });

  it('writes a NavLink as React Router does at every location: active, case, end, a trailing slash, class, style and children by state', () => {
    type NavProps = Parameters<typeof NavLink>[0];
    const links: NavProps[] = [
      { to: '/', end: true, className: ({ isActive }) => (isActive ? 'on' : 'off'), children: 'خانه' },
      { to: '/', className: 'x', children: 'همه' },
      { to: '/contact', className: 'c', children: 'تماس' },
      { to: '/contact/', children: 'تماس' },
      { to: '/Contact', caseSensitive: true, children: 'تماس' },
      { to: '/Last-Products', children: 'جدیدترین‌ها' },
      { to: '/profile/dashboard', 'aria-current': 'location', className: ({ isActive }) => `tab ${isActive ? 'text-brand-700' : 'text-gray-600'}`, children: 'حساب من' },
      { to: '/profile/dashboard', end: true, children: 'داشبورد' },
      { to: '/last-products', style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }), children: ({ isActive }) => (isActive ? 'جدیدترین‌ها ●' : 'جدیدترین‌ها') },
      { to: '/contact', target: '_blank', children: 'a target: React Router writes the link' },
      { to: '/last-products', prefetch: 'render', className: 'p', children: 'a prefetch: React Router writes the link' },
      { to: '/search?brands=3', children: 'not simple: React Router writes it' },
    ];
    const places = ['/', '/contact', '/Contact', '/CONTACT/', '/contact/x', '/contactx', '/last-products', '/profile/dashboard',
      '/profile/dashboard/orders', '/profile/dashboardx', '/product/12', '/%D8%B1%DA%98'];
    let active = 0;
    for (const at of places) {
      for (const props of links) {
        const ours = html(<NavLink {...props} />, at);
        expect(ours, `${String(props.to)} at ${at}`).toBe(html(<RouterNavLink {...props} />, at));
        if (ours.includes('aria-current')) active++;
      }
    }
    expect(active).toBeGreaterThan(10);
  });
});

