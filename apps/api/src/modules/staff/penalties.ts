import { dayjs, ourMessages, type PenaltyPolicyBody } from '@app/contracts';
import { noPenaltyPolicy, onlineBookingBlockedUntil, type PenaltyEvent, type PenaltyPolicy, penaltyFor } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { bookingPenalties, penalties, penaltyPolicies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { audit } from './audit';
import type { StaffCtx } from './guard';

/** The client's policy, or none (every action 'none') when a manager has not set one. */
export async function policyOf(db: Conn, clientId: number): Promise<PenaltyPolicy> {
  const [row] = await db.select().from(penaltyPolicies).where(eq(penaltyPolicies.clientId, clientId));
  if (!row) return noPenaltyPolicy;
  return {
    absentAction: row.absentAction,
    lateCancellationAction: row.lateCancellationAction,
    feeAmount: row.feeAmount,
    strikesToBlock: row.strikesToBlock,
    strikeWindowDays: row.strikeWindowDays,
    blockDays: row.blockDays,
  };
}

const toBody = (p: PenaltyPolicy): PenaltyPolicyBody => ({
  absent_action: p.absentAction,
  late_cancellation_action: p.lateCancellationAction,
  fee_amount: p.feeAmount,
  strikes_to_block: p.strikesToBlock,
  strike_window_days: p.strikeWindowDays,
  block_days: p.blockDays,
});

export async function penaltyPolicy(c: StaffCtx): Promise<PenaltyPolicyBody> {
  return toBody(await policyOf(c.db, c.client.id));
}

export async function updatePenaltyPolicy(c: StaffCtx, body: PenaltyPolicyBody): Promise<PenaltyPolicyBody> {
  const values = {
    absentAction: body.absent_action,
    lateCancellationAction: body.late_cancellation_action,
    feeAmount: body.fee_amount,
    strikesToBlock: body.strikes_to_block,
    strikeWindowDays: body.strike_window_days,
    blockDays: body.block_days,
    updatedAt: c.clock.now(),
  };
  await inTransaction(c.db, async (tx) => {
    const before = toBody(await policyOf(tx, c.client.id));
    await tx
      .insert(penaltyPolicies)
      .values({ clientId: c.client.id, ...values })
      .onConflictDoUpdate({ target: penaltyPolicies.clientId, set: values });
    await audit(c, 'penalty_policy.updated', null, { from: before, to: body }, tx);
  });
  return body;
}

/** Why a fee penalty is owed, as the customer's record and basket show it. */
const feeReason = { absent: 'No-show', late_cancellation: 'Late cancellation' } as const;

/**
 * Records what a booking's no-show or late cancellation costs under the client's policy, at most once per booking
 * and event: the insert into booking_penalties is conditional on there being none (its primary key), and the fee
 * row is written only when that insert won. Runs in the caller's transaction (the cancellation's, for a late
 * cancellation), so the penalty lands exactly when the event does. Returns the penalty made, or null.
 */
export async function recordPenalty(
  tx: Conn,
  clientId: number,
  booking: { id: number; userId: number },
  event: PenaltyEvent,
  now: Date,
): Promise<'fee' | 'strike' | null> {
  const penalty = penaltyFor(await policyOf(tx, clientId), event);
  if (!penalty) return null;
  const kind = event.kind;
  const won = await tx
    .insert(bookingPenalties)
    .values({ bookingId: booking.id, event: kind, clientId, userId: booking.userId, kind: penalty.type, createdAt: now })
    .onConflictDoNothing()
    .returning({ bookingId: bookingPenalties.bookingId });
  if (won.length === 0) return null;
  if (penalty.type === 'fee') {
    const [p] = await tx
      .insert(penalties)
      .values({ clientId, userId: booking.userId, bookingId: booking.id, reason: feeReason[kind], amount: penalty.amount, createdAt: now })
      .returning({ id: penalties.id });
    await tx
      .update(bookingPenalties)
      .set({ penaltyId: p?.id ?? null })
      .where(and(eq(bookingPenalties.bookingId, booking.id), eq(bookingPenalties.event, kind)));
  }
  return penalty.type;
}

/**
 * Staff corrected absent marks to attended: the no-show penalties of those bookings go. An unpaid fee is voided
 * (waived, conditional on it still being outstanding); a fee already paid stays, and so does its record, so marking
 * absent again does not charge twice. Runs in the caller's transaction (the mark's).
 */
export async function withdrawNoShowPenalties(tx: Conn, clientId: number, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  const rows = await tx
    .select({ bookingId: bookingPenalties.bookingId, penaltyId: bookingPenalties.penaltyId })
    .from(bookingPenalties)
    .where(
      and(eq(bookingPenalties.clientId, clientId), eq(bookingPenalties.event, 'absent'), inArray(bookingPenalties.bookingId, bookingIds)),
    );
  for (const r of rows) {
    if (r.penaltyId !== null) {
      const voided = await tx
        .update(penalties)
        .set({ status: 'waived' })
        .where(and(eq(penalties.id, r.penaltyId), eq(penalties.status, 'outstanding')))
        .returning({ id: penalties.id });
      if (voided.length === 0) continue;
    }
    await tx.delete(bookingPenalties).where(and(eq(bookingPenalties.bookingId, r.bookingId), eq(bookingPenalties.event, 'absent')));
  }
}

/**
 * Refuses an online add while the customer's strikes block online booking (onlineBookingBlockedUntil). Costs one
 * primary-key read when the client blocks nothing, which is most clients.
 */
export async function refuseIfBlocked(db: Conn, clientId: number, userId: number, now: Date, timeZone: string): Promise<void> {
  const policy = await policyOf(db, clientId);
  if (policy.strikesToBlock <= 0 || policy.blockDays <= 0) return;
  const strikes = await db
    .select({ at: bookingPenalties.createdAt })
    .from(bookingPenalties)
    .where(and(eq(bookingPenalties.clientId, clientId), eq(bookingPenalties.userId, userId), eq(bookingPenalties.kind, 'strike')));
  const until = onlineBookingBlockedUntil(
    policy,
    strikes.map((s) => s.at),
    now,
  );
  if (until)
    throw new AppError('online_booking_blocked', {
      message: ourMessages.onlineBookingBlocked(dayjs(until).tz(timeZone).format('D MMMM YYYY')),
    });
}
