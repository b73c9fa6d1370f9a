import { reachesErrorScreen, shouldRetryQuery } from '@app/domain';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { statusOf } from '../lib/api';
import { notifyError } from '../lib/notify';

/** The app-wide notice for a failed mutation; component tests use it too, so they see every notice a user would. */
export const createMutationCache = () =>
  new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.toastErrors === false) return;
      notifyError(error);
    },
  });

/**
 * Doc 1, section 8: at most 3 attempts (react-query counts failures from 0, the rule counts attempts), no retry
 * on a 4xx; 401, 404, 409 and 422 stay on the page, anything else reaches the error screen. A failed mutation
 * shows a danger notice unless its screen shows the error itself (meta.toastErrors false).
 */
export function createQueryClient() {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => shouldRetryQuery(failureCount + 1, statusOf(error)),
        throwOnError: (error) => reachesErrorScreen(statusOf(error)),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
