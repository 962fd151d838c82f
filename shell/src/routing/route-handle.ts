import { useEffect } from 'react';
import { useMatches } from '@carmarket/shared/router';

/** Per-route data in the route table: the document title of the page. */
export interface RouteHandle {
  title: string;
  /** The remote module the route mounts ('mfe_listings/ListingDetailPage'), if any. */
  remote?: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof (handle as RouteHandle | undefined)?.title === 'string';

/** Sets document.title from the deepest matched route that names one. */
export function useRouteTitle() {
  const matches = useMatches();
  const title = matches.map((match) => match.handle).findLast(isRouteHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} | CarMarket` : 'CarMarket';
  }, [title]);
}
