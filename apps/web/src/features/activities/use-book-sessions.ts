import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedCallback } from '../../lib/debounce';
import { loginModal, useUser } from '../auth';
import { type AddItem, useAddToCart } from '../basket';
import { activityKeys } from './keys';

/**
 * Adding sessions to the basket from a timetable: a visitor is asked to log in first (doc 2, section 6); a user's
 * add is debounced (doc 1: 250 ms), marks its sessions as pending, and opens the 'Items added to basket' panel.
 * The refetch after success is the app's rule (app/refetch-rules.ts); a refusal (full, closed) refetches too, since
 * it means the day changed under the customer.
 */
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

  const book = (items: AddItem[], onAdded?: () => void) => {
    if (!isLoggedIn) {
      loginModal.open();
      return;
    }
    setPendingIds(items.map((i) => String(i.id)));
    send(items, onAdded);
  };

  return { book, pendingIds, isPending: pendingIds.length > 0, added, setAdded };
}
