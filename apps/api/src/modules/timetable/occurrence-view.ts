import { type Money, type Occurrence, occurrence, type Source, toMoney, toZonedDateTime, type ZonedDateTime } from '@app/contracts';
import { availablePlaces, bookableAction, ticketTypeLabel } from '@app/domain';
import type { Ctx } from '../../http/context';
import { fastSerializerOf } from '../../http/fast-serializer';
import type { TimetableRestriction } from '../restrictions/queries';
import { unmetFor } from '../restrictions/standing';
import { named, type Reference, reference } from '../venues/reference';
import {
  type CustomerContext,
  customerContext,
  dayRowFromText,
  findCustomerDay,
  findDay,
  findOccurrences,
  type OccurrenceFilter,
  type SessionRow,
  type ViewedOccurrence,
} from './queries';
import type { SharedDay } from './shared-day';

/**
 * The places a source sees: with the split strategy, online customers and the front desk each have their own share;
 * otherwise everyone shares the whole capacity.
 */
export function capacityFor(
  o: Pick<
    ViewedOccurrence,
    'capacityStrategy' | 'capacityMaximum' | 'capacityConsumed' | 'capacityOnline' | 'capacityFoh' | 'consumedOnline' | 'consumedFoh'
  >,
  source: Source,
): { maximum: number; consumed: number } {
  if (o.capacityStrategy === 'split') {
    return source === 'foh'
      ? { maximum: o.capacityFoh ?? 0, consumed: o.consumedFoh }
      : { maximum: o.capacityOnline ?? 0, consumed: o.consumedOnline };
  }
  return { maximum: o.capacityMaximum, consumed: o.capacityConsumed };
}

/** Online unless staff ask for the front-of-house view. */
export const sourceFor = (c: Ctx, asked?: Source): Source => (c.user?.role === 'staff' && asked === 'foh' ? 'foh' : 'online');

export interface ViewOptions {
  source?: Source;
  /** Include prices (the spec: only when a customer context is given). */
  withContext?: boolean;
  /**
   * Whose bookings, waitlist places and restrictions the sessions are shown for, when not the caller's own: the
   * selected user (selected_user_id) a parent or staff member is booking for. Checked by the caller.
   */
  customerId?: number;
}

/**
 * Occurrences as the wire shows them. Visitors cost one query; a logged-in customer adds one more for what they hold
 * (bookings, waitlist places, unmet restrictions), whatever the number of sessions.
 */
export async function occurrenceViews(
  c: Ctx,
  filter: Omit<OccurrenceFilter, 'clientId'>,
  options: ViewOptions = {},
): Promise<Occurrence[]> {
  return viewsOf(c, await findOccurrences(c.db, { ...filter, clientId: c.client.id }), options);
}

/**
 * One day of a venue's activity, through a prepared day query: for a customer (or someone booked for), one statement
 * reads the day and what they hold on it, so a logged-in day is one round trip like a visitor's (decision 274).
 * With TIMETABLE_CACHE_MS on, visitors and customers booking for themselves share the day instead (decision 296).
 */
export async function dayViews(
  c: Ctx,
  f: { venueId: number; categoryIds: number[]; from: Date; to: Date },
  options: ViewOptions = {},
): Promise<Occurrence[]> {
  if (c.days.on && options.customerId === undefined && (!c.user || c.user.role === 'customer')) return sharedDayViews(c, f);
  const customerId = options.customerId ?? c.user?.id;
  if (customerId === undefined) return (await visitorDay(c, f)).views;
  const [day, ref] = await Promise.all([
    findCustomerDay(c.db, {
      ...f,
      clientId: c.client.id,
      userId: customerId,
      restrictions: restrictionsFor(c, options),
      now: c.clock.now(),
    }),
    reference(c),
  ]);
  return viewsOf(c, day.rows, options, { mine: day.mine, ref });
}

/**
 * A visitor's or a customer's own day (decision 296): the day's rows and their views without customer state are the
 * same for everyone, so they are read and built once per TIMETABLE_CACHE_MS per process (`SharedDays`); a customer
 * then reads only what they hold around those sessions (`timetable_customer`: their bookings, waitlist places and
 * restrictions, always fresh) and gets a view of their own only for the sessions that state changes.
 */
async function sharedDayViews(c: Ctx, f: { venueId: number; categoryIds: number[]; from: Date; to: Date }): Promise<Occurrence[]> {
  const key = `${c.client.id}|${f.venueId}|${f.categoryIds.join(',')}|${f.from.getTime()}|${f.to.getTime()}`;
  const day = await c.days.get(
    key,
    () => c.clock.now(),
    () => readSharedDay(c, f),
  );
  if (!c.user || day.rows.length === 0) return day.views;
  const mine = await customerContext(c.db, {
    userId: c.user.id,
    ids: day.ids,
    scheduleIds: day.scheduleIds,
    from: day.from,
    to: day.to,
    now: c.clock.now(),
  });
  if (mine.live.length === 0 && mine.waiting.size === 0 && mine.positions.size === 0 && mine.unmet.length === 0) return day.views;
  const build = viewBuilder(c, {}, mine, await reference(c));
  return day.rows.map((r, i) => (touches(mine, r.occurrence) ? build(r) : (day.views[i] as Occurrence)));
}

// The shared days' views and answers (decision 296): each is written as JSON once, however many answers carry it.
const sharedViews = new WeakSet<Occurrence>();
const sharedAnswers = new WeakSet<Occurrence[]>();
const viewJson = new WeakMap<Occurrence, string>();
const answerBytes = new WeakMap<Occurrence[], Buffer>();
let writeView: ((view: Occurrence) => string) | undefined;

function jsonOf(view: Occurrence): string {
  writeView ??= fastSerializerOf(occurrence);
  if (!sharedViews.has(view)) return writeView(view);
  let json = viewJson.get(view);
  if (json === undefined) {
    json = writeView(view);
    viewJson.set(view, json);
  }
  return json;
}

/**
 * A day's answer as the JSON fast-json-stringify writes for the route's schema (decision 117), put together from each
 * view's JSON, so a shared view is written once per shared day rather than per answer. A shared day's whole answer
 * (a visitor's, or a customer's whose state changes none of its sessions) is kept with it as bytes: nothing is
 * written or encoded again for it.
 */
export function dayAnswer({ data: views }: { data: Occurrence[] }): string | Buffer {
  if (!sharedAnswers.has(views)) return `{"data":[${views.map(jsonOf).join(',')}]}`;
  let bytes = answerBytes.get(views);
  if (bytes === undefined) {
    bytes = Buffer.from(`{"data":[${views.map(jsonOf).join(',')}]}`);
    answerBytes.set(views, bytes);
  }
  return bytes;
}

/** The customer's state changes this session's view: their booking or waitlist place, a clash, or an unmet restriction. */
function touches(mine: CustomerContext, o: ViewedOccurrence): boolean {
  return (
    mine.live.some((b) => b.occurrenceId === o.id) ||
    mine.waiting.has(o.id) ||
    mine.positions.has(o.id) ||
    isBusy(mine.live, o) ||
    (mine.unmet.length > 0 && restrictionsOf(unmetFor(mine.unmet, o.scheduleId, o.startsAt)) !== null)
  );
}

async function readSharedDay(c: Ctx, f: { venueId: number; categoryIds: number[]; from: Date; to: Date }): Promise<SharedDay> {
  const { rows, views, now } = await visitorDay(c, f);
  const first = rows[0]?.occurrence.startsAt ?? f.from;
  let to = first;
  let closesAt = Number.POSITIVE_INFINITY;
  for (const { occurrence: o } of rows) {
    if (o.endsAt > to) to = o.endsAt;
    const closes = closingOf(o);
    if (closes > now.getTime() && closes < closesAt) closesAt = closes;
  }
  sharedAnswers.add(views);
  return {
    rows,
    views,
    ids: rows.map((r) => r.occurrence.id),
    scheduleIds: [...new Set(rows.map((r) => r.occurrence.scheduleId))],
    from: first,
    to,
    builtAt: now.getTime(),
    closesAt,
  };
}

// A view's bookable action depends on the time only through this instant (bookableAction's `closesAt`).
const closingOf = (o: Pick<ViewedOccurrence, 'lastBookableAt' | 'startsAt'>) => (o.lastBookableAt ?? o.startsAt).getTime();

/** What the memo keeps of a row it has seen: the row, a visitor's view of it, and what else that view was built from. */
interface Remembered {
  row: SessionRow;
  view: Occurrence;
  ref: Reference;
  closesAt: number;
  closed: boolean;
  timezone: string;
  currency: string;
}

// Rows of visitors' days by their text (decision 307): one bound for the process, whatever the number of clients.
const remembered = new Map<string, Remembered>();
const REMEMBERED_ROWS = 5_000;

/**
 * A day as a visitor sees it, read fresh from the database on every call. A visitor's view of a session is a function
 * of the session's row (which carries its places, waitlist and everything else a view shows), the client's reference
 * data (names of spaces and instructors), zone and currency, and whether booking has closed. So a view is built once
 * per distinct row text and kept, with its JSON, while those inputs are the same: a row that changes in any way comes
 * back as a different text and gets a new view; a view built from an earlier generation of the reference data (the
 * object the client cache holds) is built again, as is a session that has closed since. The memo holds at most
 * REMEMBERED_ROWS rows in the process and starts again when full.
 */
async function visitorDay(
  c: Ctx,
  f: { venueId: number; categoryIds: number[]; from: Date; to: Date },
): Promise<{ rows: SessionRow[]; views: Occurrence[]; now: Date }> {
  const [texts, ref] = await Promise.all([findDay(c.db, { ...f, clientId: c.client.id }), reference(c)]);
  const now = c.clock.now();
  const { timezone, currency } = c.client;
  let build: ((r: SessionRow) => Occurrence) | undefined;
  const rows: SessionRow[] = [];
  const views: Occurrence[] = [];
  for (const text of texts) {
    let seen = remembered.get(text);
    if (
      !seen ||
      seen.ref !== ref ||
      seen.closed !== now.getTime() >= seen.closesAt ||
      seen.timezone !== timezone ||
      seen.currency !== currency
    ) {
      const row = dayRowFromText(text);
      build ??= viewBuilder(c, {}, null, ref, now);
      const closesAt = closingOf(row.occurrence);
      seen = { row, view: build(row), ref, closesAt, closed: now.getTime() >= closesAt, timezone, currency };
      sharedViews.add(seen.view);
      if (remembered.size >= REMEMBERED_ROWS) remembered.clear();
      remembered.set(text, seen);
    }
    rows.push(seen.row);
    views.push(seen.view);
  }
  return { rows, views, now };
}

// Restrictions are a customer's to meet; staff see none, unless they book for a selected customer.
const restrictionsFor = (c: Ctx, options: ViewOptions) => c.user?.role === 'customer' || options.customerId !== undefined;

async function viewsOf(
  c: Ctx,
  rows: SessionRow[],
  options: ViewOptions = {},
  // What the day's statement already read: the customer's state and the reference data.
  read?: { mine: CustomerContext; ref: Reference },
): Promise<Occurrence[]> {
  if (rows.length === 0) return [];
  const now = c.clock.now();
  const customerId = options.customerId ?? c.user?.id;
  const [mine, ref] = read
    ? [read.mine, read.ref]
    : await Promise.all([
        customerId !== undefined
          ? customerContext(c.db, {
              userId: customerId,
              ids: rows.map((r) => r.occurrence.id),
              scheduleIds: restrictionsFor(c, options) ? [...new Set(rows.map((r) => r.occurrence.scheduleId))] : [],
              from: (rows[0] as SessionRow).occurrence.startsAt,
              to: rows.reduce(
                (max, r) => (r.occurrence.endsAt > max ? r.occurrence.endsAt : max),
                (rows[0] as SessionRow).occurrence.startsAt,
              ),
              now,
            })
          : null,
        reference(c),
      ]);
  return rows.map(viewBuilder(c, options, mine, ref, now));
}

/**
 * Builds views of one answer's rows for a customer's state (`mine`; null for none) as of `now`. Rows of one answer
 * share most of their parts, so the builder remembers them across the rows it is given.
 */
function viewBuilder(
  c: Ctx,
  options: ViewOptions,
  mine: CustomerContext | null,
  ref: Reference,
  now: Date = c.clock.now(),
): (r: SessionRow) => Occurrence {
  const source = sourceFor(c, options.source);
  const withContext = options.withContext ?? true;
  const unmet = mine?.unmet ?? [];
  const ownBy = new Map(mine?.live.map((b) => [b.occurrenceId, b.status]) ?? []);
  const tz = c.client.timezone;
  const currency = c.client.currency;
  const staffView = c.user?.role === 'staff';
  // Rows of one answer share most of their parts (a day of courts: a few spaces, one price, one schedule), so each
  // distinct part is built once per answer and the same object written wherever it appears. Nothing mutates a view.
  const places = new Map<string, { locations: Occurrence['locations']; name: string }>();
  const people = new Map<string, Occurrence['instructors']>();
  const prices = new Map<number, Money>();
  const tickets = new Map<number, NonNullable<Occurrence['tickets']>>();
  const priceOf = (value: number) => {
    let found = prices.get(value);
    if (!found) {
      found = toMoney(value, currency);
      prices.set(value, found);
    }
    return found;
  };

  return (r: SessionRow): Occurrence => {
    const o = r.occurrence;
    const cap = capacityFor(o, source);
    const available = availablePlaces(cap.maximum, cap.consumed);
    const booking = mine ? ownBy.get(o.id) : undefined;
    const customerBooking = booking === 'settled' || booking === 'reserved' ? booking : null;
    const customerBusy = mine ? isBusy(mine.live, o) : false;
    const waitlistConsumed = r.waitlistConsumed ?? 0;
    const waitlist =
      o.waitlistMaximum === null
        ? null
        : { maximum: o.waitlistMaximum, consumed: waitlistConsumed, available: Math.max(0, o.waitlistMaximum - waitlistConsumed) };
    const placesKey = `${r.venueName}|${o.locationIds.join(',')}`;
    let place = places.get(placesKey);
    if (!place) {
      const locations = named(o.locationIds, ref.locations).map((l) => ({ ...l, names: [l.name, r.venueName] }));
      place = { locations, name: locations.map((l) => l.name).join(', ') };
      places.set(placesKey, place);
    }
    const peopleKey = o.instructorIds.join(',');
    let instructors = people.get(peopleKey);
    if (!instructors) {
      instructors = named(o.instructorIds, ref.instructors);
      people.set(peopleKey, instructors);
    }
    let ticketList: Occurrence['tickets'];
    if (r.tickets) {
      ticketList = tickets.get(o.scheduleId);
      if (!ticketList) {
        ticketList = r.tickets.map((t) => ({
          id: t.id,
          name: ticketTypeLabel(t.name, t.minAge ?? null, t.maxAge ?? null),
          attendees: t.attendees,
          pricing_option: { id: t.id, name: t.name, reference: t.reference },
          price: priceOf(t.price),
        }));
        tickets.set(o.scheduleId, ticketList);
      }
    }
    // Optional fields are left undefined rather than spread in: every view has one shape (writers skip undefined).
    const view: Occurrence = {
      id: o.id,
      duration: Math.round((o.endsAt.getTime() - o.startsAt.getTime()) / 60_000),
      interval_key: o.intervalKey,
      schedule_id: o.scheduleId,
      recurrence_id: o.recurrenceId,
      original_starts_at: o.originalStartsAt.toISOString(),
      original_ends_at: o.originalEndsAt.toISOString(),
      booking_type: o.bookingType,
      schedule_reference: r.scheduleReference,
      template_name: r.scheduleName,
      template_description: r.scheduleDescription,
      category_id: o.categoryId,
      starts_at: zoned(o.startsAt, tz),
      ends_at: zoned(o.endsAt, tz),
      setup_time_in_minutes: o.setupMinutes,
      teardown_time_in_minutes: o.teardownMinutes,
      status: o.status,
      capacity: { available, consumed: cap.consumed, maximum: cap.maximum },
      booking_strategy: r.bookingStrategy,
      price: withContext && o.bookingType !== 'ticketed' && o.price !== null ? priceOf(o.price) : undefined,
      locations: place.locations,
      location_name: place.name,
      friendly_location_name: o.friendlyLocationName,
      instructors,
      tags: r.tags,
      restrictions: unmet.length > 0 ? restrictionsOf(unmetFor(unmet, o.scheduleId, o.startsAt)) : null,
      clashes: o.clashes as Occurrence['clashes'],
      allow_anonymous_bookings: o.allowAnonymousBookings,
      last_bookable_at: o.lastBookableAt?.toISOString() ?? null,
      tickets: ticketList,
      block_booking_information: staffView ? null : undefined,
      can_cancel: customerBooking === 'settled' && now < o.startsAt,
      is_detached_from_recurrence: o.isDetachedFromRecurrence,
      bookable_action: bookableAction({
        status: o.deletedAt ? 'cancelled' : o.status === 'cancelled' ? 'cancelled' : 'bookable',
        startsAt: o.startsAt,
        lastBookableAt: o.lastBookableAt,
        available,
        customerBooking,
        onWaitlist: mine?.waiting.has(o.id) ?? false,
        waitlistAvailable: waitlist?.available ?? null,
        customerBusy,
        now,
      }),
      waitlist,
      waitlist_position: mine?.positions.get(o.id) ?? null,
    };
    return view;
  };
}

/** The customer holds another live booking that overlaps the session. */
function isBusy(live: CustomerContext['live'], o: Pick<ViewedOccurrence, 'id' | 'startsAt' | 'endsAt'>): boolean {
  for (const b of live) if (b.occurrenceId !== o.id && b.startsAt < o.endsAt && b.endsAt > o.startsAt) return true;
  return false;
}

const refOf = (r: TimetableRestriction) => ({
  id: r.id,
  name: r.name,
  type: r.type,
  criteria: r.criteria,
  related_category: r.relatedCategory,
});

/** A session's unmet pre-purchase waivers and induction, as the wire shows them; null when none is unmet. */
function restrictionsOf(open: TimetableRestriction[]): Occurrence['restrictions'] {
  const waivers = open.filter((u) => u.type === 'pre-purchase-waiver' || u.type === 'enhanced-pre-waiver').map(refOf);
  const waiver = waivers[0] ?? null;
  const inductionRow = open.find((u) => u.type === 'pre-purchase-induction');
  const induction = inductionRow ? refOf(inductionRow) : null;
  return waiver || induction ? { pre_purchase_waiver: waiver, pre_purchase_induction: induction, pre_purchase_waivers: waivers } : null;
}

// Instants as the wire shows them, per zone: a day of courts has a few distinct times (one court's end is the next
// slot's start) and the next request asks for the same day, so each is built once per process (a bounded map).
const zonedTimes = new Map<string, Map<number, ZonedDateTime>>();
function zoned(at: Date, tz: string): ZonedDateTime {
  let zone = zonedTimes.get(tz);
  if (!zone) {
    zone = new Map();
    zonedTimes.set(tz, zone);
  }
  const ms = at.getTime();
  let found = zone.get(ms);
  if (!found) {
    found = toZonedDateTime(at, tz);
    if (zone.size >= 20_000) zone.clear();
    zone.set(ms, found);
  }
  return found;
}
