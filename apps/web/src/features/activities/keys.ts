/**
 * Query keys of the catalogue. Everything that shows places or the customer's own bookings sits under `sessions()`,
 * so one prefix refetches it after a basket change, login, logout, a waitlist change or a terms change (doc 2,
 * section 4; see app/refetch-rules.ts). The v1/v2 path is part of a key: the same day can be asked both ways.
 */
export const activityKeys = {
  all: ['activities'] as const,
  categories: (venue: string) => [...activityKeys.all, 'categories', venue] as const,
  category: (venue: string, slug: string) => [...activityKeys.all, 'category', venue, slug] as const,
  sessions: () => [...activityKeys.all, 'sessions'] as const,
  timetables: () => [...activityKeys.sessions(), 'timetable'] as const,
  timetable: (venue: string, activity: string, date: string, v2: boolean) =>
    [...activityKeys.timetables(), venue, activity, date, v2 ? 'v2' : 'v1'] as const,
  slots: (venue: string, activity: string, date: string, locationId: number, v2: boolean) =>
    [...activityKeys.sessions(), 'slots', venue, activity, date, locationId, v2 ? 'v2' : 'v1'] as const,
  times: (venue: string, activity: string, date: string, locationId: number | null, v2: boolean) =>
    [...activityKeys.sessions(), 'times', venue, activity, date, locationId ?? 'any', v2 ? 'v2' : 'v1'] as const,
  occurrence: (id: string) => [...activityKeys.sessions(), 'occurrence', id] as const,
  /** Days with sessions: reloaded when the venue or category changes, and after a related success. */
  dates: (venue: string, category: string) => [...activityKeys.all, 'dates', venue, category] as const,
  tickets: (venue: string, category: string, activity: string) => [...activityKeys.all, 'tickets', venue, category, activity] as const,
};
