import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Category } from '@sorkhab/shared';
import { apiOf } from '../../lib/context';
import { categoryThumbVariants } from '../../components/CategoryThumb';
import { AccountEntry } from '../../features/account/AccountEntry';
import { CartButton } from '../../features/cart/CartPopup';
import { Footer } from '../../features/layout/Footer';
import { Header } from '../../features/layout/Header';
import { MobileBar } from '../../features/layout/MobileBar';
import type { Route } from './+types/layout';

/** Header, menu and footer are the same for every visitor (the cart and the shopper load in the browser): docs/decisions/010-html-page-cache.md. */
export const handle = { sharedPage: true };

/** Only what the menus draw: the tree goes into every page's HTML. */
type MenuCategory = Pick<Category, 'id' | 'title' | 'parentId' | 'imageUri' | 'imageVariants'> & { children: MenuCategory[] };
function slimCategory(c: Category): MenuCategory {
  return {
    id: c.id, title: c.title, parentId: c.parentId, imageUri: c.imageUri,
    imageVariants: categoryThumbVariants(c.imageVariants), children: c.children.map(slimCategory),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const api = apiOf(context);
  const [categories, settings] = await Promise.all([
    api.load('GET /Category/GetCategories'),
    api.load('GET /Settings'),
  ]);
  return { categories: categories.map(slimCategory) as Category[], settings, origin: context.origin };
}

// The header and footer change only when the admin edits the catalogue: keep them across navigations.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

/** The shop's layout (header, footer, mobile bar) around storefront and account pages. */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { categories, settings } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3">پرش به محتوا</a>
      {/* No Suspense boundaries here: React streams them after the shell, and the page jumps (layout shift). */}
      <Header categories={categories} settings={settings} actions={<><AccountEntry /><CartButton /></>} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer settings={settings} />
      <MobileBar categories={categories} phone={settings.phone} />
    </div>
  );
}
