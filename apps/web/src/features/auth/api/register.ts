import type { Customer, RegisterBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize, sessionBelief } from '../../../lib/api';
import { authKeys } from '../keys';

export type RegisterInput = Pick<RegisterBody, 'first_name' | 'last_name' | 'email' | 'password'>;

/** Sign-up logs the customer in (the server sets the session cookie), so the user is fetched straight after. */
export const register = async (input: RegisterInput) =>
  (
    await api.post<Customer>(
      '/api/auth/customer/register',
      { firstName: input.first_name, lastName: input.last_name, email: input.email, password: input.password, source: 'online' },
      { params: { onboardingType: 'customer_account_online' } },
    )
  ).data as Camelize<Customer>;

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { toastErrors: false },
    onSuccess: async () => {
      sessionBelief.set(true);
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
      await queryClient.invalidateQueries();
    },
  });
}
