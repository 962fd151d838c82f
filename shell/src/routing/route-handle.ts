import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from '@carmarket/shared/router';

/** Per-route data in the route table: the document title of the page. */
export interface RouteHandle {
  title: string;
  /** The remote module the route mounts ('mfe_listings/ListingDetailPage'), if any. */
  remote?: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof (handle as RouteHandle | undefined)?.title === 'string';

/** Sets document.title from the deepest route of `routes` matching the location that names one. */
export function useRouteTitle(routes: RouteObject[]) {
  const location = useLocation();
  const title = matchRoutes(routes, location)
    ?.map((match) => match.route.handle)
    .findLast(isRouteHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} | CarMarket` : 'CarMarket';
  }, [title]);
}
