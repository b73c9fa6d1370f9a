import type { accountMembership } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountMembership = Camelize<z.infer<typeof accountMembership>>;

/** GET /api/my-account/memberships: what the customer (or the selected linked user) holds. */
export const getMemberships = async (who: Who) => (await getAccountList<z.infer<typeof accountMembership>>('memberships', who)).items;

export const membershipsQueryOptions = (who: Who) =>
  queryOptions({ queryKey: accountKeys.memberships(who), queryFn: () => getMemberships(who), meta: privateMeta });

export const useMemberships = (who: Who, enabled = true) => useQuery({ ...membershipsQueryOptions(who), enabled });
