import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, customersAAndB, dayOf, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let a: string;
let bId: number;
let samId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, bId } = await customersAAndB(t));
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: a }))[0].referenced_user.id;
});
afterAll(() => t.close());

const day = (date: string, query = '') =>
  t.request({ method: 'GET', url: `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${date}${query}`, as: a });

describe('a timetable when booking for a linked user (decision 248)', () => {
  it("shows the linked user's sessions as theirs, not the customer's, and nobody else's", async () => {
    const spin = await openSpin(t, a);
    expect((await addToBasket(t, a, spin.id)).statusCode).toBe(200);
    const mine = dataOf(await day(dayOf(spin))).find((o: Json) => o.id === spin.id);
    const forSam = dataOf(await day(dayOf(spin), `&selected_user_id=${samId}`)).find((o: Json) => o.id === spin.id);
    // The customer holds the place; Sam does not, so Sam's view offers it to book.
    expect(mine.bookable_action.action).not.toBe('book');
    expect(forSam.bookable_action.action).toBe('book');
    // Someone the customer is not linked to: answered as if there were nobody (404), so ids cannot be probed.
    expect((await day(dayOf(spin), `&selected_user_id=${bId}`)).statusCode).toBe(404);
    const slots = await t.request({
      method: 'GET',
      url: `/api/activities/venue/harrogate/activity/spin/v2/slots?date=${dayOf(spin)}&selected_user_id=${bId}`,
      as: a,
    });
    expect(slots.statusCode).toBe(404);
    // The fast-ticket times say the same: the customer's own place, and for Sam a place to book.
    const times = (query = '') =>
      t.request({ method: 'GET', url: `/api/activities/venue/harrogate/activity/spin/v2/times?date=${dayOf(spin)}${query}`, as: a });
    const myTime = dataOf(await times()).find((x: Json) => x.id === spin.id);
    const samsTime = dataOf(await times(`&selected_user_id=${samId}`)).find((x: Json) => x.id === spin.id);
    expect(myTime.action_to_show.status).toBe(mine.bookable_action.action);
    expect(samsTime.action_to_show.status).toBe('book');
    expect((await times(`&selected_user_id=${bId}`)).statusCode).toBe(404);
  });
});
