import { useSyncExternalStore } from 'react';
import { selectVenue } from './selected-venue';

/**
 * The app shell's modes (doc 1, sections 1 and 2), set by query parameters: `embedded` hides header, footer and
 * breadcrumbs; `kiosk` is the in-centre kiosk; `centre` is the device's centre (a venue slug). Embedded and kiosk
 * hold for the rest of the tab's visit (sessionStorage), the centre for the device (localStorage), so following a
 * link inside the app keeps them.
 */
export interface ShellMode {
  embedded: boolean;
  kiosk: boolean;
  centre: string | null;
}

const slugPattern = /^[a-z0-9][a-z0-9-]{0,254}$/;
const keys = { embedded: 'embedded', kiosk: 'kiosk', centre: 'kiosk_centre' } as const;

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // storage may be blocked inside a frame; the query parameters still decide this page
    return null;
  }
}

const flag = (value: string | null): boolean | null => (value === null ? null : value === 'true' || value === '1' || value === '');

let mode: ShellMode = { embedded: false, kiosk: false, centre: null };
const listeners = new Set<() => void>();

/** Reads the mode from the URL (remembering what it sets) and from what earlier pages of this visit set. */
export function initShellMode(search: string = typeof window === 'undefined' ? '' : window.location.search): ShellMode {
  if (typeof window === 'undefined') return mode;
  const params = new URLSearchParams(search);
  const session = storage('session');
  const local = storage('local');
  const remember = (key: 'embedded' | 'kiosk'): boolean => {
    const fromUrl = flag(params.get(key));
    if (fromUrl !== null) session?.setItem(keys[key], fromUrl ? '1' : '0');
    return fromUrl ?? session?.getItem(keys[key]) === '1';
  };
  const centreParam = params.get('centre');
  if (centreParam && slugPattern.test(centreParam)) {
    local?.setItem(keys.centre, centreParam);
    selectVenue(centreParam);
  }
  const storedCentre = local?.getItem(keys.centre) ?? null;
  mode = {
    embedded: remember('embedded'),
    kiosk: remember('kiosk'),
    centre: storedCentre && slugPattern.test(storedCentre) ? storedCentre : null,
  };
  for (const listener of listeners) listener();
  return mode;
}

export const getShellMode = (): ShellMode => mode;

export function useShellMode(): ShellMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getShellMode,
    getShellMode,
  );
}

/** The kiosk home, with the device's centre when it is known (where an idle kiosk returns to). */
export const kioskHomePath = (centre: string | null = mode.centre): string =>
  centre ? `/kiosk?centre=${encodeURIComponent(centre)}` : '/kiosk';

/**
 * A link to another area of the product (the account area or another sub-domain): in embedded mode it carries the
 * embedded flag, and in kiosk mode the kiosk flag, since storage does not cross origins. Same-origin paths are
 * left alone: the modes already hold there.
 */
export function linkToArea(href: string, current: ShellMode = mode): string {
  if (!/^https?:\/\//.test(href)) return href;
  const url = new URL(href);
  if (current.embedded) url.searchParams.set('embedded', 'true');
  if (current.kiosk) url.searchParams.set('kiosk', 'true');
  return url.toString();
}

/** Removes query parameters from the address bar without a navigation (the login token must not stay there). */
export function dropQueryParams(names: string[]): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of names) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
