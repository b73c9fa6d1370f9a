import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDebouncedCallback } from '../../lib/debounce';
import { notifyError } from '../../lib/notify';
import { type WaiverToAgree, waiversToAgree } from '../../lib/restrictions';
import { loginModal, useCarryOnAfterLogin, useUser } from '../auth';
import { type AddItem, useAddToCart } from '../basket';
import { getOccurrence } from './api/get-occurrence';
import { activityKeys } from './keys';

/** A session to add, with the waivers its row says the customer must agree first (sent as activity_restriction_ids). */
export type BookItem = AddItem & { waivers?: WaiverToAgree[] | undefined };

/** Waivers to agree before some sessions go into the basket: their terms are shown, and the add waits. */
export interface WaiverStep {
  waivers: WaiverToAgree[];
  /** The server's refusal, when the step follows one (it names each waiver still to agree). */
  error: string | undefined;
}

type Pending = { items: BookItem[]; onAdded?: (() => void) | undefined };

const unique = (waivers: WaiverToAgree[]) => waivers.filter((w, i) => waivers.findIndex((x) => x.id === w.id) === i);

/** `items.2.activity_restriction_ids` -> 2: the items a refusal says still have a waiver to agree. */
const refusedForWaivers = (error: unknown): { indexes: number[]; message: string } | null => {
  if (!isApiError(error) || error.status !== 422) return null;
  const found = Object.entries(error.fieldErrors).filter(([key]) => /^items\.\d+\.activity_restriction_ids$/.test(key));
  if (found.length === 0) return null;
  return { indexes: found.map(([key]) => Number(key.split('.')[1])), message: found.flatMap(([, m]) => m).join(' ') };
};

/**
 * Adding sessions to the basket from a timetable: a visitor is asked to log in first (doc 2, section 6); a user's
 * add is debounced (doc 1: 250 ms), marks its sessions as pending, and opens the 'Items added to basket' panel.
 * A session with a pre-purchase or enhanced waiver still to agree (its restrictions, doc 2) is added only once the
 * customer agrees it in the waiver step (decision 186); one the page could not know of (a fast-ticket time, or a row
 * loaded before the visitor logged in) is learnt from the add's refusal and the session's own restrictions, then
 * asked the same way. The refetch after success is the app's rule (app/refetch-rules.ts); a refusal (full, closed)
 * refetches too, since it means the day changed under the customer. A visitor's add is carried on once they have
 * logged in or signed up (issue 13, defect 2): the same items go to the basket and the panel opens, with no second
 * press of 'Book'.
 */
const CARRY_ON_KEY = 'book-sessions';

export function useBookSessions() {
  const { isLoggedIn } = useUser();
  // Its failures are this hook's to show: a waiver refusal becomes the waiver step, not a notice.
  const add = useAddToCart({ toastErrors: false });
  const queryClient = useQueryClient();
  const [pendingIds, setPendingIds] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const [waiting, setWaiting] = useState<(Pending & WaiverStep) | null>(null);

  const askWaivers = (pending: Pending, waivers: WaiverToAgree[], error?: string) => {
    setPendingIds([]);
    setWaiting({ ...pending, waivers: unique(waivers), error });
  };

  /** After a waiver refusal: what each refused session asks, from the session itself (for this customer). */
  const learnWaivers = async (pending: Pending, refusal: { indexes: number[]; message: string }) => {
    const items = [...pending.items];
    for (const i of refusal.indexes) {
      const item = items[i];
      if (!item) continue;
      const session = await getOccurrence(String(item.id)).catch(() => null);
      items[i] = { ...item, waivers: waiversToAgree(session?.restrictions) };
    }
    const waivers = items.flatMap((i) => i.waivers ?? []);
    if (waivers.length === 0) notifyError(refusal.message);
    else askWaivers({ ...pending, items }, waivers, refusal.message);
  };

  const send = useDebouncedCallback((pending: Pending) => {
    const items: AddItem[] = pending.items.map(({ waivers: _w, ...item }) => item);
    add.mutate(items, {
      onSuccess: () => {
        pending.onAdded?.();
        setAdded(true);
      },
      onError: (error) => {
        const refusal = refusedForWaivers(error);
        if (refusal) void learnWaivers(pending, refusal);
        else notifyError(error);
        void queryClient.invalidateQueries({ queryKey: activityKeys.sessions() });
      },
      onSettled: () => setPendingIds([]),
    });
  });

  const start = (pending: Pending) => {
    // Waivers not yet agreed for these sessions: the step first.
    const toAgree = pending.items.filter((i) => !i.activityRestrictionIds?.length).flatMap((i) => i.waivers ?? []);
    if (toAgree.length > 0) {
      askWaivers(pending, toAgree);
      return;
    }
    setPendingIds(pending.items.map((i) => String(i.id)));
    send(pending);
  };
  // The callback is kept too: after a login in the modal it closes the panel the Book was pressed in; after a sign-up
  // (another page, then back) it belonged to a page that has gone, and does nothing.
  useCarryOnAfterLogin<Pending>(CARRY_ON_KEY, (pending) => start(pending));

  const book = (items: BookItem[], onAdded?: () => void) => {
    if (!isLoggedIn) {
      loginModal.open({ key: CARRY_ON_KEY, payload: { items, onAdded } satisfies Pending });
      return;
    }
    start({ items, onAdded });
  };

  /** The waiver step agreed: each session is added with the waivers it asks that were ticked. */
  const agree = (agreedIds: number[]) => {
    if (!waiting) return;
    const items = waiting.items.map((i) => ({
      ...i,
      activityRestrictionIds: (i.waivers ?? []).filter((w) => agreedIds.includes(w.id)).map((w) => w.id),
    }));
    setWaiting(null);
    setPendingIds(items.map((i) => String(i.id)));
    send({ items, onAdded: waiting.onAdded });
  };

  return {
    book,
    pendingIds,
    isPending: pendingIds.length > 0,
    added,
    setAdded,
    /** The waiver step to show, if any; `agree` carries on the add, `cancelWaivers` drops it. */
    waiverStep: waiting ? { waivers: waiting.waivers, error: waiting.error } : null,
    agree,
    cancelWaivers: () => setWaiting(null),
  };
}

export type BookSessions = ReturnType<typeof useBookSessions>;
