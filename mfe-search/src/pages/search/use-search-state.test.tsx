import { describe, expect, it } from '@jest/globals';
import { BrowserRouter } from '@carmarket/shared/router';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useSearchState } from './use-search-state';

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return renderHook(() => useSearchState(), {
    wrapper: ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>,
  });
}

const query = () => new URLSearchParams(window.location.search);

describe('useSearchState', () => {
  it('reads the filters from the URL', () => {
    const { result } = renderAt('/search?make=Honda&maxPrice=8000&page=2');
    expect(result.current.params).toMatchObject({ make: 'Honda', maxPrice: 8000, page: 2 });
  });

  it('writes a filter change to the URL and starts again at page 1', () => {
    const { result } = renderAt('/search?make=Honda&page=3');
    act(() => result.current.apply({ maxPrice: 6000 }));
    expect(query().get('maxPrice')).toBe('6000');
    expect(query().get('make')).toBe('Honda');
    expect(result.current.params.page).toBe(1);
  });

  it('empties the model and trim when the make changes', () => {
    const { result } = renderAt('/search?make=Honda&model=Civic&trim=EX');
    act(() => result.current.apply({ make: 'Toyota' }));
    expect(query().get('make')).toBe('Toyota');
    expect(query().has('model')).toBe(false);
    expect(query().has('trim')).toBe(false);
  });

  it('keeps the filters when paging, and clears them all', () => {
    const { result } = renderAt('/search?make=Honda');
    act(() => result.current.goToPage(4));
    expect(result.current.params).toMatchObject({ make: 'Honda', page: 4 });
    act(() => result.current.clear());
    expect(window.location.search).toBe('');
  });
});
