import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const contrast = (foreground: string, background = '#ffffff') => {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/** The light variant's background: the colour at 10 % over white, as Mantine draws it. */
function tint(color: string): string {
  const channels = color.match(/[0-9a-f]{2}/gi)!.map((hex) => Math.round(255 * 0.9 + parseInt(hex, 16) * 0.1));
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

describe('cssVariablesResolver', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { light } = cssVariablesResolver(merged);

  it('makes dimmed text, field errors and every colour’s text readable on white (WCAG AA, 4.5:1)', () => {
    expect(contrast(light['--mantine-color-dimmed']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--mantine-color-error']!)).toBeGreaterThanOrEqual(4.5);
    for (const name of ['red', 'blue', 'green', 'orange', 'yellow', 'teal', 'grape', 'brand']) {
      expect(contrast(light[`--mantine-color-${name}-text`]!), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[`--mantine-color-${name}-light-color`]!, tint(merged.colors[name]![7])), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[`--mantine-color-${name}-outline`]!), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white text readable on filled buttons and badges', () => {
    for (const name of ['red', 'blue', 'green', 'orange', 'yellow', 'teal', 'grape', 'brand']) {
      expect(contrast('#ffffff', light[`--mantine-color-${name}-filled`]!), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves the brand green at the shade the design chose', () => {
    expect(light['--mantine-color-brand-filled']).toBe(merged.colors.brand?.[7]);
  });
});
