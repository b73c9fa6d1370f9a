import type { accountDetails, DetailsUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { authKeys } from '../../auth';
import { accountKeys } from '../keys';
import { type Who, whoParams } from './account-request';

/** PUT /api/my-account/details. The body is the contract's own snake_case (`address.line1`), so it goes as is. */
export const updateDetails = async ({ who, body }: { who: Who; body: DetailsUpdateBody }) =>
  api.put<z.infer<typeof accountDetails>>('/api/my-account/details', body, { params: whoParams(who), bodyAsIs: true });

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    meta: { toastErrors: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
  });
}
