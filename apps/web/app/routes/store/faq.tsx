import { seo, shopOf } from '../../features/catalog/seo';
import Support from '../account/profile/support';
import type { Route } from './+types/faq';

/**
 * The shop's frequently asked questions (the store settings' FAQ) for every visitor: a shopper reads how shipping and
 * returns work before buying, without signing in (the account area shows the same list at /profile/support).
 */
export const handle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopOf(matches);
  return seo(shop, {
    title: 'پرسش‌های متداول',
    description: `پاسخ پرسش‌های رایج دربارهٔ خرید، ارسال و مرجوعی در ${shop?.settings.storeName ?? 'سرخاب'}.`,
    path: '/faq',
  });
}

export default function Faq() {
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 md:px-6 md:py-12">
      <Support />
    </main>
  );
}
