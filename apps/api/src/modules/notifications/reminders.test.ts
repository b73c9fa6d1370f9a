import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, jobs, occurrences, outboxEmails } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { customersAAndB, demo, payForSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

const clock = new ManualClock();
let t: TestApp;
let bookingId: number;
let startsAt: Date;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { REMINDER_HOURS: '24', REMINDER_SCAN_SECONDS: '300' } });
  const { a } = await customersAAndB(t);
  const order = await payForSpin(t, a);
  bookingId = order.line_items[0].booking.id;
  const [row] = await t.database.db
    .select({ startsAt: occurrences.startsAt })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(eq(bookings.id, bookingId));
  startsAt = row!.startsAt;
  // Booked a week before, so the reminder window opens after the booking.
  await t.database.db
    .update(bookings)
    .set({ createdAt: new Date(startsAt.getTime() - 7 * 86_400_000) })
    .where(eq(bookings.id, bookingId));
});
afterAll(() => t.close());

const run = () => runDueJobs(t.app.deps, clock.now(), { definitions: appJobs, periodic: periodicJobs(t.app.deps.config) });
const reminders = async () =>
  (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'reminder'))).filter(
    (m) => m.dedupeKey === `reminder:booking:${bookingId}`,
  );

describe('the reminder the day before', () => {
  it('is not sent before the window, then once, 24 hours before, whatever the scans', async () => {
    clock.set(new Date(startsAt.getTime() - 25 * 3_600_000));
    await run();
    expect(await reminders()).toEqual([]);
    clock.set(new Date(startsAt.getTime() - 23.9 * 3_600_000));
    await run();
    clock.advance(300_000);
    await run();
    await run();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(demo.email);
    expect(sent[0]!.subject).toMatch(/^Reminder: /);
    expect(sent[0]!.text).toContain('This is a reminder of your booking');
  });

  it('is not sent once the operator switches reminders off (staff only)', async () => {
    await t.database.db.delete(outboxEmails).where(eq(outboxEmails.dedupeKey, `reminder:booking:${bookingId}`));
    await t.database.db.delete(jobs).where(eq(jobs.name, 'email.send'));
    const url = '/api/client/after-booking-settings';
    const off = { email_reminders_enabled: false };
    const staffAs = await t.sessionFor(staff.email);
    expect(dataOf(await t.request({ method: 'GET', url, as: staffAs }))).toEqual({
      email_reminders_enabled: true,
      waitlist_offer_minutes: 120,
    });
    // Customers and visitors cannot; a bad value is a 422, not a 500.
    expect((await t.request({ method: 'PATCH', url, as: await t.sessionFor(demo.email), payload: off })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, payload: off })).statusCode).toBe(401);
    expect((await t.request({ method: 'PATCH', url, as: staffAs, payload: { waitlist_offer_minutes: 0 } })).statusCode).toBe(422);
    const switched = await t.request({ method: 'PATCH', url, as: staffAs, payload: off });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(dataOf(switched)).toEqual({ email_reminders_enabled: false, waitlist_offer_minutes: 120 });
    clock.advance(300_000);
    await run();
    expect(await reminders()).toEqual([]);
    // Staff of another client changed nothing here, and switching back on sends it at the next scan.
    const riverside = await t.sessionFor(staff.email, 'riverside');
    const [before] = await t.database.db.select().from(clients).where(eq(clients.identifier, 'riverside'));
    await t.request({
      method: 'PATCH',
      url,
      as: riverside,
      headers: { 'client-domain-identifier': 'riverside' },
      payload: { waitlist_offer_minutes: 30 },
    });
    const [north] = await t.database.db.select().from(clients).where(eq(clients.identifier, 'northfield'));
    expect(north?.waitlistOfferMinutes).toBe(120);
    await t.database.db
      .update(clients)
      .set({ waitlistOfferMinutes: before!.waitlistOfferMinutes })
      .where(eq(clients.identifier, 'riverside'));
    await t.request({ method: 'PATCH', url, as: staffAs, payload: { email_reminders_enabled: true } });
    clock.advance(300_000);
    await run();
    expect(await reminders()).toHaveLength(1);
  });

  it('is not sent for a session staff deleted whose bookings are not cancelled yet (their jobs retry meanwhile)', async () => {
    await t.database.db.delete(outboxEmails).where(eq(outboxEmails.dedupeKey, `reminder:booking:${bookingId}`));
    await t.database.db.delete(jobs).where(eq(jobs.name, 'email.send'));
    // The session is deleted (its row stays, status untouched); the booking's own cancellation has not run yet.
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await t.database.db
      .update(occurrences)
      .set({ deletedAt: clock.now(), deletionReason: 'staff_availability' })
      .where(eq(occurrences.id, b!.occurrenceId));
    expect(b?.status).toBe('settled');
    clock.advance(300_000);
    await run();
    expect(await reminders()).toEqual([]);
  });
});
