import type { accountDetails } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { privateMeta, type Who, whoParams } from './account-request';

export type AccountDetails = Camelize<z.infer<typeof accountDetails>>;

export const getDetails = async (who: Who): Promise<AccountDetails> =>
  (await api.get<z.infer<typeof accountDetails>>('/api/my-account/details', { params: whoParams(who) })).data;

export const detailsQueryOptions = (who: Who) =>
  queryOptions({ queryKey: accountKeys.details(who), queryFn: () => getDetails(who), meta: privateMeta });

export const useDetails = (who: Who) => useQuery(detailsQueryOptions(who));
