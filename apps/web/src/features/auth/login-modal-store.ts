import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useUser } from './api/get-user';

/**
 * What a visitor was doing when they were asked to log in ('Book', 'Add to basket'): a name the page knows, the data
 * to do it again, and the page it was on. After logging in (in the modal) or signing up (on /register, which then
 * returns to that page), the page carries the action on (issue 13, defects 2 and 12).
 */
export interface PendingAction {
  key: string;
  payload: unknown;
  path: string;
  at: number;
}

/** Long enough to sign up; short enough that an action left behind is not done for someone else later (a kiosk). */
const PENDING_FOR_MS = 15 * 60_000;

/** The one login modal: any screen can ask for it (Book as a visitor, the header, the basket). */
let open = false;
let pending: PendingAction | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loginModal = {
  /** Opens the modal; with an action, that action is carried on once the visitor has logged in or signed up. */
  open(action?: { key: string; payload?: unknown }) {
    pending = action ? { key: action.key, payload: action.payload, path: window.location.pathname, at: Date.now() } : null;
    open = true;
    emit();
  },
  /** Closed without logging in (dismissed, or a kiosk's idle log-out): the action is dropped. */
  close() {
    pending = null;
    open = false;
    emit();
  },
  /** Closed because the visitor logged in, or went to sign up: the action stays for its page to carry on. */
  closeKeepingAction() {
    open = false;
    emit();
  },
  isOpen: () => open,
  /** The action waiting for this page, taken (so it runs once), if it has not gone stale. */
  take(key: string, path: string, now = Date.now()): PendingAction | null {
    const found = pending;
    if (!found || found.key !== key || found.path !== path) return null;
    pending = null;
    return now - found.at <= PENDING_FOR_MS ? found : null;
  },
  /** Whether an action is waiting for this page (not taken): a page restoring what the visitor typed asks this first. */
  isWaiting(key: string, path: string, now = Date.now()): boolean {
    return pending !== null && pending.key === key && pending.path === path && now - pending.at <= PENDING_FOR_MS;
  },
  /** Logging out forgets anything waiting. */
  forget() {
    pending = null;
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLoginModalOpen = () => useSyncExternalStore(subscribe, loginModal.isOpen, loginModal.isOpen);

/**
 * Carries on the action `key` once the user is logged in and the page is `ready` (its data loaded for them): the
 * handler gets the payload given to `loginModal.open`. Runs at most once per action.
 */
export function useCarryOnAfterLogin<P>(key: string, handler: (payload: P) => void, ready = true) {
  const { isLoggedIn } = useUser();
  // The address bar's path, as `open` records it; the router's location only says when to look again.
  const { pathname } = useLocation();
  const latest = useRef(handler);
  latest.current = handler;
  const isOpen = useLoginModalOpen();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route (back from /register) is a moment to look again
  useEffect(() => {
    if (!isLoggedIn || !ready || isOpen) return;
    const action = loginModal.take(key, window.location.pathname);
    if (action) latest.current(action.payload as P);
  }, [isLoggedIn, ready, isOpen, key, pathname]);
}
