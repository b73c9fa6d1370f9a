import type { Customer, onboardingTypes, RegisterBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize, sessionBelief } from '../../../lib/api';
import { authKeys } from '../keys';

export type RegisterInput = Pick<RegisterBody, 'first_name' | 'last_name' | 'email' | 'password'> &
  Partial<Pick<RegisterBody, 'marketing_email' | 'marketing_sms' | 'marketing_phone' | 'marketing_post'>> & {
    clientId?: number;
    /** Which journey signed the customer up (doc 1, section 3); the online default unless the page was told otherwise. */
    onboardingType?: z.infer<typeof onboardingTypes>;
  };

/**
 * Sign-up (doc 1, section 7): the onboarding_type query, the customer's fields plus client_id and source. It logs
 * the customer in (the server sets the session cookie), so the user is fetched straight after.
 */
export const register = async ({ clientId, onboardingType = 'customer_account_online', ...input }: RegisterInput) =>
  (
    await api.post<Customer>(
      '/api/auth/customer/register',
      {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        password: input.password,
        // The customer's four marketing opt-ins (doc 1, section 3): each is what they ticked, and no tick means no.
        marketingEmail: input.marketing_email ?? false,
        marketingSms: input.marketing_sms ?? false,
        marketingPhone: input.marketing_phone ?? false,
        marketingPost: input.marketing_post ?? false,
        clientId,
        source: 'online',
      },
      { params: { onboardingType } },
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
