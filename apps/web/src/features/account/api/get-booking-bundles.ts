import type { BookingBundle } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountBundle = Camelize<BookingBundle>;

/** GET /api/my-account/booking-bundles: the courses and camps bought for or by the customer, newest first, with answers. */
export const useBookingBundles = (who: Who, page = 1) =>
  useQuery({
    queryKey: [...accountKeys.all, 'booking-bundles', who, page],
    queryFn: () => getAccountList<BookingBundle>('booking-bundles', who, { page, perPage: 20 }),
    meta: privateMeta,
    placeholderData: keepPreviousData,
  });
