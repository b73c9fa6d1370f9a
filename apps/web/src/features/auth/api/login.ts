import type { AuthUser, LoginBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize, sessionBelief } from '../../../lib/api';
import { selectedUser } from '../../../lib/selected-user';
import { getSelectedVenue, selectVenue } from '../../../lib/selected-venue';
import { authKeys } from '../keys';

export type LoginInput = Camelize<Pick<LoginBody, 'username' | 'password'>>;

export const login = async (input: LoginInput) => (await api.post<{ user: AuthUser }>('/api/auth/customer/login', input)).data.user;

/**
 * After a login (doc 1, section 4): the user is fetched again, the venue becomes the user's home venue if none is
 * selected, and everything shown for a visitor (timetables, basket) is refetched for the user.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: login,
    meta: { toastErrors: false },
    onSuccess: async (user) => {
      sessionBelief.set(true);
      selectedUser.clear();
      if (!getSelectedVenue() && user.homeVenueSlug) selectVenue(user.homeVenueSlug);
      queryClient.setQueryData(authKeys.user(), user);
      await queryClient.invalidateQueries();
    },
  });
}
