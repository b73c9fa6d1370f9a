import type { accountGuestPass } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountGuestPass = Camelize<z.infer<typeof accountGuestPass>>;

/** GET /api/my-account/guest-passes: what the customer (or the selected linked user) holds. */
export const getGuestPasses = async (who: Who) => (await getAccountList<z.infer<typeof accountGuestPass>>('guest-passes', who)).items;

export const guestPassesQueryOptions = (who: Who) =>
  queryOptions({ queryKey: accountKeys.guestPasses(who), queryFn: () => getGuestPasses(who), meta: privateMeta });

export const useGuestPasses = (who: Who, enabled = true) => useQuery({ ...guestPassesQueryOptions(who), enabled });
