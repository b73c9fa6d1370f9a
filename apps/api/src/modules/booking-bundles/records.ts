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
import { canCancelBooking, listMeta } from '@app/domain';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import type { AuthedCtx, Ctx } from '../../http/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { givePlacesBack } from '../bookings/capacity';
import { named, type Reference, reference } from '../venues/reference';
import { type BookingRow, findBookingRow, listBookingRows } from './queries';

/**
 * Bookings as doc 2 shapes them, the staff bookings list, and the booking updates (cancellation, attendance). The
 * bundle calls and, later, the staff console use these same functions (docs/decisions/083-bookings-and-bundles.md).
 */

export function cancellationOf(rows: { status: string; startsAt: Date }[], now: Date): CancellationInfo {
  const can = rows.some((r) => canCancelBooking({ status: r.status as 'settled', startsAt: r.startsAt }, now));
  const reason = can ? null : rows.some((r) => r.status === 'settled') ? bookingRecordMessages.started : bookingRecordMessages.notSettled;
  // Cut-offs, fees and credit awards come with the cancellation rules of a later issue: none apply yet.
  return {
    can_cancel: can,
    cannot_cancel_reason: reason,
    cut_off: null,
    cut_off_actions: [],
    cut_off_message: null,
    awards_credit: false,
    awards_credit_message: null,
  };
}

export function toBookingRecord(c: Ctx, row: BookingRow, ref: Reference): BookingRecord {
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
    cancellation: cancellationOf([{ status: b.status, startsAt: o.startsAt }], c.clock.now()),
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
  const ref = await reference(c);
  return {
    data: rows.map((r) => toBookingRecord(c, r, ref)),
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
  return toBookingRecord(c, row, await reference(c));
}

/**
 * Cancels paid bookings that have not started, each in one conditional statement (settled and not started →
 * cancelled), giving their places back; one already cancelled (meanwhile) or started is skipped. Customers cancel as 'my-account' or
 * 'customers'; staff with any source. Refused (409) when nothing could be cancelled.
 */
export async function cancelBookings(c: AuthedCtx, ids: number[], source: string): Promise<number> {
  if (c.user.role !== 'staff' && source !== 'my-account' && source !== 'customers') {
    throw fieldError({ cancellation_source: [bookingRecordMessages.wrongSource] });
  }
  const now = c.clock.now();
  const done = await inTransaction(c.db, async (tx: Tx) => {
    let n = 0;
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const [cancelled] = await tx
        .update(bookings)
        .set({ status: 'cancelled', cancellationSource: source, cancelledAt: now })
        .where(
          and(
            eq(bookings.clientId, c.client.id),
            eq(bookings.id, id),
            eq(bookings.status, 'settled'),
            sql`${bookings.occurrenceId} IN (SELECT id FROM ${occurrences} WHERE ${occurrences.startsAt} > ${now})`,
          ),
        )
        .returning();
      if (!cancelled) continue;
      await givePlacesBack(tx, cancelled.occurrenceId, cancelled.capacityConsumed, cancelled.source);
      n++;
    }
    return n;
  });
  if (done === 0) throw new AppError('booking_not_cancellable');
  return done;
}

/** Staff: marks paid bookings of sessions that have started as attended or absent. */
export async function markAttendance(c: AuthedCtx, ids: number[], status: 'attended' | 'absent'): Promise<void> {
  if (c.user.role !== 'staff') throw new AppError('forbidden');
  const now = c.clock.now();
  const rows = await c.db
    .select({ id: bookings.id, startsAt: occurrences.startsAt, status: bookings.status })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(bookings.clientId, c.client.id), inArray(bookings.id, ids)));
  if (rows.some((r) => r.startsAt > now)) throw new AppError('attendance_too_early');
  const settled = rows.filter((r) => r.status === 'settled').map((r) => r.id);
  if (settled.length === 0) throw new AppError('booking_not_settled');
  await c.db
    .update(bookings)
    .set({ attended: status })
    .where(
      and(
        inArray(bookings.id, settled),
        eq(bookings.status, 'settled'),
        sql`${bookings.occurrenceId} IN (SELECT id FROM ${occurrences} WHERE ${lte(occurrences.startsAt, now)})`,
      ),
    );
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
