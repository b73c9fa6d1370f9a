import type { DeskBooking, DeskCancelBody, DeskCancelResult } from '@app/contracts';
import { type CancellationFacts, deskCancellation, type PenaltyPolicy } from '@app/domain';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { bookings, occurrences, schedules, venues } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type PolicyLookup, policiesOf } from '../cancellations/policy';
import { cancelBookingIds } from '../cancellations/service';
import { audit } from './audit';
import type { StaffCtx } from './guard';
import { policyOf } from './penalties';
import { findCustomer } from './queries';

/**
 * Cancelling for a customer at the desk (decision 165): their upcoming paid bookings, each with what cancelling it
 * now would do under their policy (shown before staff confirm), and the cancellation itself, as source foh, with
 * the charge waivable for a reason kept in the audit row written in the cancelling transaction.
 */

type Row = {
  booking: typeof bookings.$inferSelect;
  name: string;
  venue: string;
  startsAt: Date;
  endsAt: Date;
  categoryId: number;
  scheduleId: number;
};

async function upcomingRows(c: StaffCtx, customerId: number, bookingId?: number): Promise<Row[]> {
  return c.db
    .select({
      booking: bookings,
      name: schedules.name,
      venue: venues.name,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      categoryId: occurrences.categoryId,
      scheduleId: occurrences.scheduleId,
    })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(
      and(
        eq(bookings.clientId, c.client.id),
        eq(bookings.userId, customerId),
        eq(bookings.status, 'settled'),
        gt(occurrences.startsAt, c.clock.now()),
        isNull(occurrences.deletedAt),
        bookingId === undefined ? undefined : eq(bookings.id, bookingId),
      ),
    )
    .orderBy(asc(occurrences.startsAt), asc(bookings.id))
    .limit(100);
}

function toDeskBooking(c: StaffCtx, r: Row, policies: PolicyLookup, penalties: PenaltyPolicy): DeskBooking {
  const now = c.clock.now();
  const facts: CancellationFacts = {
    status: r.booking.status,
    startsAt: r.startsAt,
    price: r.booking.price ?? 0,
    currency: c.client.currency,
    timeZone: c.client.timezone,
  };
  const policy = policies(r);
  const { decision: d, penalty } = deskCancellation(policy, facts, penalties, now, false);
  const waived = deskCancellation(policy, facts, penalties, now, true);
  return {
    id: r.booking.id,
    occurrence_id: r.booking.occurrenceId,
    name: r.name,
    venue: r.venue,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    price: r.booking.price,
    source: r.booking.source,
    cancellation: {
      can_cancel: d.canCancel,
      cannot_cancel_reason: d.cannotCancelReason,
      inside: d.inside,
      fee: d.fee,
      fee_owed: d.feeOwed,
      amount_back: d.amountBack,
      outcome: d.outcome,
      penalty,
      message: d.cutOffMessage,
      waived: { amount_back: waived.decision.amountBack },
    },
  };
}

/** A customer's upcoming paid bookings with the desk's cancellation preview; 404 for anyone not a customer here. */
export async function deskBookings(c: StaffCtx, customerId: number): Promise<DeskBooking[]> {
  if (!(await findCustomer(c.db, c.client.id, customerId))) throw notFound();
  const [rows, policies, penalties] = await Promise.all([
    upcomingRows(c, customerId),
    policiesOf(c.db, c.client.id),
    policyOf(c.db, c.client.id),
  ]);
  return rows.map((r) => toDeskBooking(c, r, policies, penalties));
}

/**
 * Cancels one of the customer's upcoming bookings as foh. The booking must be theirs and upcoming (404 otherwise);
 * the cancellation itself is the one every source uses (conditional on the booking still being paid and not
 * started), so a second press finds it cancelled: 409.
 */
export async function deskCancel(c: StaffCtx, customerId: number, bookingId: number, body: DeskCancelBody): Promise<DeskCancelResult> {
  const [row] = await upcomingRows(c, customerId, bookingId);
  if (!row || !(await findCustomer(c.db, c.client.id, customerId))) throw notFound();
  const waiveCharge = body.waive_charge;
  const outcomes = await cancelBookingIds(c, c.client.id, [bookingId], 'foh', {
    desk: { waiveCharge },
    inTx: async (tx, done) => {
      const o = done[0];
      if (o?.status !== 'cancelled') return;
      await audit(
        c,
        'booking.cancelled',
        customerId,
        {
          booking_id: bookingId,
          occurrence_id: row.booking.occurrenceId,
          fee: o.fee,
          card_refund: o.cardRefund,
          credit: o.credit,
          off_system: o.offSystem,
          ...(waiveCharge ? { charge_waived: true, reason: body.reason } : {}),
        },
        tx,
      );
    },
  });
  const o = outcomes[0];
  if (o?.status !== 'cancelled')
    throw new AppError('booking_not_cancellable', o?.status === 'refused' && o.reason ? { message: o.reason } : {});
  // A late-cancellation fee changes the customer's has_outstanding_penalties: this process forgets what it remembered.
  c.sessions.forgetUserState(customerId);
  return { booking_id: bookingId, card_refund: o.cardRefund, credit: o.credit, off_system: o.offSystem, fee: o.fee, waived: waiveCharge };
}
