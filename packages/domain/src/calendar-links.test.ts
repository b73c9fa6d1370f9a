import { describe, expect, it } from 'vitest';
import { calendarLocation, googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const entry = {
  title: 'Spin & Core',
  start: new Date('2030-07-05T09:00:00Z'),
  end: new Date('2030-07-05T09:45:00Z'),
  location: 'Northfield Leisure Centre, 1 High Street, NF1 1AA',
};

describe('add to calendar links', () => {
  it('fills in Google Calendar with UTC times, the title and the place, encoded', () => {
    const url = new URL(googleCalendarUrl(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Spin & Core');
    expect(url.searchParams.get('dates')).toBe('20300705T090000Z/20300705T094500Z');
    expect(url.searchParams.get('location')).toBe(entry.location);
  });

  it('fills in Outlook with ISO times', () => {
    const url = new URL(outlookCalendarUrl(entry));
    expect(url.hostname).toBe('outlook.live.com');
    expect(url.searchParams.get('subject')).toBe('Spin & Core');
    expect(url.searchParams.get('startdt')).toBe('2030-07-05T09:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2030-07-05T09:45:00.000Z');
    expect(url.searchParams.get('location')).toBe(entry.location);
  });
});

describe('where the session is', () => {
  it('is the space, the venue and its address, as the .ics says it, leaving out what is not known', () => {
    expect(calendarLocation({ place: 'Studio 2', venue: 'Harrogate', address: '1 High Street, Harrogate, HG1 1AA' })).toBe(
      'Studio 2, Harrogate, 1 High Street, Harrogate, HG1 1AA',
    );
    expect(calendarLocation({ place: null, venue: 'Harrogate', address: '1 High Street' })).toBe('Harrogate, 1 High Street');
    expect(calendarLocation({ place: ' ', venue: 'Harrogate', address: null })).toBe('Harrogate');
    expect(calendarLocation({ venue: '' })).toBeNull();
  });

  it('reaches both links with the address', () => {
    const location = calendarLocation({ venue: 'Harrogate', address: '1 High Street, HG1 1AA' });
    const google = new URL(googleCalendarUrl({ ...entry, location }));
    const outlook = new URL(outlookCalendarUrl({ ...entry, location }));
    expect(google.searchParams.get('location')).toBe('Harrogate, 1 High Street, HG1 1AA');
    expect(outlook.searchParams.get('location')).toBe('Harrogate, 1 High Street, HG1 1AA');
  });
});
