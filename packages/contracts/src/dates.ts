import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ZonedDateTime } from './date-schemas';
import { isCalendarDay } from './input';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs format tokens the spec names. */
export const dateFormats = {
  /** the wire's date-time text form, 'YYYY-MM-DD HH:MM:SS' */
  text: 'YYYY-MM-DD HH:mm:ss',
  /** a day in a URL or a query: '2026-11-22' */
  daySlug: 'YYYY-MM-DD',
  /** session detail: 'Sun, 22 Nov 2026' */
  sessionDay: 'ddd, D MMM YYYY',
  /** date inputs and displays, en-gb */
  display: 'DD-MM-YYYY',
  time24: 'HH:mm',
  time12: 'h:mma',
} as const;

/** A day as the wire and the addresses write it: '2026-11-22', a real calendar day (daySlug's rule, without zod). */
export const daySlugPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isDaySlug = (text: string): boolean => daySlugPattern.test(text) && isCalendarDay(text);

const formatters = new Map<string, Intl.DateTimeFormat>();

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 'Monday' ... 'Sunday' */
  weekday: string;
  /** Minutes east of UTC. */
  offset: number;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOUR = 3_600_000;
const offsets = new Map<string, number>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/**
 * A zone's offset from UTC (minutes) at an instant. Zones change offset only on hour boundaries, so it is computed
 * with Intl once per zone and UTC hour and then remembered: a timetable of 140 rows pays for one or two lookups.
 */
function offsetAt(at: Date, tz: string): number {
  const key = `${tz}|${Math.floor(at.getTime() / HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p: Record<string, string> = {};
  const start = new Date(Math.floor(at.getTime() / HOUR) * HOUR);
  for (const part of formatterFor(tz).formatToParts(start)) p[part.type] = part.value;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const offset = Math.round((wall - start.getTime()) / 60_000);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The wall-clock parts of an instant in a timezone, and the zone's offset then. */
export function localParts(at: Date, tz: string): LocalParts {
  const offset = offsetAt(at, tz);
  const wall = new Date(at.getTime() + offset * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: weekdays[wall.getUTCDay()] as string,
    offset,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

export function toZonedDateTime(at: Date, tz: string): ZonedDateTime {
  const l = localParts(at, tz);
  const date = `${l.year}-${two(l.month)}-${two(l.day)}`;
  const time = `${two(l.hour)}:${two(l.minute)}:${two(l.second)}`;
  const sign = l.offset < 0 ? '-' : '+';
  const abs = Math.abs(l.offset);
  return {
    utc: at.toISOString(),
    local: `${date}T${time}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`,
    timezone: tz,
    text: `${date} ${time}`,
    format_24_hour: `${two(l.hour)}:${two(l.minute)}`,
  };
}

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant's day in a timezone as dateFormats.sessionDay writes it ('Sun, 22 Nov 2026'), without dayjs's timezone
 * plugin, which costs a locale formatting per call (the basket wrote three per line, decision 270).
 */
export function sessionDayText(at: Date, tz: string): string {
  const l = localParts(at, tz);
  return `${l.weekday.slice(0, 3)}, ${l.day} ${shortMonths[l.month - 1]} ${String(l.year).padStart(4, '0')}`;
}

/** The instant a local wall-clock time ('YYYY-MM-DD', hours, minutes) happens in a timezone. */
export function zonedInstant(day: string, hour: number, minute: number, tz: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offset at the wall time read as UTC is right except within an hour of a change; asking again settles it.
  const first = offsetAt(new Date(wall), tz);
  const second = offsetAt(new Date(wall - first * 60_000), tz);
  return new Date(wall - second * 60_000);
}

/** The UTC instants that bound a calendar day in a timezone, for "what is on this day" queries. */
export function dayBounds(day: string, tz: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: zonedInstant(day, 0, 0, tz), end: zonedInstant(next, 0, 0, tz) };
}

/** Today's date slug in a timezone. */
export function todayIn(tz: string, now: Date = new Date()): string {
  const l = localParts(now, tz);
  return `${l.year}-${two(l.month)}-${two(l.day)}`;
}

export { dayjs };
