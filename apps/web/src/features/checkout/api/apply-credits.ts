import { type Cart, defaultCartSource, toastMessages } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { basketKeys } from '../../basket';

export type CreditKind = 'membership' | 'general';

export interface CreditToReserve {
  /** In the smallest currency unit; 0 takes that kind of credit off the basket. */
  amount: number;
  type: CreditKind;
}

/** POST /api/credits/apply: reserves credit against the basket; the answer is the basket with its new payment lines. */
export const applyCredits = async (creditsToReserve: CreditToReserve[]) =>
  (await api.post<Cart>('/api/credits/apply', { creditsToReserve, cartSource: defaultCartSource })).data;

/**
 * Applies (or, with 0, removes) credit: 'Credit successfully applied.' on success; on failure the server's message
 * in preference to 'Credit amount could not be applied.', and a 422's field messages under 'Validation errors'.
 */
export function useApplyCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...basketKeys.all, 'credits'],
    mutationFn: applyCredits,
    // The failure notice is this hook's own ('Credit amount could not be applied.'), not the app-wide one as well.
    meta: { toastErrors: false },
    onSuccess: async (cart) => {
      if (cart && Array.isArray(cart.items)) queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(toastMessages.creditApplied);
      await queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 422 || error.serverMessage)) notifyError(error);
      else notifyError(toastMessages.creditFailed);
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
  });
}
