import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@carpool/contracts';

const em = (px: number) => `${px / 16}em`;

/** A green dark enough at shade 7 for white text to pass WCAG AA. */
const brand: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#40c057',
  '#2f9e44',
  '#237a35',
  '#1b5e29',
  '#14461f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  // Spec §9: mobile < 768, tablet 768–991, desktop ≥ 992, large ≥ 1300. sm = tablet, md = desktop.
  breakpoints: {
    xs: em(576),
    sm: em(BREAKPOINTS.tablet),
    md: em(BREAKPOINTS.desktop),
    lg: em(BREAKPOINTS.large),
    xl: em(1600),
  },
});

export const DESKTOP_QUERY = `(min-width: ${em(BREAKPOINTS.desktop)})`;
