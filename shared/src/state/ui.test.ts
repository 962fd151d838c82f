/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { applyTheme, readStoredTheme, useTheme, useUiStore } from './ui.js';

describe('useUiStore', () => {
  it('starts with the spec defaults: sidebar and filters closed, grid view, dark theme', () => {
    expect(useUiStore.getState()).toMatchObject({
      isSidebarOpen: false,
      isSearchFiltersOpen: false,
      viewMode: 'grid',
      theme: 'dark',
    });
  });

  it('toggles the sidebar and the search filters, and switches the view mode', () => {
    const ui = useUiStore.getState();
    ui.toggleSidebar();
    ui.toggleSearchFilters();
    expect(useUiStore.getState()).toMatchObject({ isSidebarOpen: true, isSearchFiltersOpen: true });
    ui.toggleSidebar();
    ui.setSearchFiltersOpen(false);
    ui.setViewMode('list');
    expect(useUiStore.getState()).toMatchObject({
      isSidebarOpen: false,
      isSearchFiltersOpen: false,
      viewMode: 'list',
    });
  });

  it('does not persist the interface preferences', () => {
    const ui = useUiStore.getState();
    ui.toggleSidebar();
    ui.toggleSearchFilters();
    ui.setViewMode('list');
    expect(localStorage.length).toBe(0);
  });
});

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('reads the stored theme, defaulting to dark for missing or unknown values', () => {
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBe('dark');
  });

  it('applyTheme puts the dark class on <html> only when dark', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('useTheme toggles, applies and persists the theme', () => {
    useUiStore.getState().setTheme('dark');
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('dark');

    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    act(() => result.current.setTheme('light'));
    expect(readStoredTheme()).toBe('light');
  });
});
