// The styled-components themes. Every text/background pair used by the kit meets WCAG AA (4.5:1)
// in both themes; theme.test.ts measures them.
import type { Theme } from '../constants/enums.js';

export interface Tone {
  /** Background of a filled element (button, badge). */
  background: string;
  /** Text and icons on that background. */
  foreground: string;
}

export type ToneName = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface AppTheme {
  name: Theme;
  colors: {
    /** Page background. */
    background: string;
    /** Cards, panels, inputs. */
    surface: string;
    /** Hovered rows, skeletons, the neutral badge. */
    surfaceMuted: string;
    text: string;
    textMuted: string;
    border: string;
    /** Input borders: 3:1 against the surface, as non-text UI must be. */
    borderStrong: string;
    link: string;
    focus: string;
    /** Error text on the page background or a surface. */
    dangerText: string;
    overlay: string;
    tones: Record<ToneName, Tone & { hover: string }>;
  };
  fonts: { body: string; mono: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  fontWeights: { regular: number; medium: number; bold: number };
  space: { xxs: string; xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  radii: { sm: string; md: string; lg: string; pill: string };
  shadows: { sm: string; md: string };
  /** Min-widths for `@media (min-width: …)`. */
  breakpoints: { sm: string; md: string; lg: string; xl: string };
  layout: { maxWidth: string };
}

const shared = {
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2.25rem' },
  fontWeights: { regular: 400, medium: 500, bold: 700 },
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  layout: { maxWidth: '1280px' },
} satisfies Omit<AppTheme, 'name' | 'colors' | 'shadows'>;

export const lightTheme: AppTheme = {
  ...shared,
  name: 'light',
  colors: {
    background: '#ffffff',
    surface: '#f8fafc',
    surfaceMuted: '#e2e8f0',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#cbd5e1',
    borderStrong: '#64748b',
    link: '#1d4ed8',
    focus: '#2563eb',
    dangerText: '#b91c1c',
    overlay: 'rgba(15, 23, 42, 0.6)',
    tones: {
      neutral: { background: '#e2e8f0', foreground: '#0f172a', hover: '#cbd5e1' },
      primary: { background: '#1d4ed8', foreground: '#ffffff', hover: '#1e40af' },
      success: { background: '#15803d', foreground: '#ffffff', hover: '#166534' },
      warning: { background: '#b45309', foreground: '#ffffff', hover: '#92400e' },
      danger: { background: '#b91c1c', foreground: '#ffffff', hover: '#991b1b' },
    },
  },
  shadows: { sm: '0 1px 2px rgba(15, 23, 42, 0.08)', md: '0 4px 12px rgba(15, 23, 42, 0.12)' },
};

export const darkTheme: AppTheme = {
  ...shared,
  name: 'dark',
  colors: {
    background: '#0b1120',
    surface: '#111827',
    surfaceMuted: '#1f2937',
    text: '#f1f5f9',
    textMuted: '#a3b1c6',
    border: '#334155',
    borderStrong: '#7c8ba1',
    link: '#93c5fd',
    focus: '#93c5fd',
    dangerText: '#fca5a5',
    overlay: 'rgba(0, 0, 0, 0.7)',
    tones: {
      neutral: { background: '#1f2937', foreground: '#f1f5f9', hover: '#334155' },
      primary: { background: '#60a5fa', foreground: '#0b1120', hover: '#93c5fd' },
      success: { background: '#4ade80', foreground: '#0b1120', hover: '#86efac' },
      warning: { background: '#fbbf24', foreground: '#0b1120', hover: '#fcd34d' },
      danger: { background: '#f87171', foreground: '#0b1120', hover: '#fca5a5' },
    },
  },
  shadows: { sm: '0 1px 2px rgba(0, 0, 0, 0.4)', md: '0 4px 12px rgba(0, 0, 0, 0.5)' },
};

export const themes: Record<Theme, AppTheme> = { light: lightTheme, dark: darkTheme };

// Typed `props.theme` in every styled component of the packages that import this entry point.
declare module 'styled-components' {
  // An interface (not a type alias) is what declaration merging needs here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
