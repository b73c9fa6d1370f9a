import type { timetableDate } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { activityKeys } from '../keys';

/** How far ahead the calendar marks days: the most the dates call allows (92 days). */
export const DATE_MARK_DAYS = 92;

/** Days with sessions of a category at a venue, from today, keyed by their raw date (doc 2, section 7). */
export async function getDates(venue: string, category: string): Promise<string[]> {
  const path = `/api/activities/venue/${encodeURIComponent(venue)}/activity-category/${encodeURIComponent(category)}/dates`;
  const res = await api.get<Record<string, z.infer<typeof timetableDate>>>(path, { params: { days: DATE_MARK_DAYS } });
  // Keyed by the raw date: the keys are the days (camel-casing leaves 'YYYY-MM-DD' keys as they are).
  return Object.keys(res.data).sort();
}

const toSet = (days: string[]): ReadonlySet<string> => new Set(days);

export const useDates = (venue: string, category: string) =>
  useQuery({
    queryKey: activityKeys.dates(venue, category),
    queryFn: () => getDates(venue, category),
    // Marks are a convenience: a failure leaves the calendar unmarked rather than the page on the error screen.
    throwOnError: false,
    select: toSet,
  });
