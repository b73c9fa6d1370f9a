import { useCallback, useSyncExternalStore } from 'react';

/** Doc 1, section 2: mobile under 575px, tablet 575-1199px, desktop from 1200px; the layout at most 1264px wide (decision 060). */
export const breakpoints = { tablet: 575, desktop: 1200, maxWidth: 1264 } as const;

function subscribe(query: string, onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useMediaQuery(query: string): boolean {
  // One subscription per query, not a new one on every render.
  const onChange = useCallback((listener: () => void) => subscribe(query, listener), [query]);
  return useSyncExternalStore(
    onChange,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export const useIsMobile = () => !useMediaQuery(`(min-width: ${breakpoints.tablet}px)`);
export const useIsDesktop = () => useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
