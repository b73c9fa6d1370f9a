import { type BookableAction, type BookableActionKind, bookableActions, zonedInstant } from '@app/contracts';
import { endWithinDay, type FilterableSlot, isLowAvailability, type SessionTagInput } from '@app/domain';
import { showMoney, showWeekday } from '../../lib/format';
import { type WaiverToAgree, waiversToAgree } from '../../lib/restrictions';
import type { FastTicketTime } from './api/get-times';
import type { Session } from './api/get-timetable';

/**
 * What a session row shows, whichever call it came from: a timetable or slots occurrence, or a fast-ticket time.
 * `tagInput` feeds the domain rules (tag, selectability, row state); `filterable` the fast-ticket filter rule.
 */
export interface RowView {
  id: string;
  name: string;
  /** 'Mon' */
  day: string;
  /** 'YYYY-MM-DDTHH:mm' local, for <time dateTime> */
  startsLocal: string;
  /** '07:00 - 07:45' */
  timeRange: string;
  location: string;
  instructors: { id: number; name: string }[];
  tags: string[];
  price: string | null;
  /** How many are on the waitlist, when the session has one. */
  waitlist: number | null;
  /** The customer's place in the session's waitlist queue (1 = next to be offered), when they are waiting. */
  queuePosition: number | null;
  action: BookableActionKind | null;
  /** Waivers the customer must agree before the session is added (its restrictions; none known for a fast-ticket time). */
  waivers: WaiverToAgree[];
  tagInput: SessionTagInput;
  filterable: FilterableSlot;
}

const isActionKind = (value: string | null): value is BookableActionKind =>
  value !== null && (bookableActions as readonly string[]).includes(value);

function rowOf(
  base: Omit<RowView, 'tagInput' | 'filterable'>,
  ends: Date,
  now: Date,
  capacity: { available: number; maximum: number },
  message: string | null,
): RowView {
  const bookableAction: BookableAction = { action: base.action, message };
  const [start = '', end = ''] = base.timeRange.split(' - ');
  return {
    ...base,
    tagInput: {
      endsAt: ends,
      now,
      bookableAction,
      available: capacity.available,
      lowAvailability: isLowAvailability(capacity.available, capacity.maximum),
    },
    filterable: {
      startsAt: start,
      // A session running to midnight ends at 23:59 of its day for the filters (doc 1's 1439-minute cap).
      endsAt: endWithinDay(start, end),
      actionStatus: base.action,
      instructorIds: base.instructors.map((i) => i.id),
      tags: base.tags,
    },
  };
}

/** A timetable or slots occurrence; the location is its friendly name when it has one (doc 2, section 3). */
export function sessionRow(s: Session, now: Date): RowView {
  return rowOf(
    {
      id: s.id,
      name: s.templateName,
      day: showWeekday(s.startsAt.text),
      startsLocal: s.startsAt.text.replace(' ', 'T').slice(0, 16),
      timeRange: `${s.startsAt.format24Hour} - ${s.endsAt.format24Hour}`,
      location: s.friendlyLocationName ?? s.locationName,
      instructors: s.instructors,
      tags: s.tags,
      price: s.price ? showMoney(s.price) : null,
      waitlist: s.waitlist ? s.waitlist.consumed : null,
      queuePosition: s.waitlistPosition ?? null,
      action: s.bookableAction.action,
      waivers: waiversToAgree(s.restrictions),
    },
    new Date(s.endsAt.utc),
    now,
    s.capacity,
    s.bookableAction.message,
  );
}

/** A fast-ticket time of a day, read in the client's timezone to know when it has passed. */
export function timeRow(t: FastTicketTime, context: { date: string; timezone: string; name: string; now: Date }): RowView {
  const [h = 0, m = 0] = t.endsAt.split(':').map(Number);
  return rowOf(
    {
      id: t.id,
      name: context.name,
      day: showWeekday(context.date),
      startsLocal: `${context.date}T${t.startsAt}`,
      timeRange: `${t.startsAt} - ${t.endsAt}`,
      location: t.locationName,
      instructors: t.instructors,
      tags: t.tags,
      price: null,
      waitlist: null,
      queuePosition: null,
      action: isActionKind(t.actionToShow.status) ? t.actionToShow.status : null,
      waivers: [],
    },
    zonedInstant(context.date, h, m, context.timezone),
    context.now,
    t.capacity,
    t.actionToShow.message,
  );
}

/** The locations of a day's sessions, in order of first appearance, by their first (own) location. */
export function locationsOf(sessions: Session[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const s of sessions) {
    const first = s.locations[0];
    if (first && !seen.has(first.id)) seen.set(first.id, first.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}
