/**
 * A time of day given in minutes after midnight, as 24-hour ('18:30') or 12-hour ('6:30pm', dayjs's 'h:mma')
 * text. Doc 1, section 9: the value is capped at 1439 minutes (23:59), and never goes below midnight.
 */
export const LAST_MINUTE_OF_DAY = 1439;

export type ClockFormat = '12h' | '24h';

export function formatMinutesOfDay(minutes: number, clock: ClockFormat = '24h'): string {
  const m = Number.isFinite(minutes) ? Math.min(LAST_MINUTE_OF_DAY, Math.max(0, Math.floor(minutes))) : 0;
  const hour = Math.floor(m / 60);
  const minute = String(m % 60).padStart(2, '0');
  if (clock === '24h') return `${String(hour).padStart(2, '0')}:${minute}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute}${hour < 12 ? 'am' : 'pm'}`;
}

/** Minutes after midnight of a 'HH:mm' time, or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * A session's end time within the day it starts on, for the timetable's time filters (doc 2: start and end time):
 * its 'HH:mm' end, except that a session running to or past midnight (its end not after its start, '23:00 - 00:00')
 * ends at the day's last minute, 1440 minutes and more capped at 1439 ('23:59'), rather than at '00:00', which
 * would read as the earliest end of the day and slip through an 'ends by' filter.
 */
export function endWithinDay(start: string, end: string): string {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  if (from === null || to === null) return end;
  return formatMinutesOfDay(to <= from ? to + 24 * 60 : to);
}
