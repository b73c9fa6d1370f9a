import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, membershipPlans, memberships, occurrences, packagePlans, packages, penalties, users } from '../../db/schema';
import { creditCustomer } from '../../seed/checkout';
import { demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

let t: TestApp;
let as: string;
let casey: string;
let northfield: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor(demo.email);
  casey = await t.sessionFor(creditCustomer.email);
  northfield = await t.clientId('northfield');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;
const add = (who: string, items: Record<string, unknown>[]) =>
  t.request({ method: 'POST', url: '/api/checkout/cart/add', as: who, payload: { items } });
const clear = (who: string) => t.request({ method: 'DELETE', url: '/api/checkout/cart', as: who });
const cartOf = async (who: string): Promise<Json> => dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: who }));
const consumed = async (id: string) =>
  (await t.database.db.select().from(occurrences).where(eq(occurrences.id, id)))[0]?.capacityConsumed ?? 0;
const get = async (url: string): Promise<Json> => dataOf(await t.request({ method: 'GET', url }));
const caseyId = async () =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, creditCustomer.email), eq(users.clientId, northfield)))
  )[0]!.id;

describe('courses and camps (av2_booking_bundle)', () => {
  it('adds a course as one bundle line holding a place on every session, with answers kept', async () => {
    const course = await programmeAt(t, 'courses', as);
    const before = await Promise.all(course.occurrences.map((o: Json) => consumed(o.id)));
    const answers = answersFor(course);
    const res = await add(as, [
      { id: course.id, type: 'course', custom_question_answers: answers, activity_restriction_ids: waiverIdsOf(course) },
    ]);
    expect(res.statusCode).toBe(200);
    const [line] = dataOf(res).items;
    expect(line).toMatchObject({
      kind: 'av2_booking_bundle',
      cartable_type: 'av2BookingBundle',
      name: course.name,
      quantity: 1,
      max_quantity: 1,
      expired: false,
      custom_question_answers: answers,
    });
    expect(line.price.value).toBe((course.pro_rata_price ?? course.price).value);
    expect(line.occurrence_ids).toHaveLength(course.occurrences.length);
    const after = await Promise.all(course.occurrences.map((o: Json) => consumed(o.id)));
    expect(after).toEqual(before.map((n) => n + 1));
    expect((await add(as, [{ id: course.id, type: 'course', custom_question_answers: answers }])).json().code).toBe('already_in_basket');
    await clear(as);
    expect(await Promise.all(course.occurrences.map((o: Json) => consumed(o.id)))).toEqual(before);
  });

  it('adds a whole camp with extras at the bundled price plus extras', async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    const lunch = camp.extras[0];
    const res = await add(as, [
      { id: camp.id, type: 'camp', booking_full_camp: true, extras: [{ pricing_option_id: lunch.id, quantity: 2 }] },
    ]);
    expect(res.statusCode).toBe(200);
    const [line] = dataOf(res).items;
    expect(line.price.value).toBe(camp.price.value + 2 * lunch.price.value);
    expect(line.extras).toEqual([{ pricing_option_id: lunch.id, name: 'Packed lunch', quantity: 2, price: lunch.price }]);
    // PUT changes the extras and the price follows; the basket's hash changes with it.
    const put = await t.request({
      method: 'PUT',
      url: `/api/checkout/cart/${line.id}`,
      as,
      payload: { extras: [{ pricing_option_id: lunch.id, quantity: 0 }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('Successfully updated item in the basket.');
    expect(dataOf(put).items[0].price.value).toBe(camp.price.value);
    expect(dataOf(put).item_hash).not.toBe(dataOf(res).item_hash);
    await clear(as);
  });

  it("merges the same extra named twice, and refuses it past the stepper's 10 (doc 2: extras 0 to 10)", async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    const lunch = camp.extras[0];
    const twice = (a: number, b: number) => [
      { pricing_option_id: lunch.id, quantity: a },
      { pricing_option_id: lunch.id, quantity: b },
    ];
    const over = await add(as, [{ id: camp.id, type: 'camp', booking_full_camp: true, extras: twice(6, 5) }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'items.0.extras.1.quantity': ['Must be at most 10'] });
    expect((await cartOf(as)).items).toHaveLength(0);
    const res = await add(as, [{ id: camp.id, type: 'camp', booking_full_camp: true, extras: twice(6, 4) }]);
    expect(res.statusCode).toBe(200);
    const [line] = dataOf(res).items;
    expect(line.extras).toEqual([{ pricing_option_id: lunch.id, name: 'Packed lunch', quantity: 10, price: lunch.price }]);
    expect(line.price.value).toBe(camp.price.value + 10 * lunch.price.value);
    // The same on PUT.
    const put = await t.request({ method: 'PUT', url: `/api/checkout/cart/${line.id}`, as, payload: { extras: twice(10, 1) } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ 'extras.1.quantity': ['Must be at most 10'] });
    await clear(as);
  });

  it("takes doc 2's purchasable_id and purchasable_type as well as id and type, and refuses an item naming two things", async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    const ids = camp.occurrences.slice(0, 2).map((o: Json) => o.id);
    const res = await add(as, [
      { purchasable_id: camp.id, purchasable_type: 'camp', quantity: 1, booking_full_camp: false, camp_occurrence_ids: ids },
    ]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({ kind: 'av2_booking_bundle', name: camp.name, occurrence_ids: ids });
    await clear(as);
    // Both forms at once must agree; neither is no item at all.
    const same = await add(as, [
      { id: camp.id, purchasable_id: String(camp.id), type: 'camp', purchasable_type: 'camp', booking_full_camp: true },
    ]);
    expect(same.statusCode).toBe(200);
    await clear(as);
    const two = await add(as, [
      { id: camp.id, purchasable_id: camp.id + 1, type: 'camp', purchasable_type: 'course', booking_full_camp: true },
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json().errors).toEqual({
      'items.0.purchasable_id': ['Must be the same as id.'],
      'items.0.purchasable_type': ['Must be the same as type.'],
    });
    const none = await add(as, [{ quantity: 1 }]);
    expect(none.json().errors).toEqual({ 'items.0.id': ['Required'], 'items.0.type': ['Required'] });
    // A course named the spec's way is refused on the same rules as any course.
    const course = await get('/api/v1/activities/courses?venue_slugs=harrogate');
    const refused = await add(as, [
      { purchasable_id: course[0].id, purchasable_type: 'course', extras: [{ pricing_option_id: 1, quantity: 11 }] },
    ]);
    expect(refused.json().errors['items.0.extras.0.quantity']).toEqual(['Must be at most 10']);
    expect((await cartOf(as)).items).toHaveLength(0);
  });

  it('adds chosen camp sessions at the individual price each', async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    const ids = camp.occurrences.slice(0, 2).map((o: Json) => o.id);
    const res = await add(as, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: ids }]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({ price: { value: 2 * 2200 }, occurrence_ids: ids });
    await clear(as);
  });

  it('refuses camp sessions that are not part of the camp, and unknown extras, with field messages', async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    const other = await add(as, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: ['oc_nope'] }]);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['items.0.camp_occurrence_ids']).toEqual(['The selected session is not part of this camp.']);
    const extra = await add(as, [
      { id: camp.id, type: 'camp', booking_full_camp: true, extras: [{ pricing_option_id: 999999, quantity: 1 }] },
    ]);
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors['items.0.extras']).toEqual(['The selected extra is invalid.']);
    expect((await cartOf(as)).items).toHaveLength(0);
  });

  it('refuses a session of a course added on its own, with the words of the catalogue', async () => {
    const [course] = await get('/api/v1/activities/courses?venue_slugs=harrogate');
    const res = await add(as, [{ id: course.occurrences[0].id, type: 'purchasableOccurrence' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.0.type']).toEqual(['Courses and camps are added as a course or a camp.']);
    expect((await cartOf(as)).items).toHaveLength(0);
  });

  it('refuses a camp added as a course (404) and extras changed on a line that is not a course or camp (422)', async () => {
    const [camp] = await get('/api/v1/activities/camps?venue_slugs=harrogate');
    expect((await add(as, [{ id: camp.id, type: 'course' }])).statusCode).toBe(404);
    const spin = dataOf(await add(as, [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }])).items[0];
    const put = await t.request({
      method: 'PUT',
      url: `/api/checkout/cart/${spin.id}`,
      as,
      payload: { extras: [{ pricing_option_id: 1, quantity: 1 }] },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.extras).toEqual(['Extras and answers can only be changed for courses and camps.']);
    await clear(as);
  });
});

describe('quantity', () => {
  it('accepts at least 1 and at most the max quantity on PUT, refusing 0 with the rule message', async () => {
    const line = dataOf(await add(as, [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }])).items[0];
    const zero = await t.request({ method: 'PUT', url: `/api/checkout/cart/${line.id}`, as, payload: { quantity: 0 } });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.quantity).toEqual(['Must be at least 1']);
    const two = await t.request({ method: 'PUT', url: `/api/checkout/cart/${line.id}`, as, payload: { quantity: 2 } });
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.quantity).toEqual(['Must be at most 1']);
    const one = await t.request({ method: 'PUT', url: `/api/checkout/cart/${line.id}`, as, payload: { quantity: 1 } });
    expect(one.statusCode).toBe(200);
    const missing = await t.request({ method: 'PUT', url: '/api/checkout/cart/999999', as, payload: { quantity: 1 } });
    expect(missing.statusCode).toBe(404);
    await clear(as);
  });

  it('lets packages (pricing_option) be bought several at a time', async () => {
    const [plan] = await t.database.db.select().from(packagePlans).where(eq(packagePlans.clientId, northfield));
    const res = await add(as, [{ id: plan!.id, type: 'pricingOption', quantity: 3 }]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({ kind: 'pricing_option', quantity: 3, max_quantity: 10, line_total: { value: 3 * 4500 } });
    expect(dataOf(res).totals).toMatchObject({ total: 13500, formatted_total: '£135.00', item_count: 1 });
    await clear(as);
  });
});

describe('account items', () => {
  it('adds an outstanding penalty once, and refuses one already paid', async () => {
    const id = await caseyId();
    const [p] = await t.database.db.select().from(penalties).where(eq(penalties.userId, id));
    const res = await add(casey, [{ id: p!.id, type: 'penalty' }]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({ kind: 'penalty', name: 'No-show fee', price: { formatted: '£5.00' } });
    expect((await add(casey, [{ id: p!.id, type: 'penalty' }])).json().code).toBe('already_in_basket');
    // Someone else's penalty is not found.
    expect((await add(as, [{ id: p!.id, type: 'penalty' }])).statusCode).toBe(404);
    await clear(casey);
    await t.database.db.update(penalties).set({ status: 'paid' }).where(eq(penalties.id, p!.id));
    const paid = await add(casey, [{ id: p!.id, type: 'penalty' }]);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This penalty has already been paid.');
    await t.database.db.update(penalties).set({ status: 'outstanding' }).where(eq(penalties.id, p!.id));
  });

  it('adds a membership renewal with the membership fields (membership_id, membership_type, home_venue)', async () => {
    const [m] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, await caseyId()));
    const res = await add(casey, [{ id: m!.id, type: 'membershipRenewal' }]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({
      kind: 'membership_renewal',
      cartable_type: 'membershipRenewal',
      membership_id: m!.id,
      membership_type: 'Monthly Flex',
      home_venue: { slug: 'harrogate' },
      price: { value: 3000 },
    });
    await clear(casey);
  });

  it('adds a new membership for someone without one, and a membership change for a member', async () => {
    const plans = await t.database.db.select().from(membershipPlans).where(eq(membershipPlans.clientId, northfield));
    const gold = plans.find((p) => p.name === 'Annual Gold')!;
    // The demo customer is a member (the account seed); one of the demo's other customers is not.
    const newcomer = await t.sessionFor('member1@example.invalid');
    const joined = await add(newcomer, [{ id: gold.id, type: 'membership' }]);
    expect(joined.statusCode).toBe(200);
    expect(dataOf(joined).items[0]).toMatchObject({
      kind: 'membership',
      membership_type: 'Annual Gold',
      cartable_resource: { new_membership: true },
    });
    await clear(newcomer);
    expect((await add(casey, [{ id: gold.id, type: 'membership' }])).json().code).toBe('already_member');
    expect((await add(newcomer, [{ id: gold.id, type: 'membershipChange' }])).json().code).toBe('no_membership');
    const change = await add(casey, [{ id: gold.id, type: 'membershipChange' }]);
    expect(change.statusCode).toBe(200);
    expect(dataOf(change).items[0]).toMatchObject({ kind: 'membership_change', membership_type: 'Annual Gold', price: { value: 30000 } });
    const flex = plans.find((p) => p.name === 'Monthly Flex')!;
    expect((await add(casey, [{ id: flex.id, type: 'membershipChange' }])).json().code).toBe('same_plan');
    await clear(casey);
  });

  it('adds a credit top-up (journal_transaction) of the amount asked, which is required', async () => {
    const res = await add(as, [{ id: 'top-up', type: 'journalTransaction', amount: 2500 }]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items[0]).toMatchObject({ kind: 'journal_transaction', price: { formatted: '£25.00' } });
    await clear(as);
    const missing = await add(as, [{ id: 'top-up', type: 'journalTransaction' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['items.0.amount']).toEqual(['Required']);
  });

  it('refuses quantity above 1 for anything but packages, and purchased_for_user_id naming nobody of this client', async () => {
    const spin = (await openSpin(t, as)).id;
    const two = await add(as, [{ id: spin, type: 'purchasableOccurrence', quantity: 2 }]);
    expect(two.json().errors['items.0.quantity']).toEqual(['Must be at most 1']);
    const nobody = await add(as, [{ id: spin, type: 'purchasableOccurrence', purchased_for_user_id: 999999 }]);
    expect(nobody.statusCode).toBe(404);
    expect((await cartOf(as)).items).toHaveLength(0);
  });
});

describe('benefits and packages', () => {
  it("applies a member's activity discount as a benefit, which DELETE benefit removes", async () => {
    await clear(casey);
    const [flex] = await t.database.db
      .select()
      .from(membershipPlans)
      .where(and(eq(membershipPlans.clientId, northfield), eq(membershipPlans.name, 'Monthly Flex')));
    await t.database.db.update(membershipPlans).set({ activityDiscountPercent: 20 }).where(eq(membershipPlans.id, flex!.id));
    try {
      const added = dataOf(await add(casey, [{ id: (await openSpin(t, casey)).id, type: 'purchasableOccurrence' }]));
      expect(added.items[0].price).toMatchObject({ value: 520, benefit_applied: true, package_applied: false });
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/activities/benefit/remove/${added.items[0].id}?source=activity-booking`,
        as: casey,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe('Successfully removed benefit.');
      expect(dataOf(removed).items[0].price).toMatchObject({ value: 650, benefit_applied: false });
      expect(dataOf(removed).item_hash).not.toBe(added.item_hash);
    } finally {
      await t.database.db.update(membershipPlans).set({ activityDiscountPercent: 0 }).where(eq(membershipPlans.id, flex!.id));
      await clear(casey);
    }
  });

  it('lets a package with a use left pay for a session, one line per use, and spends the use when paid', async () => {
    await clear(casey);
    const [plan] = await t.database.db
      .insert(packagePlans)
      .values({ clientId: northfield, name: 'Any class, 1 use', price: 600, uses: 1, validDays: 30 })
      .returning();
    const [pkg] = await t.database.db
      .insert(packages)
      .values({
        clientId: northfield,
        userId: await caseyId(),
        planId: plan!.id,
        usesRemaining: 1,
        expiresAt: new Date(Date.now() + 86_400_000 * 30),
      })
      .returning();
    const first = dataOf(await add(casey, [{ id: (await openSpin(t, casey)).id, type: 'purchasableOccurrence' }]));
    expect(first.items[0].price).toMatchObject({ value: 0, package_applied: true });
    // Its one use is spoken for by that line: a second session is added at its price.
    const both = dataOf(await add(casey, [{ id: (await openSpin(t, casey)).id, type: 'purchasableOccurrence' }]));
    expect(both.items.map((i: { price: { package_applied: boolean } }) => i.price.package_applied).sort()).toEqual([false, true]);
    const removed = await t.request({ method: 'DELETE', url: `/api/activities/package/remove/${first.items[0].id}`, as: casey });
    expect(removed.json().message).toBe('Successfully removed package usage.');
    expect(dataOf(removed).items.find((i: { id: number }) => i.id === first.items[0].id).price).toMatchObject({
      value: 650,
      package_applied: false,
    });
    await clear(casey);

    const again = dataOf(await add(casey, [{ id: (await openSpin(t, casey)).id, type: 'purchasableOccurrence' }]));
    expect(again.totals.total).toBe(0);
    const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as: casey }));
    const auth = dataOf(
      await t.request({
        method: 'POST',
        url: '/api/checkout/authorise',
        as: casey,
        payload: { item_hash: session.item_hash, terms: true },
      }),
    );
    expect(auth.transaction_status).toBe('authorised');
    const done = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as: casey,
      payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
    });
    expect(done.statusCode).toBe(200);
    const [used] = await t.database.db.select().from(packages).where(eq(packages.id, pkg!.id));
    expect(used?.usesRemaining).toBe(0);
  });
});

describe('buying for someone else', () => {
  it('accepts exactly 1 with purchased_for_user_id: the place is held for that person', async () => {
    // The demo customer may book for Sam, their accepted linked user (the account seed), and not for Casey.
    const [sam] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'sam.morgan@example.invalid'), eq(users.clientId, northfield)));
    const spin = (await openSpin(t, as)).id;
    const forCasey = await add(as, [{ id: spin, type: 'purchasableOccurrence', quantity: 1, purchased_for_user_id: await caseyId() }]);
    expect(forCasey.statusCode).toBe(404);
    const forSam = await add(as, [{ id: spin, type: 'purchasableOccurrence', quantity: 1, purchased_for_user_id: sam!.id }]);
    expect(forSam.statusCode).toBe(200);
    expect(dataOf(forSam).items[0].purchased_for_user_id).toBe(sam!.id);
    const [held] = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, spin), eq(bookings.userId, sam!.id), eq(bookings.status, 'reserved')));
    expect(held).toBeDefined();
    await clear(as);
  });
});

describe('the other basket calls', () => {
  it('adds and removes through /api/v1/users/{userId}/carts/{source}/items', async () => {
    const me = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as }));
    const spin = await openSpin(t, as);
    const added = await t.request({
      method: 'POST',
      url: `/api/v1/users/${me.id}/carts/activity-booking/items`,
      as,
      payload: { data: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] } },
    });
    expect(added.statusCode).toBe(200);
    const line = dataOf(added).items[0];
    expect((await cartOf(as)).items).toHaveLength(1);
    const someoneElse = await t.request({
      method: 'POST',
      url: `/api/v1/users/${me.id + 1}/carts/activity-booking/items`,
      as,
      payload: { data: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] } },
    });
    // Someone the customer is not linked to is not found (the accounts' acting-for rule).
    expect(someoneElse.statusCode).toBe(404);
    const removed = await t.request({ method: 'DELETE', url: `/api/v1/users/${me.id}/carts/activity-booking/items/${line.id}`, as });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Successfully removed item from the basket.');
    expect(dataOf(removed).items).toHaveLength(0);
  });

  it('lets staff add to a customer basket through the per-user path', async () => {
    const me = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as }));
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/users/${me.id}/carts/activity-booking/items`,
      as: await t.sessionFor(staff.email),
      payload: { data: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] } },
    });
    expect(res.statusCode).toBe(200);
    expect((await cartOf(as)).items).toHaveLength(1);
    await clear(as);
  });

  it('answers benefit and package removal for a line with none applied with 409, changing nothing', async () => {
    const line = dataOf(await add(as, [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }])).items[0];
    const benefit = await t.request({ method: 'DELETE', url: `/api/activities/benefit/remove/${line.id}?source=activity-booking`, as });
    expect(benefit.statusCode).toBe(409);
    expect(benefit.json().message).toBe('No benefit is applied to this item.');
    const pkg = await t.request({ method: 'DELETE', url: `/api/activities/package/remove/${line.id}`, as });
    expect(pkg.json().message).toBe('No package is applied to this item.');
    expect((await t.request({ method: 'DELETE', url: '/api/activities/package/remove/999999', as })).statusCode).toBe(404);
    await clear(as);
  });
});
