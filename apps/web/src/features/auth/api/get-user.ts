import type { AuthUser } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, type Camelize, sessionBelief } from '../../../lib/api';
import { authKeys } from '../keys';

export type User = Camelize<AuthUser>;

/** The logged-in user, or null for a visitor: a 401 here is the normal answer for a visitor, not an error. */
export async function getUser(): Promise<User | null> {
  try {
    const user = (await api.get<AuthUser>('/api/auth/user')).data;
    sessionBelief.set(true);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      sessionBelief.set(false);
      return null;
    }
    throw error;
  }
}

/** Doc 1, section 9: the session is checked every 5 s; losing it while logged in reloads the app (see lib/api). */
export const SESSION_CHECK_MS = 5000;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    staleTime: 60_000,
    // Only a logged-in tab polls: a visitor has no session to lose, and each check would be a 401.
    refetchInterval: (query) => (query.state.data ? SESSION_CHECK_MS : false),
  });

/** The user query: `user` is null for a visitor and undefined while the first answer is on its way. */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data ?? null, isLoggedIn: Boolean(query.data) };
}
