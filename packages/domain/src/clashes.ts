import { localParts } from '@app/contracts';

/** Document 2's clash types. A session that has any is 'clashing'. */
export type ClashType = 'instructors' | 'locations' | 'opening_times' | 'closure';

export interface Named {
  id: number;
  name: string;
}

export interface ClashCandidate {
  id: string;
  startsAt: Date;
  endsAt: Date;
  /** Minutes the space is needed before and after the session (setup and teardown). */
  setupMinutes: number;
  teardownMinutes: number;
  recurrenceId: number | null;
  instructors: Named[];
  locations: Named[];
  /** 'overlapping' sessions may share a location (a lane swim beside a class); 'sequential' may not. */
  bookingStrategy: 'sequential' | 'overlapping';
}

export interface OpeningTime {
  /** 'Monday' ... 'Sunday' */
  day: string;
  opens: string;
  closes: string;
}

export interface Closure {
  id: number;
  locationIds: number[];
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

export interface Clash {
  type: ClashType;
  message: string;
  starts_at?: string;
  ends_at?: string;
  recurrence_id?: number | null;
  instructors?: Named[];
  locations?: Named[];
  closure_id?: number;
  location_ids?: number[];
}

const MINUTE = 60_000;
const occupied = (s: ClashCandidate) => ({
  from: s.startsAt.getTime() - s.setupMinutes * MINUTE,
  to: s.endsAt.getTime() + s.teardownMinutes * MINUTE,
});
const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;
const names = (xs: Named[]) => xs.map((x) => x.name).join(', ');

/** Local weekday name and minutes since midnight of an instant in a timezone. */
function localTime(at: Date, tz: string): { day: string; minutes: number } {
  const p = localParts(at, tz);
  return { day: p.weekday, minutes: p.hour * 60 + p.minute };
}
const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The clashes of one session against the others at its venue, the venue's opening times and its closures.
 * Instructors cannot be in two places; a location cannot hold two sequential sessions (setup and teardown count);
 * a session must sit inside the venue's opening hours on its day; a closure of any of its locations blocks it.
 * An empty opening-times list means the venue publishes none, so nothing is checked against it.
 */
export function detectClashes(
  target: ClashCandidate,
  others: ClashCandidate[],
  openingTimes: OpeningTime[],
  closures: Closure[],
  tz: string,
): Clash[] {
  const clashes: Clash[] = [];
  const span = occupied(target);
  for (const other of others) {
    if (other.id === target.id || !overlaps(span, occupied(other))) continue;
    const sharedInstructors = target.instructors.filter((i) => other.instructors.some((o) => o.id === i.id));
    if (sharedInstructors.length > 0) {
      clashes.push({
        type: 'instructors',
        message: `${names(sharedInstructors)} ${sharedInstructors.length > 1 ? 'are' : 'is'} already teaching at this time`,
        starts_at: other.startsAt.toISOString(),
        ends_at: other.endsAt.toISOString(),
        recurrence_id: other.recurrenceId,
        instructors: sharedInstructors,
      });
    }
    const bothSequential = target.bookingStrategy === 'sequential' || other.bookingStrategy === 'sequential';
    const sharedLocations = target.locations.filter((l) => other.locations.some((o) => o.id === l.id));
    if (bothSequential && sharedLocations.length > 0) {
      clashes.push({
        type: 'locations',
        message: `${names(sharedLocations)} ${sharedLocations.length > 1 ? 'are' : 'is'} already in use at this time`,
        starts_at: other.startsAt.toISOString(),
        ends_at: other.endsAt.toISOString(),
        recurrence_id: other.recurrenceId,
        locations: sharedLocations,
      });
    }
  }
  if (openingTimes.length > 0) {
    const start = localTime(new Date(span.from), tz);
    const end = localTime(new Date(span.to), tz);
    const open = openingTimes.find((o) => o.day === start.day);
    const endMinutes = end.day === start.day ? end.minutes : 24 * 60;
    if (!open || start.minutes < toMinutes(open.opens) || endMinutes > toMinutes(open.closes)) {
      clashes.push({ type: 'opening_times', message: 'The venue is closed at this time' });
    }
  }
  for (const closure of closures) {
    const closed = target.locations.filter((l) => closure.locationIds.includes(l.id));
    if (closed.length === 0 || !overlaps(span, { from: closure.startsAt.getTime(), to: closure.endsAt.getTime() })) continue;
    clashes.push({
      type: 'closure',
      message: `${names(closed)} ${closed.length > 1 ? 'are' : 'is'} closed: ${closure.reason}`,
      closure_id: closure.id,
      location_ids: closed.map((l) => l.id),
    });
  }
  return clashes;
}
