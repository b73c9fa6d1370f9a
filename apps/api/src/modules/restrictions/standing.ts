import { restrictionMet, unmetRestrictions } from '@app/domain';
import type { TimetableRestriction } from './queries';

/**
 * The pre-purchase restrictions a session's customer has still to meet, from what the timetable's statement read
 * (attachedForTimetable): a waiver unless agreed, an enhanced waiver always, an induction unless done in person or
 * booked for a time that is over before this session starts.
 */
export function unmetFor(attached: TimetableRestriction[], scheduleId: number, startsAt: Date): TimetableRestriction[] {
  return unmetRestrictions(
    attached
      .filter((a) => a.scheduleId === scheduleId)
      .map((a) => ({
        ...a,
        met: restrictionMet({ ...a, inductionEndsAt: a.inductionEndsAt ? new Date(a.inductionEndsAt) : null }, startsAt),
      })),
  );
}
