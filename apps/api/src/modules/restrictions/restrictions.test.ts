import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, restrictions, scheduleRestrictions, waiverAgreements } from '../../db/schema';
import { newCustomers, northfieldShop } from '../../test/checkout-flow';
import { customersAAndB, inDays, sessionsOf, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, payBasket, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let a: string;
let b: string;
let aId: number;
let samId: number;
let staffAs: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, aId } = await customersAAndB(t));
  staffAs = await t.sessionFor(staff.email);
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: a }))[0].referenced_user.id;
});
afterAll(() => t.close());

const add = (as: string, items: Json[]) => t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items } });
const clear = (as: string) => t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
const courseItem = (course: Json, extra: Json = {}) => ({
  id: course.id,
  type: 'course',
  custom_question_answers: answersFor(course),
  ...extra,
});

describe('a pre-purchase waiver', () => {
  let course: Json;
  let waiverId: number;

  it('is shown on the sessions of a customer who has not agreed it, never to a visitor', async () => {
    expect((await programmeAt(t, 'courses')).occurrences[0].restrictions).toBeNull();
    course = await programmeAt(t, 'courses', b);
    expect(course.occurrences[0].restrictions.pre_purchase_waiver).toMatchObject({
      name: 'Swimming lessons safety waiver',
      type: 'pre-purchase-waiver',
    });
    waiverId = course.occurrences[0].restrictions.pre_purchase_waiver.id;
    const terms = dataOf(await t.request({ method: 'GET', url: `/api/v1/activities/restrictions/${waiverId}` }));
    expect(terms).toMatchObject({ terms_version: 1, valid_for_days: 365, terms: expect.stringContaining('<p>') });
  });

  it('refuses the add until agreed, then keeps the agreement for the next booking', async () => {
    const refused = await add(b, [courseItem(course)]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'items.0.activity_restriction_ids': ['Please agree to Swimming lessons safety waiver before booking.'],
    });
    const agreed = await add(b, [courseItem(course, { activity_restriction_ids: [waiverId] })]);
    expect(agreed.statusCode).toBe(200);
    // Agreed once for this person: the other venues' courses no longer ask.
    const ripon = dataOf(await t.request({ method: 'GET', url: '/api/v1/activities/courses?venue_slugs=ripon', as: b }))[0];
    expect(ripon.occurrences[0].restrictions).toBeNull();
    expect((await add(b, [courseItem(ripon)])).statusCode).toBe(200);
    await clear(b);
  });

  it('is asked again when the operator changes the terms, and not when they save the same terms', async () => {
    const before = dataOf(await t.request({ method: 'GET', url: `/api/v1/activities/restrictions/${waiverId}` }));
    const same = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/restrictions/${waiverId}`,
      as: staffAs,
      payload: { terms: before.terms },
    });
    expect(dataOf(same).terms_version).toBe(1);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/restrictions/${waiverId}`,
      as: staffAs,
      payload: { terms: '<p>New terms.</p><script>alert(1)</script><img src=x onerror=alert(1)>' },
    });
    expect(dataOf(changed)).toMatchObject({ terms_version: 2 });
    expect(dataOf(changed).terms).not.toMatch(/script|onerror/);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/v1/activities/restrictions/${waiverId}`, as: b, payload: { terms: 'x' } })).statusCode,
    ).toBe(403);
    const again = await programmeAt(t, 'courses', b);
    expect(again.occurrences[0].restrictions.pre_purchase_waiver.id).toBe(waiverId);
    expect((await add(b, [courseItem(again)])).statusCode).toBe(422);
    const ok = await add(b, [courseItem(again, { activity_restriction_ids: [waiverId] })]);
    expect(dataOf(ok).items[0]).toBeDefined();
    const [latest] = await t.database.db
      .select()
      .from(waiverAgreements)
      .where(eq(waiverAgreements.restrictionId, waiverId))
      .orderBy(sql`${waiverAgreements.id} DESC`)
      .limit(1);
    expect(latest).toMatchObject({ termsVersion: 2, agreedByUserId: expect.any(Number) });
    await clear(b);
  });

  it('expires after the period the operator sets', async () => {
    await t.request({ method: 'PATCH', url: `/api/v1/activities/restrictions/${waiverId}`, as: staffAs, payload: { valid_for_days: 30 } });
    const course2 = await programmeAt(t, 'courses', a);
    const ok = await add(a, [courseItem(course2, { activity_restriction_ids: waiverIdsOf(course2) })]);
    expect(ok.statusCode).toBe(200);
    await clear(a);
    const [agreement] = await t.database.db
      .select()
      .from(waiverAgreements)
      .where(and(eq(waiverAgreements.restrictionId, waiverId), eq(waiverAgreements.userId, aId)))
      .orderBy(sql`${waiverAgreements.id} DESC`)
      .limit(1);
    expect(agreement?.expiresAt?.getTime()).toBe(agreement!.agreedAt.getTime() + 30 * 86_400_000);
    expect((await programmeAt(t, 'courses', a)).occurrences[0].restrictions).toBeNull();
    // Thirty-one days later the agreement has run out: the waiver is asked for again.
    await t.database.db
      .update(waiverAgreements)
      .set({
        agreedAt: sql`${waiverAgreements.agreedAt} - interval '31 days'`,
        expiresAt: sql`${waiverAgreements.expiresAt} - interval '31 days'`,
      })
      .where(eq(waiverAgreements.id, agreement!.id));
    expect((await programmeAt(t, 'courses', a)).occurrences[0].restrictions.pre_purchase_waiver.id).toBe(waiverId);
    expect((await add(a, [courseItem(course2)])).statusCode).toBe(422);
  });

  it('is agreed for the attendee when a parent books for a linked child', async () => {
    const forSam = dataOf(
      await t.request({ method: 'GET', url: `/api/v1/activities/courses?venue_slugs=harrogate&selected_user_id=${samId}`, as: a }),
    )[0];
    expect(forSam.occurrences[0].restrictions.pre_purchase_waiver.id).toBe(waiverId);
    const res = await add(a, [courseItem(forSam, { purchased_for_user_id: samId, activity_restriction_ids: [waiverId] })]);
    expect(res.statusCode).toBe(200);
    const [agreement] = await t.database.db
      .select()
      .from(waiverAgreements)
      .where(and(eq(waiverAgreements.restrictionId, waiverId), eq(waiverAgreements.userId, samId)));
    expect(agreement?.agreedByUserId).toBe(aId);
    // Sam's course is in Alex's basket: reserved for Sam.
    const again = dataOf(
      await t.request({ method: 'GET', url: `/api/v1/activities/courses/${forSam.id}?selected_user_id=${samId}`, as: a }),
    );
    expect(again.bookable_action).toEqual({ action: 'cancel_reservation', message: null });
    await clear(a);
  });
});

describe('an induction', () => {
  const gymOn = async (as: string | undefined, day: string, hour: string, activity = 'gym-session') =>
    (await sessionsOf(t, activity, as, day)).find((o: Json) => o.starts_at.format_24_hour === hour);

  it('refuses a gym session until the gym induction is booked, and only for sessions after it', async () => {
    const induction = await gymOn(b, inDays(2), '08:00', 'gym-induction');
    const before = await gymOn(b, inDays(1), '18:00');
    const after = await gymOn(b, inDays(2), '10:00');
    expect(after.restrictions.pre_purchase_induction).toMatchObject({
      name: 'Gym induction',
      type: 'pre-purchase-induction',
      related_category: { slug: 'gym-induction', name: 'Gym induction' },
    });
    const refused = await add(b, [{ id: after.id, type: 'purchasableOccurrence' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'induction_required',
      message: 'You need to book Gym induction before you can book this.',
    });

    // Booking the induction in a basket is not enough: it has to be booked (paid).
    expect((await add(b, [{ id: induction.id, type: 'purchasableOccurrence' }])).statusCode).toBe(200);
    expect((await add(b, [{ id: after.id, type: 'purchasableOccurrence' }])).statusCode).toBe(409);
    expect((await payBasket(t, b)).complete.statusCode).toBe(200);

    expect((await gymOn(b, inDays(2), '10:00')).restrictions).toBeNull();
    expect((await gymOn(b, inDays(1), '18:00')).restrictions.pre_purchase_induction.name).toBe('Gym induction');
    expect((await add(b, [{ id: before.id, type: 'purchasableOccurrence' }])).statusCode).toBe(409);
    expect((await add(b, [{ id: after.id, type: 'purchasableOccurrence' }])).statusCode).toBe(200);
    await clear(b);
  });

  it('stops counting when the customer is marked absent from it', async () => {
    const { bookings } = await import('../../db/schema');
    await t.database.db
      .update(bookings)
      .set({ attended: 'absent' })
      .where(and(eq(bookings.userId, await idOf(b)), eq(bookings.status, 'settled')));
    expect((await gymOn(b, inDays(2), '10:00')).restrictions.pre_purchase_induction.name).toBe('Gym induction');
    await t.database.db
      .update(bookings)
      .set({ attended: null })
      .where(eq(bookings.userId, await idOf(b)));
  });
});

const idOf = async (as: string): Promise<number> => dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as })).id;

describe('post-purchase waivers, per attendee', () => {
  let camp: Json;
  let consentId: number;

  it('are counted on the basket for each child booked', async () => {
    await clear(a);
    camp = await programmeAt(t, 'camps', a, 'Summer multi-sport camp');
    const res = await add(a, [{ id: camp.id, type: 'camp', booking_full_camp: true, purchased_for_user_id: samId }]);
    expect(res.statusCode).toBe(200);
    const basket = dataOf(res);
    expect(basket.attendee_waivers_required).toBe(1);
    expect(basket.attendee_waivers).toEqual([
      {
        restriction_id: expect.any(Number),
        name: 'Holiday camp consent form',
        type: 'post-purchase-waiver',
        user_id: samId,
        first_name: 'Sam',
        last_name: 'Morgan',
        cart_item_ids: [basket.items[0].id],
      },
    ]);
    consentId = basket.attendee_waivers[0].restriction_id;
  });

  it("refuse to take payment until they are agreed, with the spec's message, and nothing is charged", async () => {
    const { authorise } = await payBasket(t, a);
    expect(authorise.statusCode).toBe(422);
    expect(authorise.json()).toMatchObject({
      code: 'waivers_incomplete',
      message: 'Error with waivers, unable to complete order, please try again',
    });
  });

  it('list the people who can be signed for, and take the agreement for a linked child', async () => {
    const url = `/api/activities/${consentId}/question-waivers/previous-attendees`;
    const people = dataOf(await t.request({ method: 'GET', url, as: a }));
    expect(people.map((p: Json) => [p.first_name, p.required, p.waiver_current])).toEqual([
      ['Alex', false, false],
      ['Sam', true, false],
    ]);
    expect(people[1]).toMatchObject({ occurrence: { name: 'Summer multi-sport camp' }, id: null, created_at: null });
    expect(dataOf(await t.request({ method: 'GET', url: `${url}?query=sam`, as: a })).map((p: Json) => p.first_name)).toEqual(['Sam']);

    // Not an agreeable waiver, nobody they may sign for, or not ticked: refused.
    const post = (as: string, payload: Json) => t.request({ method: 'POST', url: '/api/activities/question-waivers', as, payload });
    const [gym] = dataOf(await t.request({ method: 'GET', url: '/api/v1/activities/restrictions?search=Gym', as: staffAs }));
    expect((await post(a, { waivers: [{ restriction_id: gym.id, user_id: samId, agreed: true }] })).json().errors).toEqual({
      'waivers.0.restriction_id': ['This is not a waiver that can be agreed to.'],
    });
    expect((await post(b, { waivers: [{ restriction_id: consentId, user_id: samId, agreed: true }] })).statusCode).toBe(404);
    expect((await post(a, { waivers: [{ restriction_id: consentId, user_id: samId, agreed: false }] })).statusCode).toBe(422);

    const saved = await post(a, { waivers: [{ restriction_id: consentId, user_id: samId, agreed: true }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Thank you, your agreement has been saved.');
    const [agreement] = dataOf(saved);
    expect(agreement).toMatchObject({
      restriction_id: consentId,
      user_id: samId,
      agreed_by_user_id: aId,
      terms_version: 1,
      expires_at: null,
    });
    const basket = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: a }));
    expect(basket.attendee_waivers_required).toBe(0);

    // Another customer's agreement cannot stand in for this basket's.
    const bsOwn = dataOf(await post(b, { waivers: [{ restriction_id: consentId, user_id: await idOf(b), agreed: true }] }))[0];
    expect((await payBasket(t, a, { completedWaivers: [bsOwn.id] })).authorise.statusCode).toBe(422);

    const { complete } = await payBasket(t, a, { completedWaivers: [agreement.id] });
    expect(complete.statusCode).toBe(200);
    const people2 = dataOf(await t.request({ method: 'GET', url, as: a }));
    expect(people2[1]).toMatchObject({ id: agreement.id, waiver_current: true, required: false });
  });
});

describe('two waivers gating one course: the category one and the course one', () => {
  it('lists every waiver still to agree, names each one refused, and takes the add once both are agreed', async () => {
    const { db } = t.database;
    const shop = await northfieldShop(db);
    const [carol] = await newCustomers(db, shop, 1, 'twowaivers');
    const as = carol!.cookie;
    const course = await programmeAt(t, 'courses', as);
    const [conduct] = await db
      .insert(restrictions)
      .values({ clientId: shop.clientId, name: 'Pool code of conduct', type: 'pre-purchase-waiver', terms: '<p>Walk, do not run.</p>' })
      .returning();
    await db.insert(scheduleRestrictions).values({ scheduleId: course.id, restrictionId: conduct!.id });
    try {
      const gated = await programmeAt(t, 'courses', as);
      const { pre_purchase_waiver: first, pre_purchase_waivers: all } = gated.occurrences[0].restrictions;
      // The course's own first, then its category's; doc 2's single field keeps the first.
      expect(all.map((w: Json) => w.name)).toEqual(['Pool code of conduct', 'Swimming lessons safety waiver']);
      expect(first.id).toBe(all[0].id);
      const ids = all.map((w: Json) => w.id);

      const none = await add(as, [courseItem(gated)]);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors['items.0.activity_restriction_ids']).toEqual([
        'Please agree to Pool code of conduct before booking.',
        'Please agree to Swimming lessons safety waiver before booking.',
      ]);
      const one = await add(as, [courseItem(gated, { activity_restriction_ids: [ids[0]] })]);
      expect(one.json().errors['items.0.activity_restriction_ids']).toEqual([
        'Please agree to Swimming lessons safety waiver before booking.',
      ]);
      const both = await add(as, [courseItem(gated, { activity_restriction_ids: ids })]);
      expect(both.statusCode).toBe(200);
      const agreed = await db.select().from(waiverAgreements).where(eq(waiverAgreements.userId, carol!.id));
      expect(agreed.map((w) => w.restrictionId).sort()).toEqual([...ids].sort());
      await clear(as);
    } finally {
      await db.delete(scheduleRestrictions).where(eq(scheduleRestrictions.restrictionId, conduct!.id));
    }
  });
});

describe('checkout looks at the pre-purchase gate again before money moves', () => {
  const gymAt = async (as: string, day: string, hour: string, activity = 'gym-session') =>
    (await sessionsOf(t, activity, as, day)).find((o: Json) => o.starts_at.format_24_hour === hour);

  it('refuses a gym session whose induction booking was cancelled while it waited in the basket', async () => {
    const { db } = t.database;
    const [dana] = await newCustomers(db, await northfieldShop(db), 1, 'recheck');
    const as = dana!.cookie;
    const induction = await gymAt(as, inDays(2), '08:00', 'gym-induction');
    expect((await add(as, [{ id: induction.id, type: 'purchasableOccurrence' }])).statusCode).toBe(200);
    expect((await payBasket(t, as)).complete.statusCode).toBe(200);
    const session = await gymAt(as, inDays(2), '10:00');
    expect((await add(as, [{ id: session.id, type: 'purchasableOccurrence' }])).statusCode).toBe(200);
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(bookings.userId, dana!.id), eq(bookings.occurrenceId, induction.id)));
    const { authorise } = await payBasket(t, as);
    expect(authorise.statusCode).toBe(409);
    expect(authorise.json()).toMatchObject({
      code: 'induction_required',
      message: 'You need to book Gym induction before you can book this.',
    });
    await clear(as);
  });

  it('refuses a session whose waiver terms changed while it waited, until it is booked again with the new terms agreed', async () => {
    const { db } = t.database;
    const [erin] = await newCustomers(db, await northfieldShop(db), 1, 'terms');
    const as = erin!.cookie;
    const course = await programmeAt(t, 'courses', as);
    const waiverId = course.occurrences[0].restrictions.pre_purchase_waiver.id;
    const added = await add(as, [courseItem(course, { activity_restriction_ids: [waiverId] })]);
    expect(added.statusCode).toBe(200);
    const line = dataOf(added).items[0].id;
    await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/restrictions/${waiverId}`,
      as: staffAs,
      payload: { terms: '<p>Terms changed while the basket waited.</p>' },
    });
    const { authorise } = await payBasket(t, as);
    expect(authorise.statusCode).toBe(422);
    expect(authorise.json().errors).toEqual({
      [`items.${line}.activity_restriction_ids`]: ['Please agree to Swimming lessons safety waiver before booking.'],
    });
    await clear(as);
    const again = await programmeAt(t, 'courses', as);
    expect((await add(as, [courseItem(again, { activity_restriction_ids: [waiverId] })])).statusCode).toBe(200);
    expect((await payBasket(t, as)).complete.statusCode).toBe(200);
  });
});
