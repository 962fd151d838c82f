import { describe, expect, it } from '@jest/globals';
import { darkTheme, lightTheme, type AppTheme } from './theme.js';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('contrast', () => {
  it('matches known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('%s theme meets WCAG AA', (_name, theme: AppTheme) => {
  const { colors } = theme;
  const grounds = {
    background: colors.background,
    surface: colors.surface,
    surfaceMuted: colors.surfaceMuted,
  };

  it.each(['text', 'textMuted', 'link', 'dangerText'] as const)('%s on every ground ≥ 4.5:1', (role) => {
    for (const ground of Object.values(grounds)) {
      expect(contrast(colors[role], ground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.keys(colors.tones) as (keyof typeof colors.tones)[])(
    '%s tone text ≥ 4.5:1, also on hover',
    (tone) => {
      const { background, foreground, hover } = colors.tones[tone];
      expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(foreground, hover)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('focus ring and input borders ≥ 3:1 against the page and surfaces', () => {
    for (const ground of [colors.background, colors.surface]) {
      expect(contrast(colors.focus, ground)).toBeGreaterThanOrEqual(3);
      expect(contrast(colors.borderStrong, ground)).toBeGreaterThanOrEqual(3);
    }
  });
});
