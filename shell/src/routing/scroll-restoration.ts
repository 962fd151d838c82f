import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@carmarket/shared/router';

// Scroll positions by history entry, kept for the tab's life (across a reload through sessionStorage).
const STORAGE_KEY = 'carmarket-scroll-positions';
const positions: Record<string, number> = readStored();
let currentKey = '';

function readStored(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    // No storage (the server's render, a refused or corrupt one): positions start empty.
    return {};
  }
}

/**
 * Where an entry's position is kept: its history key, or for a document's first entry, which React
 * Router keys 'default' in every document, its URL.
 */
function entryKey({ key, pathname, search }: { key: string; pathname: string; search: string }): string {
  return key === 'default' ? `default ${pathname}${search}` : key;
}

/** True when this document was opened anew (a link, a typed address), not reloaded or returned to. */
function documentOpenedAnew(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'navigate';
}

function scrollToHash(hash: string): boolean {
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false;
  }
}

/**
 * What React Router's <ScrollRestoration> does for its data router, for the declarative one: a new
 * page starts at its top (or at the element its #hash names), Back and Forward return to where the
 * page was left, and a reload keeps the position.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded as the user scrolls: by the time the next page is committed the old one may be gone.
    const record = () => {
      positions[currentKey] = window.scrollY;
    };
    const save = () => {
      // A reload right after a scroll can leave before its scroll event (sent with the next frame).
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: the positions last for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = entryKey(location);
    // A document's first location counts as POP: only a reload, Back or Forward returns to it.
    const returning = action === 'POP' && !(location.key === 'default' && documentOpenedAnew());
    const saved = returning ? positions[currentKey] : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!(location.hash && scrollToHash(location.hash))) window.scrollTo(0, 0);
  }, [location, action]);
}
