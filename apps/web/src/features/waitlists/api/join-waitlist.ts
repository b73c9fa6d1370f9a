import type { waitlistEntry } from '@app/contracts';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';

export type WaitlistEntry = Camelize<z.infer<typeof waitlistEntry>>;

/** Joins a session's waitlist (v2: the item's id and type); the answer is the entry, whose id leaving uses. */
export const joinWaitlist = async (occurrenceId: string): Promise<WaitlistEntry> =>
  (
    await api.post<z.infer<typeof waitlistEntry>>('/api/activities/waitlist/add', {
      item: { id: occurrenceId, type: 'purchasableOccurrence' },
    })
  ).data;
