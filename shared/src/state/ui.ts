// Interface preferences (spec §3) and the colour theme (spec §2, §4, §9).
//
// The spec gives two readings of the default theme: the interface-preferences store defaults to
// light, while the document's theme is read from local storage and defaults to dark. We keep one
// source of truth so the store and the page never disagree: the store's `theme` starts from the
// stored value, else dark — the value users actually see — instead of the store's own light default.
import { useShallow } from 'zustand/react/shallow';
import { create } from 'zustand';
import { THEME_STORAGE_KEY } from '../constants/limits.js';
import { DEFAULT_THEME, DEFAULT_VIEW_MODE, THEMES, type Theme, type ViewMode } from '../constants/enums.js';

const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/** The stored theme, else dark. Safe where storage is missing or blocked (private modes, node). */
export function readStoredTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Puts the `dark` class on <html> when dark and removes it otherwise; also sets the UA color scheme. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

function storeTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Blocked storage: the theme still applies for this page view.
  }
}

export interface UiState {
  isSidebarOpen: boolean;
  isSearchFiltersOpen: boolean;
  viewMode: ViewMode;
  theme: Theme;
  toggleSidebar: () => void;
  setSidebarOpen: (open: boolean) => void;
  toggleSearchFilters: () => void;
  setSearchFiltersOpen: (open: boolean) => void;
  setViewMode: (viewMode: ViewMode) => void;
  /** Applies the theme to the document and remembers it. */
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

/** Not persisted (spec §3); only the theme is remembered, under its own key. */
export const useUiStore = create<UiState>()((set, get) => ({
  isSidebarOpen: false,
  isSearchFiltersOpen: false,
  viewMode: DEFAULT_VIEW_MODE,
  theme: readStoredTheme(),
  toggleSidebar: () => set((state) => ({ isSidebarOpen: !state.isSidebarOpen })),
  setSidebarOpen: (isSidebarOpen) => set({ isSidebarOpen }),
  toggleSearchFilters: () => set((state) => ({ isSearchFiltersOpen: !state.isSearchFiltersOpen })),
  setSearchFiltersOpen: (isSearchFiltersOpen) => set({ isSearchFiltersOpen }),
  setViewMode: (viewMode) => set({ viewMode }),
  setTheme: (theme) => {
    applyTheme(theme);
    storeTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/** The current theme and its setters, for the theme toggle and the ThemeProvider. */
export function useTheme(): Pick<UiState, 'theme' | 'setTheme' | 'toggleTheme'> {
  return useUiStore(useShallow(({ theme, setTheme, toggleTheme }) => ({ theme, setTheme, toggleTheme })));
}
