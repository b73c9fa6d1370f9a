import { api } from '../../../lib/api';

/** Leaves a waitlist by entry id (v2). */
export const leaveWaitlist = async (entryId: number): Promise<void> => {
  await api.delete<null>(`/api/activities/waitlist/remove/${entryId}`);
};
