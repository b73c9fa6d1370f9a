import { useSyncExternalStore } from 'react';

/**
 * Whom the customer is acting for (doc 1, section 1: purchases can be made for another user): null for themselves,
 * else a linked user's id. It travels as selected_user_id with the account reads, and as purchased_for_user_id on the
 * items added to the customer's own basket (decision 168). Kept for the tab only
 * (sessionStorage, so a page load keeps it) and cleared at login and logout, so a shared device never carries it over.
 */
const KEY = 'selected_user';
type Selection = { ownerId: number; userId: number };

function load(): Selection | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    const v = parsed as Selection | null;
    return v && Number.isInteger(v.ownerId) && Number.isInteger(v.userId) ? v : null;
  } catch {
    return null;
  }
}

function save(value: Selection | null) {
  try {
    if (value) window.sessionStorage.setItem(KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage may be blocked inside a frame: the choice then lasts until the next page load
  }
}

let selected: Selection | null = typeof window === 'undefined' ? null : load();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const selectedUser = {
  set(ownerId: number, userId: number | null) {
    selected = userId === null ? null : { ownerId, userId };
    save(selected);
    emit();
  },
  /** The selected user's id when `ownerId` is the one who chose it, else null. */
  for(ownerId: number | undefined): number | null {
    return selected && ownerId !== undefined && selected.ownerId === ownerId ? selected.userId : null;
  },
  /** The selected user's id for the calls of the moment (cleared on logout and when someone else logs in). */
  current(): number | null {
    return selected?.userId ?? null;
  },
  clear() {
    selected = null;
    save(null);
    emit();
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useSelectedUserId(ownerId: number | undefined): number | null {
  return useSyncExternalStore(
    subscribe,
    () => selectedUser.for(ownerId),
    () => null,
  );
}

/** Whom the calls of the moment are for (`selectedUser.current()`), re-rendering when the choice changes. */
export function useCurrentSelectedUserId(): number | null {
  return useSyncExternalStore(subscribe, selectedUser.current, () => null);
}

/**
 * `purchasedForUserId` for an item added while booking for someone (decision 168): the item goes in the customer's
 * own basket, marked for that person, so choosing a person never hides what is already there.
 */
export const purchasedForParam = (): { purchasedForUserId?: number } => {
  const id = selectedUser.current();
  return id === null ? {} : { purchasedForUserId: id };
};

/** `selectedUserId` for a call's params or body when acting for someone, else nothing (doc 1: it travels with the calls). */
export const selectedUserParam = (): { selectedUserId?: number } => {
  const id = selectedUser.current();
  return id === null ? {} : { selectedUserId: id };
};
