import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, occurrences, tills } from '../../db/schema';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, waiverIdsOf } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let desk: string;
let customer: string;
let customerId: number;
let samId: number;
let till: string;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.sessionFor(staff.email);
  customer = await t.sessionFor(demo.email);
  customerId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: customer })).id;
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: customer }))[0].referenced_user.id;
  const [row] = await t.database.db
    .select({ id: tills.id })
    .from(tills)
    .where(eq(tills.clientId, await t.clientId('northfield')));
  till = String(row?.id);
  await t.request({ method: 'POST', url: `/api/staff/tills/${till}/open`, as: desk, payload: { float: 0 } });
});
afterAll(() => t.close());

/** A Harrogate course or camp as the desk sees it for one person (their restrictions, the desk's places). */
async function programmeFor(kind: 'courses' | 'camps', userId: number): Promise<Json> {
  const url = `/api/v1/activities/${kind}?venue_slugs=harrogate&source=foh&selected_user_id=${userId}`;
  const [first] = dataOf(await t.request({ method: 'GET', url, as: desk }));
  if (!first) throw new Error(`no ${kind} at harrogate`);
  return dataOf(
    await t.request({ method: 'GET', url: `/api/v1/activities/${kind}/${first.slug}?source=foh&selected_user_id=${userId}`, as: desk }),
  );
}

const addAtDesk = (item: Json) =>
  t.request({ method: 'POST', url: '/api/checkout/cart/add', as: desk, payload: { selected_user_id: customerId, items: [item] } });

const fohTaken = async (ids: string[]) =>
  (await t.database.db.select({ id: occurrences.id, foh: occurrences.consumedFoh }).from(occurrences).where(inArray(occurrences.id, ids)))
    .sort((x, y) => x.id.localeCompare(y.id))
    .map((o) => o.foh);

describe('courses and camps booked at the desk (issue 15, item 3; decision 260)', () => {
  it("books a course for the customer, with their answers and the waiver they agreed at the desk, from the desk's share, paid at the till as foh", async () => {
    const course = await programmeFor('courses', customerId);
    const ids: string[] = course.occurrences.map((o: Json) => o.id);
    const before = await fohTaken(ids);
    const added = await addAtDesk({
      id: course.id,
      type: 'course',
      quantity: 1,
      custom_question_answers: answersFor(course),
      activity_restriction_ids: waiverIdsOf(course),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await fohTaken(ids)).toEqual(before.map((n) => n + 1));
    const cart = dataOf(await t.request({ method: 'GET', url: `/api/checkout/cart?selected_user_id=${customerId}`, as: desk }));
    const total = cart.total?.value ?? cart.items.reduce((s: number, i: Json) => s + i.total.value, 0);
    const paid = await t.request({
      method: 'POST',
      url: '/api/foh/checkout/pay',
      as: desk,
      payload: {
        selected_user_id: customerId,
        item_hash: cart.item_hash,
        payments: [{ tender_type: 'cash', amount: total }],
        till_id: till,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${dataOf(paid).complete_order_id}`, as: customer }));
    expect(order).toMatchObject({ source: 'foh', status: 'success' });
    const held = await t.database.db.select().from(bookings).where(inArray(bookings.occurrenceId, ids));
    const mine = held.filter((b) => b.userId === customerId);
    expect(mine.length).toBe(ids.length);
    expect(mine.every((b) => b.status === 'settled')).toBe(true);
  });

  it("puts one camp day for the customer's linked user in the customer's basket, from the desk's share", async () => {
    const camp = await programmeFor('camps', samId);
    const day = camp.occurrences[0].id;
    const [before] = await fohTaken([day]);
    const added = await addAtDesk({
      id: camp.id,
      type: 'camp',
      quantity: 1,
      purchased_for_user_id: samId,
      booking_full_camp: false,
      camp_occurrence_ids: [day],
      custom_question_answers: answersFor(camp),
      activity_restriction_ids: waiverIdsOf(camp),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await fohTaken([day])).toEqual([(before ?? 0) + 1]);
    const cart = dataOf(await t.request({ method: 'GET', url: `/api/checkout/cart?selected_user_id=${customerId}`, as: desk }));
    expect(cart.items.map((i: Json) => i.name)).toContain(camp.name);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.occurrenceId, day));
    expect(booking?.userId).toBe(samId);
  });
});
