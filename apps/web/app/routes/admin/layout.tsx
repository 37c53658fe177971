import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import '../../features/admin/admin.css';
import { useEffect, useMemo, useState } from 'react';
import { NavLink as RouterNavLink, Outlet, useLoaderData, useLocation, useNavigate } from 'react-router';
import { AppShell, Burger, Button, DirectionProvider, Group, MantineProvider, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import type { User } from '@sorkhab/shared';
import { browserApi } from '../../lib/api';
import { call, UNAUTHORIZED_EVENT } from '../../features/admin/api';
import { LoginScreen } from '../../features/admin/login';
import { SessionContext, type AdminSession } from '../../features/admin/session';
import { adminCssVariables, adminTheme, TOAST_PROPS } from '../../features/admin/theme';

export function meta() {
  return [{ title: 'پنل مدیریت | سرخاب' }, { name: 'robots', content: 'noindex' }];
}

/** The session survives a reload: the httpOnly cookie is checked with GET User/Me. */
export async function clientLoader() {
  const res = await browserApi.call('GET /User/Me');
  return { user: res.success ? res.data : null };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#868e96' }}>در حال بارگذاری پنل مدیریت…</div>;
}

const MENU: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'داشبورد', end: true },
  { to: '/admin/add-category', label: 'دسته‌بندی‌ها' },
  { to: '/admin/add-attr', label: 'ویژگی‌های دسته' },
  { to: '/admin/add-product', label: 'افزودن محصول' },
  { to: '/admin/show-product', label: 'محصولات' },
  { to: '/admin/brands', label: 'برندها' },
  { to: '/admin/slider', label: 'اسلایدر و بنر' },
  { to: '/admin/orders', label: 'سفارش‌ها' },
  { to: '/admin/discounts', label: 'کدهای تخفیف' },
  { to: '/admin/shipping', label: 'روش‌های ارسال' },
  { to: '/admin/messages', label: 'پیامک‌ها' },
  { to: '/admin/user', label: 'کاربران' },
  { to: '/admin/settings', label: 'تنظیمات فروشگاه' },
];

export default function AdminLayout() {
  const loaded = useLoaderData<typeof clientLoader>();
  const [user, setUser] = useState<User | null>(loaded.user);
  useEffect(() => {
    const drop = () => setUser(null);
    window.addEventListener(UNAUTHORIZED_EVENT, drop);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, drop);
  }, []);
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables}>
        <Notifications {...TOAST_PROPS} />
        {user ? <Shell user={user} onLogout={() => setUser(null)} /> : <LoginScreen onLogin={setUser} />}
      </MantineProvider>
    </DirectionProvider>
  );
}

function Shell({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(close, [location.pathname, close]);
  const session = useMemo<AdminSession>(() => ({
    user,
    async logout() {
      await call('POST /User/Logout', {}, { silent: true });
      onLogout();
      navigate('/admin');
    },
  }), [user, onLogout, navigate]);
  return (
    <SessionContext.Provider value={session}>
      <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="منو" />
              <Text fw={800} c="brand.7" size="lg">سرخاب</Text>
              <Text c="dimmed" size="sm" visibleFrom="sm">پنل مدیریت</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" visibleFrom="sm">{[user.firstname, user.lastname].filter(Boolean).join(' ') || user.username}</Text>
              <Button component="a" href="/" target="_blank" variant="subtle" size="xs">مشاهده فروشگاه</Button>
              <Button variant="light" color="gray" size="xs" onClick={() => void session.logout()}>خروج</Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="منوی مدیریت">
          <AppShell.Section grow component={ScrollArea}>
            {MENU.map((item) => (
              <NavLink key={item.to} component={RouterNavLink} to={item.to} end={item.end} label={item.label}
                active={item.end ? location.pathname.replace(/\/$/, '') === item.to : location.pathname.startsWith(item.to)} />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </SessionContext.Provider>
  );
}
