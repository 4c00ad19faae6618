import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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

/**
 * Field errors in red 9: the default error red (red 7 at primaryShade 7, #f03e3e) is 3.8:1 on white,
 * below WCAG AA for small text; red 9 (#c92a2a) is 5.5:1. Every input's and group's error text takes
 * --mantine-color-error.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-error': current.colors.red[9] },
  dark: {},
});
