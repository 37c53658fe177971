import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Header } from './Header';

/**
 * The header's markup where it is plain (`headerIsPlainAt`: no link of its own current, the search box empty), rendered
 * apart from any page (lib/parts.tsx) at such a path: its links and search box need a router, and are written the same
 * under any router with the shop's base path.
 */
export const headerHtml = (props: ComponentProps<typeof Header>): string =>
  renderToString(<MemoryRouter initialEntries={['/product-list']}><Header {...props} /></MemoryRouter>);
