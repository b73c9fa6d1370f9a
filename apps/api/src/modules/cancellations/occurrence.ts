import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { Deps } from '../../http/context';
import { enqueue } from '../../jobs/queue';
import { cancelBookingIds } from './service';

/**
 * A session cancelled by staff (docs/decisions/101-session-cancelled-by-the-venue.md): its paid bookings are each
 * cancelled by a durable job of their own, written in the same transaction that deletes the session. Each job
 * cancels its booking with source `occurrence` and gives the money back in one transaction, conditional on the
 * booking still being settled, so a job run again after a crash (or twice at once) finds it done and changes nothing:
 * every booking is refunded or credited exactly once, and its attendee emailed once.
 */
export const OCCURRENCE_CANCEL_JOB = 'bookings.cancel-for-occurrence';

export async function owePaidBookingCancellations(tx: Tx, occurrenceId: string, now: Date): Promise<number> {
  const paid = await tx
    .select({ id: bookings.id, clientId: bookings.clientId })
    .from(bookings)
    .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.status, 'settled')));
  for (const b of paid) {
    await enqueue(tx, now, { name: OCCURRENCE_CANCEL_JOB, uniqueKey: String(b.id), payload: { bookingId: b.id, clientId: b.clientId } });
  }
  return paid.length;
}

export async function cancelForOccurrence(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  await cancelBookingIds(deps, Number(payload.clientId), [Number(payload.bookingId)], 'occurrence');
}
