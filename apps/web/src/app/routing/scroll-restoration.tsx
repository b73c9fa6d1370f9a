import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'scroll-positions';

function readPositions(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

/** Where each history entry was scrolled to when it was left, kept for the tab's life (across a reload too). */
const positions = typeof window === 'undefined' ? new Map<string, number>() : readPositions();

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  target?.scrollIntoView();
  return target !== null;
}

/**
 * The router's scroll handling (decision 210; React Router's own ScrollRestoration needs its data router): back and
 * forward return to where that page was left; a new page starts at the top, or at its `#hash`; a change of the
 * query alone (a timetable filter) keeps the place, as a change of path moves focus and a filter does not
 * (route-focus.tsx).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigation = useNavigationType();

  // Where the page is scrolled is kept for the entry on screen as it happens: by the time the router shows the next
  // page, the old one is gone and the browser may have clamped the position to the new page's height.
  useLayoutEffect(() => {
    const key = location.key;
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or refused: back and forward still work in this page's life.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger; the query alone is not
  useLayoutEffect(() => {
    if (navigation === 'POP') {
      const saved = positions.get(location.key);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (scrollToHash(location.hash)) return;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [location.pathname]);

  return null;
}
