/** Mutation keys: the refetch rules (app/refetch-rules.ts) reload timetables after any waitlist change. */
export const waitlistKeys = {
  all: ['waitlists'] as const,
  join: () => [...waitlistKeys.all, 'join'] as const,
  leave: () => [...waitlistKeys.all, 'leave'] as const,
};
