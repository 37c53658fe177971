import { createTheme, Menu, Modal, Notification, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { TOAST_DURATION_MS } from '@sorkhab/shared';

const brand: MantineColorsTuple = [
  '#fdf2f6', '#fce7ef', '#f9cfe0', '#f3a6c3', '#e86e9b', '#d6336c', '#c2255c', '#a61e4d', '#87183f', '#6b0f2f',
];

export const adminTheme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily: "'Vazirmatn Variable', Tahoma, sans-serif",
  headings: { fontFamily: "'Vazirmatn Variable', Tahoma, sans-serif" },
  defaultRadius: 'md',
  // Mantine's close buttons are a bare × icon: give every one a name (axe's button-name).
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'بستن' } } }),
    // An open menu (role="menu") may hold only menu items, groups and separators (axe's aria-required-children).
    // Mantine puts a focus placeholder first in it, <div role="presentation" tabindex="-1">: focusable, so its
    // presentation role is void and it is a child the menu may not have. Without it the menu focuses its first
    // item on opening, as WAI-ARIA's menu button does; arrows, Escape and focus return are Mantine's as before.
    // A divider is a bare div: a separator, so a screen reader hears the group break (the delete item after it).
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    MenuDivider: Menu.Divider.extend({ defaultProps: { role: 'separator' } }),
    // A titled toast's message is gray.6 (3.3:1 on white, axe's color-contrast); gray.7 like the dimmed text below.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'بستن پیام' } }, styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});

/**
 * Mantine's dimmed text (c="dimmed", field descriptions, the header's name) is gray.6 and its field errors red.6, both
 * about 3.3:1 on white: below WCAG AA's 4.5:1 for text (axe's color-contrast, apps/web/e2e/a11y.spec.ts). gray.7 (8:1)
 * still reads as secondary, red.9 (5.5:1) still as an error. A teal light badge (a delivered order, a refunded return)
 * is teal.9 on teal.1, 4.3:1: on teal.0 it is 4.7:1. An orange one (cash on delivery, an expired code, low stock) is
 * orange.9 on orange.1, 3.6:1: a darker orange, 5.1:1.
 */
export const adminCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)', '--mantine-color-orange-light-color': '#b03a0b' },
  dark: {},
});

/** Toasts at the top on the start side (right, in Persian), under the admin's header (admin.css). */
export const TOAST_PROPS = { position: 'top-right', autoClose: TOAST_DURATION_MS } as const;
