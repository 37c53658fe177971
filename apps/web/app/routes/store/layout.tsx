import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Category, StoreSettings } from '@sorkhab/shared';
import { apiOf } from '../../lib/context';
import { Footer } from '../../features/layout/Footer';
import { Header } from '../../features/layout/Header';
import { categoryThumbVariants, MobileBar } from '../../features/layout/MobileBar';
import type { Route } from './+types/layout';

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
    api.load<Category[]>('Category/GetCategories'),
    api.load<StoreSettings>('Settings'),
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
      <Header categories={categories} settings={settings} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer settings={settings} />
      <MobileBar categories={categories} phone={settings.phone} />
    </div>
  );
}
