import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, sessionBelief } from '../../../lib/api';
import { selectedUser } from '../../../lib/selected-user';
import { termsAgreement } from '../../../lib/terms-agreement';
import { authKeys } from '../keys';
import { loginModal } from '../login-modal-store';

export const logout = async () => {
  await api.post<null>('/api/auth/logout');
};

/** Log out clears the user, the basket and payment state (queries marked private), then refetches the rest. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: () => {
      // A 401 from here must not reload the page: the session is being ended on purpose.
      sessionBelief.set(false);
      return logout();
    },
    onSettled: async () => {
      termsAgreement.reset();
      loginModal.forget();
      selectedUser.clear();
      queryClient.removeQueries({ predicate: (q) => q.meta?.private === true });
      queryClient.setQueryData(authKeys.user(), null);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
    },
  });
}
