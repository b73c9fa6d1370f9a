import type { AccountPenalty } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { privateMeta } from './account-request';

export type Penalty = Camelize<AccountPenalty>;

/** GET /api/my-account/penalties: what the customer owes or owed (decision 167); read only when they owe something. */
export const usePenalties = (enabled: boolean) =>
  useQuery({
    queryKey: [...accountKeys.all, 'penalties'] as const,
    queryFn: async () => (await api.get<AccountPenalty[]>('/api/my-account/penalties')).data as Penalty[],
    meta: privateMeta,
    enabled,
  });
