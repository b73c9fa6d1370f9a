import type { accountPackage } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountPackage = Camelize<z.infer<typeof accountPackage>>;

/** GET /api/my-account/packages: what the customer (or the selected linked user) holds. */
export const getPackages = async (who: Who) => (await getAccountList<z.infer<typeof accountPackage>>('packages', who)).items;

export const packagesQueryOptions = (who: Who) =>
  queryOptions({ queryKey: accountKeys.packages(who), queryFn: () => getPackages(who), meta: privateMeta });

export const usePackages = (who: Who, enabled = true) => useQuery({ ...packagesQueryOptions(who), enabled });
