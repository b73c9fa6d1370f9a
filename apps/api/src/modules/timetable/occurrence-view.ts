import { type Occurrence, toMoney, toZonedDateTime } from '@app/contracts';
import { availablePlaces, bookableAction } from '@app/domain';
import type { Ctx } from '../../http/context';
import {
  customerBookingsOn,
  customerBusyRanges,
  findOccurrences,
  instructorsOf,
  locationsOf,
  type OccurrenceFilter,
  type OccurrenceRow,
  ticketsOf,
} from './queries';

const groupBy = <T, K>(items: T[], key: (t: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
};

/**
 * Occurrences as the wire shows them, with the customer's context (their bookings, what they can do) when logged
 * in. A fixed number of queries whatever the number of occurrences.
 */
export async function occurrenceViews(c: Ctx, filter: Omit<OccurrenceFilter, 'clientId'>): Promise<Occurrence[]> {
  const rows = await findOccurrences(c.db, { ...filter, clientId: c.client.id });
  if (rows.length === 0) return [];
  const now = c.clock.now();
  const ids = rows.map((r) => r.occurrence.id);
  const ticketed = [...new Set(rows.filter((r) => r.occurrence.bookingType === 'ticketed').map((r) => r.occurrence.scheduleId))];
  const first = rows[0] as OccurrenceRow;
  const last = rows[rows.length - 1] as OccurrenceRow;
  const [locs, insts, tickets, own, busy] = await Promise.all([
    locationsOf(c.db, ids),
    instructorsOf(c.db, ids),
    ticketsOf(c.db, ticketed),
    c.user ? customerBookingsOn(c.db, c.user.id, ids, now) : [],
    c.user ? customerBusyRanges(c.db, c.user.id, first.occurrence.startsAt, last.occurrence.endsAt, now) : [],
  ]);
  const locsBy = groupBy(locs, (l) => l.occurrenceId);
  const instsBy = groupBy(insts, (i) => i.occurrenceId);
  const ticketsBy = groupBy(tickets, (t) => t.scheduleId);
  const ownBy = new Map(own.map((b) => [b.occurrenceId, b.status]));
  const tz = c.client.timezone;
  const currency = c.client.currency;

  return rows.map(({ occurrence: o, ...s }) => {
    const available = availablePlaces(o.capacityMaximum, o.capacityConsumed);
    const booking = ownBy.get(o.id);
    const customerBooking = booking === 'settled' || booking === 'reserved' ? booking : null;
    const customerBusy = busy.some((b) => b.occurrenceId !== o.id && b.startsAt < o.endsAt && b.endsAt > o.startsAt);
    const locations = (locsBy.get(o.id) ?? []).map((l) => ({ id: l.id, name: l.name, names: [l.name, s.venueName] }));
    const locationName = locations.map((l) => l.name).join(', ');
    return {
      id: o.id,
      duration: Math.round((o.endsAt.getTime() - o.startsAt.getTime()) / 60_000),
      interval_key: o.intervalKey,
      schedule_id: o.scheduleId,
      recurrence_id: o.recurrenceId,
      original_starts_at: o.originalStartsAt.toISOString(),
      original_ends_at: o.originalEndsAt.toISOString(),
      booking_type: o.bookingType,
      schedule_reference: s.scheduleReference,
      template_name: s.scheduleName,
      template_description: s.scheduleDescription,
      category_id: o.categoryId,
      starts_at: toZonedDateTime(o.startsAt, tz),
      ends_at: toZonedDateTime(o.endsAt, tz),
      setup_time_in_minutes: o.setupMinutes,
      teardown_time_in_minutes: o.teardownMinutes,
      status: o.status,
      capacity: { available, consumed: o.capacityConsumed, maximum: o.capacityMaximum },
      booking_strategy: s.bookingStrategy,
      ...(o.bookingType !== 'ticketed' && o.price !== null ? { price: toMoney(o.price, currency) } : {}),
      locations,
      location_name: locationName,
      friendly_location_name: o.friendlyLocationName,
      instructors: (instsBy.get(o.id) ?? []).map((i) => ({ id: i.id, name: i.name })),
      tags: s.tags,
      restrictions: null,
      clashes: [],
      allow_anonymous_bookings: o.allowAnonymousBookings,
      last_bookable_at: o.lastBookableAt?.toISOString() ?? null,
      ...(o.bookingType === 'ticketed'
        ? {
            tickets: (ticketsBy.get(o.scheduleId) ?? []).map((t) => ({
              id: t.id,
              name: t.name,
              attendees: t.attendees,
              pricing_option: { id: t.id, name: t.name, reference: t.reference },
              price: toMoney(t.price, currency),
            })),
          }
        : {}),
      can_cancel: customerBooking === 'settled' && now < o.startsAt,
      is_detached_from_recurrence: o.isDetachedFromRecurrence,
      bookable_action: bookableAction({
        status: o.status,
        startsAt: o.startsAt,
        lastBookableAt: o.lastBookableAt,
        available,
        customerBooking,
        onWaitlist: false,
        waitlistAvailable: o.waitlistMaximum,
        customerBusy,
        now,
      }),
      waitlist: o.waitlistMaximum === null ? null : { maximum: o.waitlistMaximum, available: o.waitlistMaximum, consumed: 0 },
    };
  });
}
