export const activityKeys = {
  all: ['activities'] as const,
  categories: (venue: string) => [...activityKeys.all, 'categories', venue] as const,
  category: (venue: string, slug: string) => [...activityKeys.all, 'category', venue, slug] as const,
  timetables: () => [...activityKeys.all, 'timetable'] as const,
  timetable: (venue: string, activity: string, date: string, v2: boolean) =>
    [...activityKeys.timetables(), venue, activity, date, v2 ? 'v2' : 'v1'] as const,
};
