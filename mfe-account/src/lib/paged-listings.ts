import type { ApiSuccess, Listing, Pagination } from '@carmarket/shared';
import { useSearchParams } from '@carmarket/shared/router';
import { useCallback, useEffect } from 'react';

/** Listings per page on the dashboard tabs and the favorites page. */
export const ACCOUNT_PAGE_SIZE = 12;

/** One page of a listing list, with the API's pagination. */
export interface ListingPage {
  data: Listing[];
  pagination: Pagination;
}

/** The page out of a paged listing response (the API always sends pagination with a list). */
export const toListingPage = ({ data, pagination }: ApiSuccess<Listing[]>): ListingPage => ({
  data,
  pagination: pagination!,
});

/**
 * Moves back to the last page when the current one no longer exists: after the only listing of
 * the last page was deleted or unsaved, the list shows the page before instead of an empty one.
 */
export function useLastPageFallback(
  page: number,
  pagination: Pagination | undefined,
  replacePage: (page: number, replace: true) => void,
) {
  const pages = pagination?.pages;
  useEffect(() => {
    if (pages !== undefined && page > Math.max(pages, 1)) replacePage(Math.max(pages, 1), true);
  }, [page, pages, replacePage]);
}

/**
 * The page number in the URL (?page=2, none for page 1), so going back to the list returns to the
 * same page. Paging adds a history entry; `replace` (a correction, not a move) does not. The rest
 * of the query stays as it is.
 */
export function usePageParam(): [number, (page: number, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = Number(searchParams.get('page'));
  const page = Number.isInteger(parsed) && parsed > 1 ? parsed : 1;
  const setPage = useCallback(
    (next: number, replace = false) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace },
      ),
    [setSearchParams],
  );
  return [page, setPage];
}
