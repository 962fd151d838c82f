import { useSyncExternalStore } from 'react';

const noUpdates = () => () => {};

/**
 * False while React hydrates the server's markup of this page, true from then on (and at once on a
 * page rendered in the browser alone). A server-rendered button does nothing until its handler is
 * attached, so the page's buttons stay disabled until then: a tap that would be lost is refused
 * visibly instead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noUpdates,
    () => true,
    () => false,
  );
}
