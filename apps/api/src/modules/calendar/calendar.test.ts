import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { appJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { customersAAndB, payForSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let a: string;
let b: string;
let aId: number;
let order: Json;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, aId } = await customersAAndB(t));
  order = await payForSpin(t, a);
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, ...(as ? { as } : {}) });
const eventsOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('a booking in a calendar', () => {
  it('downloads as an .ics in the client time zone, with the venue and its address, and a UID stable per booking', async () => {
    const line = order.line_items[0];
    const res = await get(`/api/my-account/bookings/${line.booking.id}/calendar.ics`, a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="booking-${line.booking.id}.ics"`);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/London');
    const [event] = eventsOf(res.body);
    expect(event!.uid).toBe(`booking-${line.booking.id}@northfield.bookings`);
    expect(event!.summary).toBe(line.name);
    expect(event!.startDate.zone?.tzid).toBe('Europe/London');
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(line.booking.starts_at.utc).toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(new Date(line.booking.ends_at.utc).toISOString());
    // Wall-clock time in London, as the app shows it.
    expect(event!.startDate.toString().slice(11, 16)).toBe(line.booking.starts_at.format_24_hour);
    expect(event!.location).toContain(line.booking.venue_name);
    expect(event!.location).toMatch(/\d/);
    // The order and My account carry the venue's address, so the Google and Outlook links say what the .ics says.
    expect(line.booking.venue_address).toMatch(/\d/);
    expect(event!.location.endsWith(line.booking.venue_address)).toBe(true);
    const mine = dataOf(await get('/api/my-account/bookings?when=upcoming', a)).find((x: Json) => x.id === line.booking.id);
    expect(mine.venue.address).toBe(line.booking.venue_address);
    const again = await get(`/api/my-account/bookings/${line.booking.id}/calendar.ics`, a);
    expect(eventsOf(again.body)[0]!.uid).toBe(event!.uid);
  });

  it('refuses another customer the booking', async () => {
    expect((await get(`/api/my-account/bookings/${order.line_items[0].booking.id}/calendar.ics`, b)).statusCode).toBe(404);
  });
});

describe('the private calendar feed', () => {
  it('lists upcoming bookings at a secret URL, which a reset replaces, and marks a cancelled booking cancelled', async () => {
    expect(dataOf(await get('/api/my-account/calendar-feed', a))).toEqual({ active: false, created_at: null });
    const first = await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as: a });
    expect(first.statusCode).toBe(201);
    const oldPath = new URL(dataOf(first).url).pathname;
    expect(oldPath).toMatch(/^\/api\/calendar-feeds\/[\w-]{40,}\.ics$/);
    expect(dataOf(await get('/api/my-account/calendar-feed', a)).active).toBe(true);

    const feed = await get(oldPath);
    expect(feed.statusCode).toBe(200);
    const bookingId = order.line_items[0].booking.id;
    const mine = eventsOf(feed.body).find((e) => e.uid === `booking-${bookingId}@northfield.bookings`);
    expect(mine?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const reset = dataOf(await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as: a }));
    const newPath = new URL(reset.url).pathname;
    expect(newPath).not.toBe(oldPath);
    expect((await get(oldPath)).statusCode).toBe(404);
    expect((await get(newPath)).statusCode).toBe(200);
    expect((await get('/api/calendar-feeds/not-a-secret.ics')).statusCode).toBe(404);

    const cancelled = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${bookingId}?source=bookings`, as: a });
    expect(cancelled.statusCode).toBe(200);
    const after = eventsOf((await get(newPath)).body).find((e) => e.uid === `booking-${bookingId}@northfield.bookings`);
    expect(after?.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    expect((await t.request({ method: 'DELETE', url: '/api/my-account/calendar-feed', as: a })).statusCode).toBe(200);
    expect((await get(newPath)).statusCode).toBe(404);
  });
});

describe('bookings never paid', () => {
  it('are in no calendar: not in the feed, and no .ics, while a paid-then-cancelled one is in the feed as CANCELLED', async () => {
    const [paid] = await t.database.db.select().from(bookings).where(eq(bookings.id, order.line_items[0].booking.id));
    // Places that were only ever held: an expired basket hold, a line taken out, a waitlist left, a payment too late.
    const neverPaid = await t.database.db
      .insert(bookings)
      .values(
        (['hold_expired', 'basket', 'waitlist_left', 'late_payment'] as const).map((source) => ({
          clientId: paid!.clientId,
          userId: aId,
          occurrenceId: paid!.occurrenceId,
          status: 'cancelled' as const,
          capacityConsumed: 1,
          price: 650,
          cancellationSource: source,
          cancelledAt: new Date(),
        })),
      )
      .returning({ id: bookings.id });
    const path = new URL(dataOf(await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as: a })).url).pathname;
    const uids = eventsOf((await get(path)).body).map((e) => e.uid);
    for (const { id } of neverPaid) {
      expect(uids).not.toContain(`booking-${id}@northfield.bookings`);
      expect((await get(`/api/my-account/bookings/${id}/calendar.ics`, a)).statusCode).toBe(404);
    }
    // The first order's booking was paid, then cancelled (the feed test above): still there, as CANCELLED.
    expect(paid?.status).toBe('cancelled');
    const cancelled = eventsOf((await get(path)).body).find((e) => e.uid === `booking-${paid!.id}@northfield.bookings`);
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect((await get(`/api/my-account/bookings/${paid!.id}/calendar.ics`, a)).statusCode).toBe(200);
  });
});

describe('a family in one feed', () => {
  it("holds the bookings of the people the owner books for, titled with their name, and in nobody else's feed", async () => {
    const [sam] = dataOf(await get('/api/my-account/linked-users', a)).filter(
      (l: Json) => l.status === 'successful' && l.direction === 'owner',
    );
    const samId = sam.referenced_user.id;
    const forSam = await payForSpin(t, a, samId);
    const line = forSam.line_items[0];
    const feedOf = async (as: string) =>
      eventsOf(
        (await get(new URL(dataOf(await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as })).url).pathname)).body,
      );
    const event = (await feedOf(a)).find((e) => e.uid === `booking-${line.booking.id}@northfield.bookings`);
    expect(event?.summary).toMatch(new RegExp(`^${line.name} \\(\\w+\\)$`));
    expect((await feedOf(b)).map((e) => e.uid)).not.toContain(`booking-${line.booking.id}@northfield.bookings`);
  });
});

describe('the order emails', () => {
  it('queues the confirmation (with the .ics) and the receipt with the order, sent by the worker once', async () => {
    const clean = await payForSpin(t, b);
    await runDueJobs(t.app.deps, new Date(), { definitions: appJobs });
    await runDueJobs(t.app.deps, new Date(), { definitions: appJobs });
    const outbox = dataOf(await get('/api/dev/outbox')).filter(
      (m: Json) => m.subject.includes(`order ${clean.id}`) || m.text.includes(`order number is ${clean.id}`),
    );
    expect(outbox.map((m: Json) => m.kind).sort()).toEqual(['booking_confirmation', 'order_receipt']);
    const confirmation = outbox.find((m: Json) => m.kind === 'booking_confirmation');
    expect(confirmation.html).toContain(clean.line_items[0].name);
    expect(confirmation.text).toContain(clean.line_items[0].name);
    expect(confirmation.attachments).toHaveLength(1);
    const [event] = eventsOf(confirmation.attachments[0].content);
    expect(event!.uid).toBe(`booking-${clean.line_items[0].booking.id}@northfield.bookings`);
    const receipt = outbox.find((m: Json) => m.kind === 'order_receipt');
    expect(receipt.text).toContain(`Total: ${clean.total.formatted}`);
  });
});
