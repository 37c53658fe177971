import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import '../../features/admin/admin.css';
import { useEffect, useMemo, useState } from 'react';
import { NavLink as RouterNavLink, Outlet, useLoaderData, useLocation, useNavigate } from 'react-router';
import { AppShell, Burger, Button, DirectionProvider, Group, MantineProvider, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { STAFF_ROLE_LABELS, type StaffMe } from '@sorkhab/shared';
import { call, UNAUTHORIZED_EVENT } from '../../features/admin/api';
import { menuFor, PageGate } from '../../features/admin/access';
import { LoginScreen } from '../../features/admin/login';
import { dropStaffHint, SessionContext, type AdminSession } from '../../features/admin/session';
import { adminCssVariables, adminTheme, TOAST_PROPS } from '../../features/admin/theme';
import type { clientLoader } from './layout';

export default function AdminLayout() {
  const loaded = useLoaderData<typeof clientLoader>();
  const [user, setUser] = useState<StaffMe | null>(loaded.user);
  useEffect(() => {
    const drop = () => { dropStaffHint(); setUser(null); };
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

function Shell({ user, onLogout }: { user: StaffMe; onLogout: () => void }) {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(close, [location.pathname, close]);
  const menu = menuFor(user.role);
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
              <Text size="sm" visibleFrom="sm">
                {[user.firstname, user.lastname].filter(Boolean).join(' ') || user.username}
                {user.role && <Text span c="dimmed" size="xs"> ({STAFF_ROLE_LABELS[user.role]})</Text>}
              </Text>
              <Button component="a" href="/" target="_blank" variant="subtle" size="xs">مشاهده فروشگاه</Button>
              <Button variant="light" color="gray" size="xs" onClick={() => void session.logout()}>خروج</Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="منوی مدیریت">
          <AppShell.Section grow component={ScrollArea}>
            {menu.map((item) => (
              <NavLink key={item.to} component={RouterNavLink} to={item.to} end={item.end} label={item.label}
                active={item.end ? location.pathname.replace(/\/$/, '') === item.to : location.pathname.startsWith(item.to)} />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <PageGate role={user.role}><Outlet /></PageGate>
        </AppShell.Main>
      </AppShell>
    </SessionContext.Provider>
  );
}
