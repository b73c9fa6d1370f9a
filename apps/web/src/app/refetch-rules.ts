import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { activityKeys } from '../features/activities';
import { authKeys } from '../features/auth';
import { basketKeys } from '../features/basket';
import { programmeKeys } from '../features/programmes';
import { waitlistKeys } from '../features/waitlists';
import { onTermsAgreementChange } from '../lib/terms-agreement';

/**
 * Doc 1 and doc 2, section 4: timetables, slots and times reload after a cart add or remove, login success, logout and
 * a terms change; the dates and programme details reload on those related successes too. One rule in one place, by
 * mutation key and query-key prefix, so no feature needs to know who shows places. A remove is anything that takes
 * items out of the basket: one item, emptying it, or a completed payment (basket/keys.ts).
 */
const sessionChanging: QueryKey[] = [basketKeys.add(), basketKeys.remove(), authKeys.login(), authKeys.logout(), waitlistKeys.all];
const refreshed: QueryKey[] = [activityKeys.sessions(), [...activityKeys.all, 'dates'], programmeKeys.all];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

export function installRefetchRules(queryClient: QueryClient): () => void {
  const refetch = () => {
    for (const queryKey of refreshed) void queryClient.invalidateQueries({ queryKey });
  };
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.mutation.options.mutationKey;
    if (key && sessionChanging.some((prefix) => startsWith(key, prefix))) refetch();
  });
  const offTerms = onTermsAgreementChange(refetch);
  return () => {
    offMutations();
    offTerms();
  };
}
