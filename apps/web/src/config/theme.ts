import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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

/** WCAG contrast ratio of a colour against white. */
const contrastOnWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/**
 * The first shade of a colour, from `from` on, with at least `ratio` against white; a colour whose darkest
 * shade is still too light (yellow, orange) is darkened until it passes.
 */
export function readableShade(shades: readonly string[], from: number, ratio: number): string {
  for (let index = from; index < shades.length; index += 1) {
    if (contrastOnWhite(shades[index]!) >= ratio) return shades[index]!;
  }
  const darkest = shades[shades.length - 1]!;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(darkest, amount);
    if (contrastOnWhite(darker) >= ratio) return darker;
  }
  return '#000';
}

/**
 * Text and controls readable by WCAG AA (4.5:1 for small text; every route is checked with axe in
 * e2e/a11y.spec.ts). Mantine's light scheme draws several of them below that:
 * - 'dimmed' text is gray 6 (3.3:1 on white): gray 7 (7.9:1);
 * - coloured text, the light and outline variants use shade 7 (red 3.8:1, blue 4.0:1): the first shade
 *   that reaches 5:1 on white, and 5.6:1 for the light variant (its background is the colour at 10 %);
 * - filled buttons and badges put white text on shade 7: the first shade that reaches 4.5:1;
 * - field errors take --mantine-color-error: red 9 (5.5:1).
 * Explicit shades (c="red.9") are left as written.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
  };
  for (const [name, shades] of Object.entries(current.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const text = readableShade(shades, 7, 5);
    // On the light variant's tinted background (the colour at 10 % over white) a text loses up to 10 %.
    const onTint = readableShade(shades, 7, 5.6);
    const filled = readableShade(shades, 7, 4.5);
    // Hover: the next shade, or the filled colour a little darker when it is the last or a darkened one.
    const next = shades[shades.indexOf(filled) + 1];
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = onTint;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = shades.includes(filled) && next ? next : darken(filled, 0.1);
  }
  return { variables: {}, light, dark: {} };
};
