import { createTheme, type MantineColorsTuple } from '@mantine/core';
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
});

export const TOAST_PROPS = { position: 'top-right', autoClose: TOAST_DURATION_MS } as const;
