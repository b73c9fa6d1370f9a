import { dateFormats, dayjs } from '@app/contracts';

const slug = (d: dayjs.Dayjs) => d.format(dateFormats.daySlug);

/**
 * The seven days a week strip shows for a day: counted in sevens from today (today to today + 6, then the next
 * seven...), so the strip a customer first sees always starts with today; a day before today shows the first seven.
 */
export function stripDays(date: string, today: string): string[] {
  const offset = Math.max(0, dayjs(date).diff(dayjs(today), 'day'));
  const start = dayjs(today).add(Math.floor(offset / 7) * 7, 'day');
  return Array.from({ length: 7 }, (_, i) => slug(start.add(i, 'day')));
}

/** The first marked day on or after `from`, or null. `marked` holds 'YYYY-MM-DD' slugs. */
export function firstMarkedFrom(marked: ReadonlySet<string>, from: string): string | null {
  let best: string | null = null;
  for (const day of marked) if (day >= from && (best === null || day < best)) best = day;
  return best;
}

/**
 * How many days ahead sessions are open for booking, read from the data: the furthest day that has sessions, counted
 * with today as the first (decision 092). Null when nothing is marked, or when the furthest day is the edge of what
 * the dates call looked at (then there is no horizon to state).
 */
export function bookingHorizon(marked: ReadonlySet<string>, today: string, looked: number): number | null {
  let last: string | null = null;
  for (const day of marked) if (last === null || day > last) last = day;
  if (last === null) return null;
  const days = dayjs(last).diff(dayjs(today), 'day') + 1;
  return days >= looked ? null : days;
}
