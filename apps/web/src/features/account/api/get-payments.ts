import type { accountPayment } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountPayment = Camelize<z.infer<typeof accountPayment>>;

/** GET /api/my-account/payments?page=: orders, newest first, with their status and refund status. */
export const getPayments = (who: Who, page: number) =>
  getAccountList<z.infer<typeof accountPayment>>('payments', who, { page, perPage: 20 });

export const paymentsQueryOptions = (who: Who, page: number) =>
  queryOptions({
    queryKey: accountKeys.payments(who, page),
    queryFn: () => getPayments(who, page),
    meta: privateMeta,
    placeholderData: keepPreviousData,
  });

export const usePayments = (who: Who, page = 1) => useQuery(paymentsQueryOptions(who, page));
