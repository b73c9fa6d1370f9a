import type { accountBooking } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { getAccountList, privateMeta, type Who } from './account-request';

export type AccountBooking = Camelize<z.infer<typeof accountBooking>>;
export type BookingsWhen = 'upcoming' | 'past';

/** GET /api/my-account/bookings?when=upcoming|past&page=: soonest first when upcoming, latest first when past. */
export const getBookings = (who: Who, when: BookingsWhen, page: number) =>
  getAccountList<z.infer<typeof accountBooking>>('bookings', who, { when, page, perPage: 20 });

export const bookingsQueryOptions = (who: Who, when: BookingsWhen, page: number) =>
  queryOptions({
    queryKey: accountKeys.bookings(who, when, page),
    queryFn: () => getBookings(who, when, page),
    meta: privateMeta,
    placeholderData: keepPreviousData,
  });

export const useBookings = (who: Who, when: BookingsWhen, page = 1) => useQuery(bookingsQueryOptions(who, when, page));
