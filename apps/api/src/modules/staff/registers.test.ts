import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cartItems, carts, customQuestionSections, customQuestions, sessions, staffAuditLog, venues } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { dayOf, inDays, soldOutSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

const clock = new ManualClock();
let t: TestApp;
let desk: string;
let harrogate: number;
let spin: Json;

/**
 * A desk session that lasts: the register is taken once the class has started, which may be more than a day
 * after the session was made (and longer than the desk's idle timeout after the last call).
 */
async function newDesk(): Promise<string> {
  const as = await t.sessionFor(staff.email);
  await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  return as;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  desk = await newDesk();
  const [v] = await t.database.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.clientId, await t.clientId('northfield')), eq(venues.slug, 'harrogate')));
  harrogate = v?.id as number;
  spin = await soldOutSpin(t);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, as: desk });
const mark = (occurrenceId: string, booking_ids: number[], status: string) =>
  t.request({
    method: 'POST',
    url: `/api/staff/registers/${encodeURIComponent(occurrenceId)}/attendance`,
    as: desk,
    payload: { booking_ids, status },
  });

describe('staff console: registers and attendance', () => {
  it("lists a venue's sessions of a day with how many are booked, and refuses another client's venue", async () => {
    const list = dataOf(await get(`/api/staff/registers?venue_id=${harrogate}&date=${dayOf(spin)}`));
    const row = list.find((s: Json) => s.id === spin.id);
    expect(row).toMatchObject({ name: expect.any(String), booked: spin.capacity.consumed, attended: 0, absent: 0 });
    expect(list.map((s: Json) => s.starts_at)).toEqual([...list.map((s: Json) => s.starts_at)].sort());
    const [riversideVenue] = await t.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.clientId, await t.clientId('riverside')))
      .limit(1);
    expect((await get(`/api/staff/registers?venue_id=${riversideVenue?.id}`)).statusCode).toBe(404);
    expect((await get('/api/staff/registers?venue_id=abc')).statusCode).toBe(422);
  });

  it("shows each attendee's answers with the question's words and the answer's", async () => {
    const view = dataOf(await get(`/api/staff/registers/${encodeURIComponent(spin.id)}`));
    const first = view.attendees[0];
    const clientId = await t.clientId('northfield');
    const [section] = await t.database.db
      .insert(customQuestionSections)
      .values({ clientId, occurrenceId: spin.id, title: 'Health' })
      .returning({ id: customQuestionSections.id });
    const [q] = await t.database.db
      .insert(customQuestions)
      .values({
        clientId,
        sectionId: section?.id as number,
        type: 'select',
        question: 'Any medical conditions?',
        options: [
          { id: 1, value: 'Asthma' },
          { id: 2, value: 'None' },
        ],
      })
      .returning({ id: customQuestions.id });
    const [cart] = await t.database.db
      .insert(carts)
      .values({ clientId, userId: first.user.id, source: 'online', status: 'completed' })
      .returning({ id: carts.id });
    const [item] = await t.database.db
      .insert(cartItems)
      .values({
        clientId,
        cartId: cart?.id as number,
        kind: 'booking',
        purchasableType: 'purchasableOccurrence',
        purchasableId: spin.id,
        name: 'Spin',
        quantity: 1,
        unitPrice: 0,
        options: { custom_question_answers: [{ custom_question_id: q?.id, answer: 1 }] },
      })
      .returning({ id: cartItems.id });
    await t.database.db
      .update(bookings)
      .set({ cartItemId: item?.id as number })
      .where(eq(bookings.id, first.booking_id));
    const again = dataOf(await get(`/api/staff/registers/${encodeURIComponent(spin.id)}`));
    expect(again.attendees.find((a: Json) => a.booking_id === first.booking_id).answers).toEqual([
      { custom_question_id: q?.id, question: 'Any medical conditions?', answer: 1, answer_text: 'Asthma' },
    ]);
    await t.database.db.update(bookings).set({ cartItemId: null }).where(eq(bookings.id, first.booking_id));
  });

  it('shows the attendee list, refuses marking before the start, then marks one absent and the rest attended', async () => {
    const view = dataOf(await get(`/api/staff/registers/${encodeURIComponent(spin.id)}`));
    expect(view.started).toBe(false);
    expect(view.attendees).toHaveLength(spin.capacity.consumed);
    expect(view.attendees[0]).toMatchObject({ user: { first_name: 'Member' }, attended: null, source: 'online', answers: [], waivers: [] });
    const ids = view.attendees.map((a: Json) => a.booking_id);
    expect((await mark(spin.id, [ids[0]], 'absent')).statusCode).toBe(409);

    clock.set(new Date(new Date(view.session.starts_at).getTime() + 5 * 60_000));
    // The clock jumped past the desk's idle timeout: that desk was logged out, as a real one would be.
    expect((await get('/api/staff/me')).statusCode).toBe(401);
    desk = await newDesk();
    const one = await mark(spin.id, [ids[0]], 'absent');
    expect(one.statusCode).toBe(200);
    expect(dataOf(one).attendees.find((a: Json) => a.booking_id === ids[0]).attended).toBe('absent');
    const rest = dataOf(await mark(spin.id, ids.slice(1), 'attended'));
    expect(rest.session).toMatchObject({ attended: ids.length - 1, absent: 1 });
    // The same marks as the spec's booking record shows them.
    const record = dataOf(await get(`/api/v1/activities/bookings/${ids[0]}`));
    expect(record.attended).toBe('absent');

    const rows = await t.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'attendance.marked'));
    expect(rows).toHaveLength(ids.length);
    expect(rows[0]).toMatchObject({ customerUserId: view.attendees[0].user.id, details: { booking_id: ids[0], status: 'absent' } });
  });

  it('refuses a booking of another session, an unknown session, and a bad status, changing nothing', async () => {
    // Another booked session: the demo's nearly full evening spin, a weekday or two after the sold-out one.
    let other: Json;
    for (let day = 1; day <= 7 && !other; day++)
      other = dataOf(await get(`/api/staff/registers?venue_id=${harrogate}&date=${inDays(day)}`)).find(
        (s: Json) => s.id !== spin.id && s.booked > 0,
      );
    const foreign = dataOf(await get(`/api/staff/registers/${encodeURIComponent(other.id)}`)).attendees[0].booking_id;
    expect((await mark(spin.id, [foreign], 'attended')).statusCode).toBe(404);
    expect((await mark('no-such-session', [foreign], 'attended')).statusCode).toBe(404);
    expect((await mark(spin.id, [foreign], 'maybe')).statusCode).toBe(422);
    expect((await mark(spin.id, [], 'attended')).statusCode).toBe(422);
    expect(dataOf(await get(`/api/staff/registers/${encodeURIComponent(other.id)}`)).attendees[0].attended).toBeNull();
    expect((await get('/api/staff/registers/no-such-session')).statusCode).toBe(404);
  });
});
