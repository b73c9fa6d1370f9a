import { api } from '../../../lib/api';

/** Leaves a session's waitlist by occurrence and user (v1), for when the entry id is not known. */
export const leaveWaitlistAsMember = async (occurrenceId: string, userId: number): Promise<void> => {
  await api.delete<null>(`/api/v1/activities/occurrences/${encodeURIComponent(occurrenceId)}/waitlist/members/${userId}`);
};
