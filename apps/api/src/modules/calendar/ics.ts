import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

dayjs.extend(utc);
dayjs.extend(timezone);

/** One booked session as a calendar event. */
export interface CalendarEvent {
  /** Stable per booking (bookingUid), so a calendar updates the event instead of adding another. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  /** The venue's name and address on one line. */
  location: string | null;
  description?: string | null;
  /** A cancelled booking stays in a feed as STATUS:CANCELLED, so calendars that had it remove it. */
  cancelled?: boolean;
}

/** The UID of a booking's event; the host part keeps clients apart. */
export const bookingUid = (clientIdentifier: string, bookingId: number) => `booking-${bookingId}@${clientIdentifier}.bookings`;

/**
 * An iCalendar file (ical-generator) with its times in the client's time zone, and that zone's VTIMEZONE block
 * (timezones-ical-library) so every calendar reads them alike across the clock changes (decision 107).
 */
export function icsOf(events: CalendarEvent[], options: { name: string; timezone: string; productName: string }): string {
  const cal = ical({ name: options.name, prodId: { company: options.productName, product: 'bookings', language: 'EN' } });
  cal.timezone({ name: options.timezone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  for (const e of events) {
    cal.createEvent({
      id: e.uid,
      start: dayjs(e.start).tz(options.timezone),
      end: dayjs(e.end).tz(options.timezone),
      timezone: options.timezone,
      summary: e.title,
      location: e.location ?? undefined,
      description: e.description ?? undefined,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // A cancellation is a change to the event: calendars apply the higher sequence.
      sequence: e.cancelled ? 1 : 0,
    });
  }
  return cal.toString();
}
