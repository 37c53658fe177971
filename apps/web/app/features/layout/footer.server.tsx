import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { StoreSettings } from '@sorkhab/shared';
import { Footer, Promises } from './Footer';

/**
 * The footer's markup for these settings, rendered apart from any page (lib/parts.tsx): its links need a router, and
 * a link is written the same under any router with the shop's base path.
 */
export const footerHtml = (settings: StoreSettings): string =>
  renderToString(<MemoryRouter><Footer settings={settings} /></MemoryRouter>);

/** The product page's promises (compact) for this free-shipping threshold, rendered once (lib/parts.tsx). */
export const promisesHtml = (threshold: number): string => renderToString(<Promises compact threshold={threshold} />);
