import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { staffMay, type StaffAccess, type StaffRole } from '@sorkhab/shared';

/** An admin menu entry and the permission its page needs (the same declaration as its endpoints: decision 020). */
interface MenuItem { to: string; label: string; access: StaffAccess; end?: boolean }

const MENU: MenuItem[] = [
  { to: '/admin', label: 'داشبورد', access: 'admin:orders', end: true },
  { to: '/admin/add-category', label: 'دسته‌بندی‌ها', access: 'admin:catalog' },
  { to: '/admin/add-attr', label: 'ویژگی‌های دسته', access: 'admin:catalog' },
  { to: '/admin/add-product', label: 'افزودن محصول', access: 'admin:catalog' },
  { to: '/admin/show-product', label: 'محصولات', access: 'admin:catalog' },
  { to: '/admin/brands', label: 'برندها', access: 'admin:catalog' },
  { to: '/admin/reviews', label: 'دیدگاه‌ها', access: 'admin:catalog' },
  { to: '/admin/questions', label: 'پرسش‌ها', access: 'admin:catalog' },
  { to: '/admin/slider', label: 'اسلایدر و بنر', access: 'admin:content' },
  { to: '/admin/orders', label: 'سفارش‌ها', access: 'admin:orders' },
  { to: '/admin/returns', label: 'مرجوعی‌ها', access: 'admin:orders' },
  { to: '/admin/discounts', label: 'کدهای تخفیف', access: 'admin:discounts' },
  { to: '/admin/shipping', label: 'روش‌های ارسال', access: 'admin:settings' },
  { to: '/admin/messages', label: 'پیامک‌ها', access: 'admin:messages' },
  { to: '/admin/user', label: 'کاربران', access: 'admin:customers' },
  { to: '/admin/audit', label: 'گزارش تغییرات', access: 'admin:audit' },
  { to: '/admin/settings', label: 'تنظیمات فروشگاه', access: 'admin:settings' },
];

/** Pages outside the menu, by path prefix, with the permission they need. */
const OTHER_PAGES: { prefix: string; access: StaffAccess }[] = [
  { prefix: '/admin/edit-product/', access: 'admin:catalog' },
  { prefix: '/admin/gallery-product/', access: 'admin:catalog' },
  { prefix: '/admin/add-slider/', access: 'admin:content' },
];

const pathOf = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** What a path of the admin needs; unknown paths (the admin's «not found») need nothing beyond a session. */
function accessOf(pathname: string): StaffAccess {
  const path = pathOf(pathname);
  const item = MENU.find((m) => (m.end ? path === m.to : path === m.to || path.startsWith(`${m.to}/`)));
  return item?.access ?? OTHER_PAGES.find((p) => path.startsWith(p.prefix))?.access ?? 'staff';
}

const mayOpen = (role: StaffRole | null, pathname: string) => {
  const access = accessOf(pathname);
  return access === 'staff' || (!!role && staffMay(role, access));
};
export const menuFor = (role: StaffRole | null) => MENU.filter((m) => !!role && staffMay(role, m.access));

/**
 * The page, when the role opens it; otherwise «دسترسی ندارید» (the API would answer 403 anyway). The admin's
 * home (the dashboard) sends a role without it to the first page it may open.
 */
export function PageGate({ role, children }: { role: StaffRole | null; children: ReactNode }) {
  const { pathname } = useLocation();
  if (mayOpen(role, pathname)) return children;
  const home = menuFor(role)[0]?.to;
  if (pathOf(pathname) === '/admin' && home) return <Navigate to={home} replace />;
  return <NoAccess home={home} />;
}

function NoAccess({ home }: { home: string | undefined }) {
  return (
    <Stack align="center" py="xl" data-testid="no-access">
      <Title order={1} size="h2">دسترسی ندارید</Title>
      <Text c="dimmed" ta="center">نقش شما در فروشگاه اجازهٔ دیدن این بخش را نمی‌دهد؛ اگر به آن نیاز دارید، از مدیر کل فروشگاه بخواهید.</Text>
      {home && <Button component={Link} to={home}>رفتن به {MENU.find((m) => m.to === home)?.label}</Button>}
    </Stack>
  );
}
