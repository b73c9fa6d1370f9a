/** One session to put in someone's calendar. Times are instants; the calendars show them in the reader's zone. */
export interface CalendarEntry {
  title: string;
  start: Date;
  end: Date;
  location?: string | null;
  details?: string | null;
}

/**
 * Where a booking happens, as every calendar entry says it (the .ics file's LOCATION and the Google / Outlook links
 * alike): the space, the venue's name and the venue's address on one line, each part only when known.
 */
export function calendarLocation(at: { place?: string | null; venue: string; address?: string | null }): string | null {
  return [at.place, at.venue, at.address].filter((p) => p && p.trim() !== '').join(', ') || null;
}

/** 20300305T090000Z: the UTC form both calendars accept. */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "create event" page, filled in (decision 107). */
export function googleCalendarUrl(e: CalendarEntry): string {
  const q = new URLSearchParams({ action: 'TEMPLATE', text: e.title, dates: `${utcStamp(e.start)}/${utcStamp(e.end)}` });
  if (e.location) q.set('location', e.location);
  if (e.details) q.set('details', e.details);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** Outlook on the web's "new event" page, filled in. */
export function outlookCalendarUrl(e: CalendarEntry): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.title,
    startdt: e.start.toISOString(),
    enddt: e.end.toISOString(),
  });
  if (e.location) q.set('location', e.location);
  if (e.details) q.set('body', e.details);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q.toString()}`;
}
