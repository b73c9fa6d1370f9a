import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

/**
 * The selected venue and the list of venues chosen so far, kept in a cookie (doc 1, section 3) so the choice
 * survives a reload and is shared by the header, the theme and the redirects.
 */
const VENUE_COOKIE = 'selected_venue';
const VENUES_COOKIE = 'selected_venues';
const slugPattern = /^[a-z0-9][a-z0-9-]{0,254}$/;

const listeners = new Set<() => void>();

function readSlugs(): string[] {
  try {
    const parsed: unknown = JSON.parse(readCookie(VENUES_COOKIE) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && slugPattern.test(s)) : [];
  } catch {
    return [];
  }
}

function readSelected(): string | null {
  const slug = readCookie(VENUE_COOKIE);
  return slug && slugPattern.test(slug) ? slug : null;
}

// Reading document.cookie is a synchronous trip to the browser's cookie store, and React reads a store's value on
// every render of every component that uses it: the selected venue is read from the cookie once, kept here, and read
// again only when this tab comes back into view (another tab may have chosen a venue meanwhile; issue 12).
let selected: string | null | undefined;

export function getSelectedVenue(): string | null {
  if (selected === undefined) selected = typeof document === 'undefined' ? null : readSelected();
  return selected;
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || selected === undefined) return;
    const now = readSelected();
    if (now === selected) return;
    selected = now;
    for (const listener of listeners) listener();
  });
}

export const getSelectedVenues = (): string[] => readSlugs();

export function selectVenue(slug: string): void {
  if (!slugPattern.test(slug) || slug === getSelectedVenue()) return;
  writeCookie(VENUE_COOKIE, slug);
  writeCookie(VENUES_COOKIE, JSON.stringify([slug, ...readSlugs().filter((s) => s !== slug)].slice(0, 20)));
  selected = slug;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSelectedVenue = (): string | null => useSyncExternalStore(subscribe, getSelectedVenue, () => null);
