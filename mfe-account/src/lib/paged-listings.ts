import type { ApiSuccess, Listing, Pagination } from '@carmarket/shared';
import { useEffect } from 'react';

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
