import {
  type BookingListQuery,
  type BookingRecord,
  type BookingUpdateBody,
  bookingListBypassLimit,
  bookingRecordMessages,
  type CancellationInfo,
  type ListMeta,
  toMoney,
  toZonedDateTime,
} from '@app/contracts';
import {
  bundleCancellation,
  type CancellationSourceName,
  cancellationMessages,
  decideCancellation,
  defaultCancellationPolicy,
  listMeta,
} from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bookings, occurrences } from '../../db/schema';
import type { AuthedCtx, Ctx } from '../../http/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { type PolicyLookup, policiesOf, toCancellationInfo } from '../cancellations/policy';
import { cancelWithPolicy } from '../cancellations/service';
import { audit } from '../staff/audit';
import { recordPenalty, withdrawNoShowPenalties } from '../staff/penalties';
import { named, type Reference, reference } from '../venues/reference';
import { type BookingRow, findBookingRow, listBookingRows } from './queries';

/**
 * Bookings as doc 2 shapes them, the staff bookings list, and the booking updates (cancellation, attendance). The
 * bundle calls and, later, the staff console use these same functions (docs/decisions/083-bookings-and-bundles.md).
 */

/**
 * Doc 2's cancellation info for one booking, or a bundle (its bookings, in start order: what cancelling the whole
 * bundle now would do, bundleCancellation in packages/domain), by the policy that applies to each session.
 */
export function cancellationOf(
  c: Ctx,
  rows: { status: 'settled' | 'reserved' | 'cancelled'; startsAt: Date; price: number | null; categoryId: number; scheduleId: number }[],
  policies: PolicyLookup,
  source: CancellationSourceName = c.user?.role === 'staff' ? 'foh' : 'my-account',
): CancellationInfo {
  const now = c.clock.now();
  const decided = rows.map((r) => {
    const policy = policies(r);
    const facts = { status: r.status, startsAt: r.startsAt, price: r.price ?? 0, currency: c.client.currency, timeZone: c.client.timezone };
    return { policy, d: decideCancellation(policy, facts, source, now) };
  });
  const whole = bundleCancellation(
    decided.map((x) => ({ decision: x.d, policy: x.policy })),
    c.client.currency,
  );
  if (!whole)
    return toCancellationInfo(
      decideCancellation(
        defaultCancellationPolicy,
        { status: 'cancelled', startsAt: now, price: 0, currency: c.client.currency, timeZone: c.client.timezone },
        source,
        now,
      ),
      defaultCancellationPolicy,
    );
  return toCancellationInfo(whole.decision, whole.policy);
}

export function toBookingRecord(c: Ctx, row: BookingRow, ref: Reference, policies: PolicyLookup): BookingRecord {
  const { booking: b, occurrence: o } = row;
  const tz = c.client.timezone;
  const locs = named(o.locationIds, ref.locations);
  return {
    duration: Math.round((o.endsAt.getTime() - o.startsAt.getTime()) / 60_000),
    is_v2: true,
    id: b.id,
    user_id: b.userId,
    user_uuid: null,
    user_reference: row.user.reference,
    occurrence_id: b.occurrenceId,
    order_id: b.orderId,
    starts_at: toZonedDateTime(o.startsAt, tz),
    ends_at: toZonedDateTime(o.endsAt, tz),
    status: b.status,
    booking_type: o.bookingType,
    booking_bundle_context: row.bundleId
      ? { id: row.bundleId, total_settled_bookings: Number(row.settledInBundle ?? 0), settled_booking_position: row.positionInBundle }
      : null,
    category: row.category,
    name: row.scheduleName,
    description: row.scheduleDescription,
    capacity_consumed: b.capacityConsumed,
    price: b.status === 'reserved' || b.price === null ? null : toMoney(b.price, c.client.currency),
    venue: row.venue,
    locations: locs,
    location_name: o.friendlyLocationName ?? locs.map((l) => l.name).join(', '),
    instructors: named(o.instructorIds, ref.instructors),
    attended: b.attended,
    cancellation: cancellationOf(
      c,
      [{ status: b.status, startsAt: o.startsAt, price: b.price, categoryId: o.categoryId, scheduleId: o.scheduleId }],
      policies,
    ),
    cancellation_source: b.cancellationSource,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    order: b.orderId !== null && row.orderStatus ? { id: b.orderId, status: row.orderStatus } : null,
  };
}

/**
 * Staff: doc 2's bookings list. Status defaults to settled; selected_user_id narrows to that customer (who must be
 * of this client); bypass_pagination answers up to bookingListBypassLimit rows on one page.
 */
export async function listBookings(c: AuthedCtx, q: BookingListQuery): Promise<{ data: BookingRecord[]; meta: ListMeta }> {
  const selected = q.selected_user_id === undefined ? undefined : await actingUserId(c, q.selected_user_id);
  const perPage = q.bypass_pagination ? bookingListBypassLimit : q.per_page;
  const page = q.bypass_pagination ? 1 : q.page;
  const { rows, total } = await listBookingRows(
    c.db,
    {
      clientId: c.client.id,
      occurrenceId: q.occurrence_id,
      userId: selected ?? q.user_id,
      startsAfter: q.starts_after ? new Date(q.starts_after) : undefined,
      startsBefore: q.starts_before ? new Date(q.starts_before) : undefined,
      statuses: [...new Set(q.status)],
      cancellationSource: q.cancellation_source,
    },
    { offset: (page - 1) * perPage, limit: perPage },
  );
  const [ref, policies] = await Promise.all([reference(c), policiesOf(c.db, c.client.id)]);
  return {
    data: rows.map((r) => toBookingRecord(c, r, ref, policies)),
    meta: { ...listMeta(total, page, perPage), sort_by: 'starts_at', direction: 'ascending' },
  };
}

/** Who may read or change a booking: staff of its client, the attendee, or someone who may act for them. */
export async function mayActOn(c: AuthedCtx, ownerIds: number[]): Promise<boolean> {
  if (c.user.role === 'staff' || ownerIds.includes(c.user.id)) return true;
  for (const id of ownerIds) {
    try {
      await actingUserId(c, id);
      return true;
    } catch {
      // not linked to this one; try the next
    }
  }
  return false;
}

export async function getBooking(c: AuthedCtx, bookingId: number, selectedUserId?: number): Promise<BookingRecord> {
  if (selectedUserId !== undefined) await actingUserId(c, selectedUserId);
  const row = await findBookingRow(c.db, c.client.id, bookingId);
  if (!row || !(await mayActOn(c, [row.booking.userId]))) throw notFound();
  return toBookingRecord(c, row, await reference(c), await policiesOf(c.db, c.client.id));
}

/**
 * Cancels paid bookings by their cancellation policy (modules/cancellations): each in one conditional change, with
 * its refund or credit; one already cancelled (meanwhile) or started is skipped. Customers cancel as 'my-account' or
 * 'customers'; staff as foh (or either customer source), never 'occurrence'. Refused (409) when nothing could be cancelled.
 */
export async function cancelBookings(c: AuthedCtx, ids: number[], source: CancellationSourceName): Promise<number> {
  if (c.user.role !== 'staff' && source !== 'my-account' && source !== 'customers') {
    throw fieldError({ cancellation_source: [bookingRecordMessages.wrongSource] });
  }
  // 'occurrence' means the venue cancelled the session (no cut-off, no fee, the money always back): only the
  // session's deletion cancels with it (decision 191). Staff cancelling a booking of a session still on use foh.
  if (source === 'occurrence') throw fieldError({ cancellation_source: [cancellationMessages.sessionNotCancelled] });
  // Staff cancelling through the spec's calls is a staff action: one audit row per booking cancelled, in the
  // cancelling transaction (decision 167).
  const owners =
    c.user.role === 'staff'
      ? await c.db
          .select({ id: bookings.id, userId: bookings.userId })
          .from(bookings)
          .where(and(eq(bookings.clientId, c.client.id), inArray(bookings.id, ids)))
      : [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const done = await cancelWithPolicy(c, ids, source, {
    inTx:
      c.user.role === 'staff'
        ? async (tx, outcomes) => {
            for (const [i, o] of outcomes.entries()) {
              if (o.status !== 'cancelled') continue;
              const id = sorted[i] as number;
              const userId = owners.find((r) => r.id === id)?.userId ?? null;
              await audit(
                c,
                'booking.cancelled',
                userId,
                { booking_id: id, source, fee: o.fee, card_refund: o.cardRefund, credit: o.credit },
                tx,
              );
            }
          }
        : undefined,
  });
  return done.filter((o) => o.status === 'cancelled').length;
}

/**
 * Staff: marks paid bookings of sessions that have started as attended or absent. The operator's no-show penalty
 * follows the mark, whichever call made it (the register, or the spec's booking and bundle updates): one per booking
 * however often it is marked absent, withdrawn (an unpaid fee voided) when the mark is corrected to attended. One
 * audit row per booking marked (decisions 128, 129, 167).
 *
 * The mark, its penalty and its audit rows are one transaction that first locks the bookings (in id order, so two
 * registers marking overlapping lists at once cannot deadlock) and marks only those still settled on a started
 * session: a booking cancelled meanwhile is not marked, and two staff marking at once are serialised, so the later
 * mark sees the earlier one's penalty (an absent racing an attended never leaves a fee on an attended booking, and
 * two absents make one fee; decision 234).
 */
export async function markAttendance(c: AuthedCtx, ids: number[], status: 'attended' | 'absent'): Promise<void> {
  if (c.user.role !== 'staff') throw new AppError('forbidden');
  const now = c.clock.now();
  const marked = await inTransaction(c.db, async (tx) => {
    const rows = await tx
      .select({
        id: bookings.id,
        userId: bookings.userId,
        occurrenceId: bookings.occurrenceId,
        startsAt: occurrences.startsAt,
        status: bookings.status,
      })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .where(and(eq(bookings.clientId, c.client.id), inArray(bookings.id, ids)))
      .orderBy(asc(bookings.id))
      .for('update', { of: bookings });
    if (rows.some((r) => r.startsAt > now)) throw new AppError('attendance_too_early');
    const settled = rows.filter((r) => r.status === 'settled');
    if (settled.length === 0) throw new AppError('booking_not_settled');
    await tx
      .update(bookings)
      .set({ attended: status })
      .where(
        and(
          inArray(
            bookings.id,
            settled.map((r) => r.id),
          ),
          eq(bookings.status, 'settled'),
        ),
      );
    if (status === 'absent')
      for (const b of settled) await recordPenalty(tx, c.client.id, b, { kind: 'absent', startsAt: b.startsAt, markedAt: now }, now);
    else
      await withdrawNoShowPenalties(
        tx,
        c.client.id,
        settled.map((b) => b.id),
      );
    for (const b of settled) await audit(c, 'attendance.marked', b.userId, { occurrence_id: b.occurrenceId, booking_id: b.id, status }, tx);
    return settled;
  });
  // A fee made or voided changes the customer's has_outstanding_penalties.
  for (const b of marked) c.sessions.forgetUserState(b.userId);
}

/** PATCH a booking: cancel it, or (staff) mark its attendance. booking_ids, if sent, must name this booking. */
export async function updateBooking(c: AuthedCtx, bookingId: number, body: BookingUpdateBody): Promise<BookingRecord> {
  const row = await findBookingRow(c.db, c.client.id, bookingId);
  if (!row || !(await mayActOn(c, [row.booking.userId]))) throw notFound();
  if (body.booking_ids?.some((id) => id !== bookingId)) {
    throw fieldError({ booking_ids: [bookingRecordMessages.notInBundle] });
  }
  if ('update_type' in body) await cancelBookings(c, [bookingId], body.cancellation_source);
  else await markAttendance(c, [bookingId], body.status);
  return getBooking(c, bookingId);
}
