import type { LinkedUser } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from '../keys';

/**
 * The referenced customer accepts a pending link (POST .../accept); either side ends one (DELETE: the owner
 * cancels a request, the referenced customer revokes, either removes an accepted link).
 */
export const changeLink = async ({ id, action }: { id: number; action: 'accept' | 'end' }) =>
  action === 'accept'
    ? (await api.post<LinkedUser>(`/api/my-account/linked-users/${id}/accept`)).data
    : (await api.delete<LinkedUser>(`/api/my-account/linked-users/${id}`)).data;

export function useChangeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
