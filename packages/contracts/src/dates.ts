import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from './zod-setup';

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

export const daySlug = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Must be a date as YYYY-MM-DD');

/** The spec's date-time text: month 01-12, day 01-31, hour 00-23, minute and second 00-59. */
export const dateTimeText = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Must be a date and time as YYYY-MM-DD HH:MM:SS');

/** A moment on the wire in every form the client reads (doc 2, occurrence starts_at/ends_at). */
export const zonedDateTime = z.object({
  utc: z.string(),
  local: z.string(),
  timezone: z.string(),
  text: z.string(),
  format_24_hour: z.string(),
});
export type ZonedDateTime = z.infer<typeof zonedDateTime>;

export function toZonedDateTime(at: Date, tz: string): ZonedDateTime {
  const local = dayjs(at).tz(tz);
  return {
    utc: at.toISOString(),
    local: local.format('YYYY-MM-DDTHH:mm:ssZ'),
    timezone: tz,
    text: local.format(dateFormats.text),
    format_24_hour: local.format(dateFormats.time24),
  };
}

/** The UTC instants that bound a calendar day in a timezone, for "what is on this day" queries. */
export function dayBounds(day: string, tz: string): { start: Date; end: Date } {
  const start = dayjs.tz(day, tz).startOf('day');
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/** Today's date slug in a timezone. */
export const todayIn = (tz: string, now: Date = new Date()): string => dayjs(now).tz(tz).format(dateFormats.daySlug);

export { dayjs };
