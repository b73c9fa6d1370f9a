import type { linkRequestBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { accountKeys } from '../keys';

/** POST /api/my-account/linked-users: ask to act for another customer (pending until they accept). */
export const requestLink = async (body: z.infer<typeof linkRequestBody>) =>
  (await api.post<unknown>('/api/my-account/linked-users', body, { bodyAsIs: true })).message;

export function useRequestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestLink,
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.linkedUsers() }),
  });
}
