import { daySlugPattern } from './dates';
import { calendarDayMessage, isCalendarDay } from './input';
import { z } from './zod-setup';

/*
 * The date schemas of the wire, apart from the date helpers (dates.ts), so a page that only formats or compares days
 * does not load zod with them (decision 210).
 */

export const daySlug = z
  .string()
  .regex(daySlugPattern, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, calendarDayMessage);

/** The spec's date-time text: month 01-12, day 01-31, hour 00-23, minute and second 00-59. */
export const dateTimeText = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, {
    message: 'Must be a date and time as YYYY-MM-DD HH:MM:SS',
    abort: true,
  })
  .refine(isCalendarDay, calendarDayMessage);

/** A moment on the wire in every form the client reads (doc 2, occurrence starts_at/ends_at). */
export const zonedDateTime = z.object({
  utc: z.string(),
  local: z.string(),
  timezone: z.string(),
  text: z.string(),
  format_24_hour: z.string(),
});
export type ZonedDateTime = z.infer<typeof zonedDateTime>;
