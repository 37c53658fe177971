import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { hasShopperHint } from '@sorkhab/shared';
import { apiOf, sharedCategories, sharedValue } from '../../lib/context';
import { AccountEntry } from '../../features/account/AccountEntry';
import { CartButton } from '../../features/cart/CartPopup';
import { Footer, footerYear } from '../../features/layout/Footer';
import { footerHtml, promisesHtml } from '../../features/layout/footer.server';
import { Header, headerIsPlainAt } from '../../features/layout/Header';
import { headerHtml } from '../../features/layout/header.server';
import { knownMenu, useMenu } from '../../features/layout/menu';
import { menuVersionOf } from '../../features/layout/menu.server';
import { MobileBar } from '../../features/layout/MobileBar';
import { ReusedPart } from '../../lib/parts';
import type { Route } from './+types/layout';

/** Header, menu and footer are the same for every visitor (the cart and the shopper load in the browser): docs/decisions/010-html-page-cache.md. */
export const handle = { sharedPage: true };

export async function loader({ context, request }: Route.LoaderArgs) {
  // The same for every visitor until the catalogue or the settings change: read and digested once, not per page.
  const { menu, settings } = await sharedValue(context, 'shop-layout', async () => {
    const api = apiOf(context);
    const [categories, storeSettings] = await Promise.all([
      sharedCategories(context),
      api.load('GET /Settings'),
    ]);
    // The menu's tree is not part of the page's data, only its version (features/layout/menu.ts).
    return { menu: menuVersionOf(categories), settings: storeSettings };
  });
  // A logged-in shopper's browser carries the hint cookie: the header says «حساب من» from the first paint, not «ورود».
  // The server keeps such pages apart from a guest's (web.ts), so the page stays shared within each group.
  const signedIn = hasShopperHint(request.headers.get('cookie'));
  // The footer is the same on every page until the settings change (or the year): rendered once, reused (lib/parts.tsx).
  if (context.parts) {
    context.parts.set('footer', await sharedValue(context, `shop-footer ${footerYear()}`, async () => footerHtml(settings)));
    // And the promises a product page shows beside its price.
    context.parts.set('promises', await sharedValue(context, 'shop-promises', async () => promisesHtml(settings.freeShippingThreshold)));
    // So is the header where it is plain (none of its links current, the search box empty), once per signed-in state.
    if (headerIsPlainAt(new URL(request.url))) {
      context.parts.set('header', await sharedValue(context, `shop-header ${signedIn}`, async () =>
        headerHtml({ categories: knownMenu(menu) ?? [], settings, actions: headerActions(signedIn) })));
    }
  }
  return { menu, settings, origin: context.origin, signedIn };
}

/** The header's account entry and cart button. */
const headerActions = (signedIn: boolean) => <><AccountEntry signedIn={signedIn} /><CartButton /></>;

// The header and footer change only when the admin edits the catalogue: keep them across navigations.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

/** The shop's layout (header, footer, mobile bar) around storefront and account pages. */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const categories = useMenu(loaderData.menu);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3">پرش به محتوا</a>
      {/* No Suspense boundaries here: React streams them after the shell, and the page jumps (layout shift). */}
      <ReusedPart name="header"><Header categories={categories} settings={settings} actions={headerActions(loaderData.signedIn)} /></ReusedPart>
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <ReusedPart name="footer"><Footer settings={settings} /></ReusedPart>
      <MobileBar categories={categories} phone={settings.phone} />
    </div>
  );
}
