/** Query keys of the account area; `who` is the selected (linked) user's id, or 'me'. */
export const accountKeys = {
  all: ['account'] as const,
  details: (who: number | 'me') => [...accountKeys.all, 'details', who] as const,
  memberships: (who: number | 'me') => [...accountKeys.all, 'memberships', who] as const,
  packages: (who: number | 'me') => [...accountKeys.all, 'packages', who] as const,
  guestPasses: (who: number | 'me') => [...accountKeys.all, 'guest-passes', who] as const,
  bookings: (who: number | 'me', when: 'upcoming' | 'past', page: number) => [...accountKeys.all, 'bookings', who, when, page] as const,
  payments: (who: number | 'me', page: number) => [...accountKeys.all, 'payments', who, page] as const,
  linkedUsers: () => [...accountKeys.all, 'linked-users'] as const,
  savedCards: () => [...accountKeys.all, 'saved-cards'] as const,
};
