import { describe, expect, it } from '@jest/globals';
import type { Pagination } from '@carmarket/shared';
import { BrowserRouter } from '@carmarket/shared/router';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLastPageFallback, usePageParam } from './paged-listings';

const wrapper = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;

function renderPaged(url: string, pagination?: Pagination) {
  window.history.replaceState(null, '', url);
  return renderHook(
    ({ pagination }) => {
      const [page, setPage] = usePageParam();
      useLastPageFallback(page, pagination, setPage);
      return { page, setPage };
    },
    { wrapper, initialProps: { pagination } },
  );
}

const pagesOf = (pages: number): Pagination => ({
  total: pages * 12,
  page: 1,
  pages,
  hasPrevPage: false,
  hasNextPage: pages > 1,
});

describe('paged listings', () => {
  it('keeps the page in the URL, with no ?page for the first one and the rest of the query kept', () => {
    const { result } = renderPaged('/dashboard?tab=sold');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    expect(window.location.search).toBe('?tab=sold&page=2');
    expect(result.current.page).toBe(2);
    act(() => result.current.setPage(1));
    expect(window.location.search).toBe('?tab=sold');
  });

  it('moves back to the last page when the page shown no longer exists', () => {
    const { result, rerender } = renderPaged('/favorites?page=3', pagesOf(3));
    expect(result.current.page).toBe(3);
    rerender({ pagination: pagesOf(2) });
    expect(result.current.page).toBe(2);
    expect(window.location.search).toBe('?page=2');
  });
});
