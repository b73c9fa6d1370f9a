import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedCallback } from '../../lib/debounce';
import { loginModal, useCarryOnAfterLogin, useUser } from '../auth';
import { type AddItem, useAddToCart } from '../basket';
import { activityKeys } from './keys';

/**
 * Adding sessions to the basket from a timetable: a visitor is asked to log in first (doc 2, section 6); a user's
 * add is debounced (doc 1: 250 ms), marks its sessions as pending, and opens the 'Items added to basket' panel.
 * The refetch after success is the app's rule (app/refetch-rules.ts); a refusal (full, closed) refetches too, since
 * it means the day changed under the customer. A visitor's add is carried on once they have logged in or signed up
 * (issue 13, defect 2): the same items go to the basket and the panel opens, with no second press of 'Book'.
 */
const CARRY_ON_KEY = 'book-sessions';
type Carried = { items: AddItem[]; onAdded?: (() => void) | undefined };

export function useBookSessions() {
  const { isLoggedIn } = useUser();
  const add = useAddToCart();
  const queryClient = useQueryClient();
  const [pendingIds, setPendingIds] = useState<string[]>([]);
  const [added, setAdded] = useState(false);

  const send = useDebouncedCallback((items: AddItem[], onAdded?: () => void) => {
    add.mutate(items, {
      onSuccess: () => {
        onAdded?.();
        setAdded(true);
      },
      onError: () => {
        void queryClient.invalidateQueries({ queryKey: activityKeys.sessions() });
      },
      onSettled: () => setPendingIds([]),
    });
  });

  const start = (items: AddItem[], onAdded?: () => void) => {
    setPendingIds(items.map((i) => String(i.id)));
    send(items, onAdded);
  };
  // The callback is kept too: after a login in the modal it closes the panel the Book was pressed in; after a sign-up
  // (another page, then back) it belonged to a page that has gone, and does nothing.
  useCarryOnAfterLogin<Carried>(CARRY_ON_KEY, ({ items, onAdded }) => start(items, onAdded));

  const book = (items: AddItem[], onAdded?: () => void) => {
    if (!isLoggedIn) {
      loginModal.open({ key: CARRY_ON_KEY, payload: { items, onAdded } satisfies Carried });
      return;
    }
    start(items, onAdded);
  };

  return { book, pendingIds, isPending: pendingIds.length > 0, added, setAdded };
}
