import {
  type AnsweredSection,
  type agreedWaiver,
  type BookingBundle,
  type BookingUpdateBody,
  bookingRecordMessages,
  type ListMeta,
  toMoney,
  type z,
} from '@app/contracts';
import { lineTotal, listMeta } from '@app/domain';
import type { AuthedCtx } from '../../http/context';
import { fieldError, notFound } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { policiesOf } from '../cancellations/policy';
import { reference } from '../venues/reference';
import { type BundleRow, bookingsOfBundle, bundleIdsFor, findBundle } from './queries';
import { cancelBookings, cancellationOf, markAttendance, mayActOn, toBookingRecord } from './records';

type Extra = { id: number; name: string; quantity: number; price: number };

/** A bundle as doc 2 shapes it, with the answers and waivers its basket line kept. */
async function view(c: AuthedCtx, row: BundleRow): Promise<BookingBundle> {
  const [rows, ref, policies] = await Promise.all([
    bookingsOfBundle(c.db, row.bundle.cartItemId),
    reference(c),
    policiesOf(c.db, c.client.id),
  ]);
  const records = rows.map((r) => toBookingRecord(c, r, ref, policies));
  const status = records.some((b) => b.status === 'reserved')
    ? 'reserved'
    : records.some((b) => b.status === 'settled')
      ? 'settled'
      : 'cancelled';
  const o = row.item.options as Record<string, unknown>;
  const currency = c.client.currency;
  const extras = (o.extras as Extra[] | undefined) ?? [];
  return {
    id: row.bundle.id,
    status,
    booking_type: row.bundle.bookingType,
    schedule_id: row.schedule.id,
    name: row.schedule.name,
    description: row.schedule.description,
    venue: row.venue,
    category: row.category,
    instructors: [...new Set(records.flatMap((b) => b.instructors.map((i) => i.name)))],
    user: { id: row.user.id, first_name: row.user.firstName, last_name: row.user.lastName, reference: row.user.reference },
    order_id: records.find((b) => b.order_id !== null)?.order_id ?? null,
    booking_full_camp: (o.bookingFullCamp as boolean | null | undefined) ?? null,
    bookings: records,
    total_price: status === 'reserved' ? null : toMoney(lineTotal(row.item), currency),
    extras: extras.map((e) => ({ pricing_option_id: e.id, name: e.name, quantity: e.quantity, price: toMoney(e.price, currency) })),
    cancellation: cancellationOf(
      c,
      rows.map((r) => ({
        status: r.booking.status,
        startsAt: r.occurrence.startsAt,
        price: r.booking.price,
        categoryId: r.occurrence.categoryId,
        scheduleId: r.occurrence.scheduleId,
      })),
      policies,
    ),
    custom_question_sections: (o.answerSections as AnsweredSection[] | undefined) ?? [],
    waivers: (o.waivers as z.infer<typeof agreedWaiver>[] | undefined) ?? [],
    created_at: row.bundle.createdAt.toISOString(),
  };
}

/** A bundle the caller may see: staff of the client, its attendee, whoever booked it, or someone linked to the attendee. */
async function visibleBundle(c: AuthedCtx, bundleId: string, selectedUserId?: number): Promise<BundleRow> {
  if (selectedUserId !== undefined) await actingUserId(c, selectedUserId);
  const row = await findBundle(c.db, c.client.id, bundleId);
  if (!row || !(await mayActOn(c, [row.bundle.userId, row.bundle.bookedByUserId]))) throw notFound();
  return row;
}

export async function getBundle(c: AuthedCtx, bundleId: string, selectedUserId?: number): Promise<BookingBundle> {
  return view(c, await visibleBundle(c, bundleId, selectedUserId));
}

/** My account: the bundles the customer (or the selected user) attends or booked, optionally of one order. */
export async function myBundles(
  c: AuthedCtx,
  q: { selected_user_id?: number | undefined; order_id?: number | undefined; page: number; per_page: number },
): Promise<{ data: BookingBundle[]; meta: ListMeta }> {
  const userId = await actingUserId(c, q.selected_user_id);
  const { ids, total } = await bundleIdsFor(c.db, c.client.id, userId, q.order_id, {
    offset: (q.page - 1) * q.per_page,
    limit: q.per_page,
  });
  const data: BookingBundle[] = [];
  for (const id of ids) {
    const row = await findBundle(c.db, c.client.id, id);
    if (row) data.push(await view(c, row));
  }
  return { data, meta: listMeta(total, q.page, q.per_page) };
}

/**
 * Cancel a bundle (its paid sessions still to come, or the booking_ids named) or, for staff, mark attendance on its
 * sessions (all of them, or booking_ids). The same functions serve single bookings and the staff console.
 */
export async function updateBundle(
  c: AuthedCtx,
  bundleId: string,
  body: BookingUpdateBody,
): Promise<{ bundle: BookingBundle; message: string }> {
  const row = await visibleBundle(c, bundleId);
  const own = await bookingsOfBundle(c.db, row.bundle.cartItemId);
  const ids = body.booking_ids ?? own.map((r) => r.booking.id);
  if (ids.some((id) => !own.some((r) => r.booking.id === id))) throw fieldError({ booking_ids: [bookingRecordMessages.notInBundle] });
  if ('update_type' in body) {
    const now = c.clock.now();
    const open = body.booking_ids
      ? ids
      : own.filter((r) => r.booking.status === 'settled' && r.occurrence.startsAt > now).map((r) => r.booking.id);
    await cancelBookings(c, open, body.cancellation_source);
    return { bundle: await view(c, row), message: bookingRecordMessages.bundleCancelled };
  }
  const now = c.clock.now();
  const started = body.booking_ids
    ? ids
    : own.filter((r) => r.occurrence.startsAt <= now && r.booking.status === 'settled').map((r) => r.booking.id);
  await markAttendance(c, started.length ? started : ids, body.status);
  return { bundle: await view(c, row), message: bookingRecordMessages.attendanceSaved };
}
