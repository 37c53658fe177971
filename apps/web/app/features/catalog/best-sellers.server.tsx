import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { BestSellers } from './BestSellers';
import type { CardProduct } from './ProductCard';

/**
 * The best sellers' row rendered apart from any page (lib/parts.tsx): its links need a router, and a link is written
 * the same under any router with the shop's base path.
 */
export const bestSellersHtml = (best: CardProduct[]): string =>
  renderToString(<MemoryRouter><BestSellers best={best} /></MemoryRouter>);
