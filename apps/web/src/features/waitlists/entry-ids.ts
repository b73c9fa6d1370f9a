/**
 * The waitlist entry ids this tab has been given by the join answer, by user and session. Leaving by entry id is the
 * v2 call; an occurrence does not say which entry is the customer's, so after a reload the id is not known and the
 * v1 call by occurrence and user is used instead (docs/decisions/022-waitlist-leave.md).
 */
const entries = new Map<string, number>();
const key = (userId: number, occurrenceId: string) => `${userId}:${occurrenceId}`;

export const waitlistEntryIds = {
  remember: (userId: number, occurrenceId: string, entryId: number) => entries.set(key(userId, occurrenceId), entryId),
  get: (userId: number, occurrenceId: string) => entries.get(key(userId, occurrenceId)),
  forget: (userId: number, occurrenceId: string) => entries.delete(key(userId, occurrenceId)),
};
